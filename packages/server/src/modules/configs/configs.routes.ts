// Configs: GET /configs (HOCON text or JSON by Accept), PUT /configs (HOCON text, load.ts), GET|PUT /configs/global_zone, GET|PUT /configs/{root}
// for sys_topics, sysmon, alarm, log, broker, dashboard, hidden GET|PUT /configs/limiter, POST /configs_reset/{root}.
// A PUT validates everything first (400 BAD_REQUEST with hocon's error text, as EMQX's schema check of the body
// answers; nothing stored), then persists and applies live
// through the config service's 'change' event (mqtt → broker settings, sys_topics → $SYS publisher, limiter → accept gate).
// The `gateway` root (the loaded gateways) is the gateway core's: printed and applied through gateways/config-root.ts.
import type { ReplyOf } from '@mqdeck/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromRuleTexts, hoconMessage, jiffyOrder } from '../../contract/hocon-error';
import { route } from '../../contract/route';
import { routeSchema } from '../../contract/route-schema';
import { operation } from '../../contract/openapi';
import { numberErrors } from '../../contract/request-validator';
import { ApiError } from '../../errors';
import { getPath, isObject } from '../../config/tree';
import { shapeAt } from '../../config/validate';
import { toHocon } from './hocon';
import { HoconError, parseHocon } from './hocon-parse';
import { LoadRefused, planLoad } from './load';
import { PLAIN_ROOTS, ZONE_ROOTS, masked, rootErrors, unmasked, updateFailed } from './roots';
import { maskedCopy } from './secrets';
import { GATEWAY_ROOT, gatewayRootView, planGatewayRoot } from '../gateways/config-root';

type GlobalZone = ReplyOf<'/configs/global_zone', 'get', 200>;

/**
 * PUT bodies are only checked to be objects here: the root's own checks (rootErrors) answer 400 BAD_REQUEST
 * with hocon's error text, which a schema error would replace.
 */
const anyObject = { body: { type: 'object' } };

const isDocumented = (root: string): boolean => operation('put', `/configs/${root}`) !== undefined;

export default async function configsRoutes(app: FastifyInstance): Promise<void> {
  /**
   * One root the way GET shows it, secrets masked. The config service keeps each root checked against its schema
   * defaults (validateValue) and hands it out typed by the caller (config.get<T>), like every module reads it.
   */
  const read = <T>(root: string): T => maskedCopy(app.config.get<T>(root));
  const globalZone = (): GlobalZone => ({
    mqtt: read<GlobalZone['mqtt']>('mqtt'),
    flapping_detect: read<GlobalZone['flapping_detect']>('flapping_detect'),
    force_shutdown: read<GlobalZone['force_shutdown']>('force_shutdown'),
    force_gc: read<GlobalZone['force_gc']>('force_gc'),
    durable_sessions: read<GlobalZone['durable_sessions']>('durable_sessions'),
  });

  /** the contract's schema of one root: its own PUT /configs/{root} body, or its part of the global zone's */
  const contractOf = (root: string): unknown =>
    (ZONE_ROOTS as readonly string[]).includes(root)
      ? routeSchema('put', '/configs/global_zone').body?.properties?.[root]
      : isDocumented(root)
        ? routeSchema('put', `/configs/${root}`).body
        : undefined;

  /**
   * validates all roots, then stores them one by one (the validation makes the writes unable to fail). A refusal is
   * EMQX's: its schema check of the body (emqx_dashboard_swagger, check_schema) throws hocon's errors, answered as
   * 400 BAD_REQUEST with their JSON text; a root's own body is checked as `root` (`root.vm.busy_port`), the global
   * zone's roots by their names (`mqtt.max_qos_allowed`).
   */
  const updateRoots = async (roots: Record<string, unknown>, asRoot: boolean) => {
    const prepared = Object.entries(roots).map(([root, value]): [string, unknown] => [root, unmasked(app.config, root, value)]);
    const errors = prepared.flatMap(([root, value]) => {
      const own = rootErrors(app.config, root, value);
      // numbers the contract types as integers (1e308, 2.5) where the root's own rules have nothing to say
      const loose = numberErrors(contractOf(root), value, root).filter((e) => !own.some((o) => o.startsWith(e.slice(0, e.indexOf(':') + 1))));
      return [...loose, ...own];
    });
    if (errors.length) {
      const given = Object.fromEntries(prepared);
      const hocon = fromRuleTexts(errors, {
        valueAt: (path) => getPath(given, path),
        fieldsAt: (path) => {
          const shape = shapeAt(app.config.defaults, path);
          return isObject(shape) ? Object.keys(shape) : undefined;
        },
        rename: (path) => {
          if (!asRoot) return path;
          const [root] = Object.keys(roots);
          return path === root ? 'root' : path.startsWith(`${root}.`) ? `root${path.slice(root.length)}` : path;
        },
      });
      throw new ApiError(400, 'BAD_REQUEST', hoconMessage(hocon));
    }
    for (const [root, value] of prepared) await app.config.update(root, value);
  };

  route(app, 'get', '/configs/global_zone', { handler: async () => globalZone() });

  route(app, 'put', '/configs/global_zone', {
    schema: anyObject,
    handler: async (req) => {
      const body: Record<string, unknown> = req.body ?? {};
      const unknown = Object.keys(body).filter((k) => !ZONE_ROOTS.some((root) => root === k));
      if (unknown.length) throw updateFailed(`unknown global zone keys: ${unknown.join(', ')} (expected ${ZONE_ROOTS.join(', ')})`);
      await updateRoots(body, false);
      return globalZone();
    },
  });

  // hidden in EMQX 5.8 (its console's listener zone picker): the custom zones by name, each with the values it sets
  // itself (the `zones` root, which GET /configs does not show: a hidden root, not a `key` the contract allows)
  route(app, 'get', '/configs/zones', { schema: {}, handler: async () => read<Record<string, Record<string, unknown>>>('zones') });

  // one GET and one PUT per root (PLAIN_ROOTS); PUT answers the stored root
  route(app, 'get', '/configs/sys_topics', { handler: async () => read('sys_topics') });
  route(app, 'put', '/configs/sys_topics', { schema: anyObject, handler: async (req) => putRoot('sys_topics', req.body) });
  route(app, 'get', '/configs/sysmon', { handler: async () => read('sysmon') });
  route(app, 'put', '/configs/sysmon', { schema: anyObject, handler: async (req) => putRoot('sysmon', req.body) });
  route(app, 'get', '/configs/alarm', { handler: async () => read('alarm') });
  route(app, 'put', '/configs/alarm', { schema: anyObject, handler: async (req) => putRoot('alarm', req.body) });
  route(app, 'get', '/configs/log', { handler: async () => read('log') });
  route(app, 'put', '/configs/log', { schema: anyObject, handler: async (req) => putRoot('log', req.body) });
  route(app, 'get', '/configs/broker', { handler: async () => read('broker') });
  route(app, 'put', '/configs/broker', { schema: anyObject, handler: async (req) => putRoot('broker', req.body) });
  route(app, 'get', '/configs/dashboard', { handler: async () => read('dashboard') });
  route(app, 'put', '/configs/dashboard', { schema: anyObject, handler: async (req) => putRoot('dashboard', req.body) });
  // hidden from EMQX's swagger (API.md §3.15): no contract schema for the GET
  route(app, 'get', '/configs/limiter', { schema: {}, handler: async () => read('limiter') });
  route(app, 'put', '/configs/limiter', { schema: anyObject, handler: async (req) => putRoot('limiter', req.body) });

  async function putRoot<T>(root: string, body: unknown): Promise<T> {
    await updateRoots({ [root]: body }, true);
    return read<T>(root);
  }

  route(app, 'get', '/configs', {
    handler: async (req, reply) => {
      const format = acceptFormat(req);
      const key = req.query?.key;
      // hidden `node` (EMQX's v1/v2 readers): this node only; any other name is 404 as an unknown node is in EMQX
      const node = (req.query as { node?: unknown } | undefined)?.node;
      if (node !== undefined && node !== app.nodeName) throw new ApiError(404, 'NOT_FOUND', `Bad node ${erlangAtom(String(node))}, reason not found`);
      // the loaded gateways (EMQX's `gateway` root) live in the gateway core, not in the config service
      if (key === GATEWAY_ROOT && format === 'text') return sendText(reply, toHocon({ gateway: gatewayRootView(app.gateways) }));
      if (key !== undefined && app.config.get(key) === undefined) throw new ApiError(404, 'NOT_FOUND', `Config ${key} not found on this node`);
      if (format === 'json') {
        const roots: string[] = key !== undefined ? [key] : [...PLAIN_ROOTS];
        return Object.fromEntries(roots.map((root) => [root, masked(root, app.config.get(root))]));
      }
      // `zones` is one of EMQX's hidden roots (emqx_conf_cli:hidden_roots): not in the dump
      const roots = key !== undefined ? [key] : Object.keys(app.config.all()).filter((root) => root !== 'zones');
      const gateways = key === undefined ? gatewayRootView(app.gateways) : {};
      const all = Object.fromEntries(roots.map((root) => [root, masked(root, app.config.get(root))]));
      return sendText(reply, toHocon(Object.keys(gateways).length ? { ...all, [GATEWAY_ROOT]: gateways } : all));
    },
  });

  route(app, 'put', '/configs', {
    // the body is HOCON text (text/plain), so only the query string comes from the contract
    schema: ({ querystring }) => ({ querystring }),
    handler: async (req, reply) => {
      const text: unknown = req.body; // the text/plain parser's string; the document types no JSON body
      if (typeof text !== 'string') throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'content-type:text/plain Required');
      // a refusal is EMQX's: 400, text/plain, the JSON text {"errors": …} (emqx_mgmt_api_configs:configs(put))
      // (the contract types a {code, message} 400, which EMQX's own handler does not send)
      const refuse = (errors: unknown) =>
        (reply as FastifyReply)
          .code(400)
          .type('text/plain; charset=utf-8')
          .send(JSON.stringify(jiffyOrder({ errors })));
      let doc: Record<string, unknown>;
      try {
        doc = parseHocon(text);
      } catch (err) {
        if (err instanceof HoconError) return refuse({ line: err.line, reason: err.message, type: err.type });
        throw err;
      }
      const mode = req.query?.mode ?? 'merge';
      // a `gateway {…}` block goes to the gateway core; everything is checked before any root is stored
      const { [GATEWAY_ROOT]: gateway, ...rest } = doc;
      let changes: [string, unknown][] = [];
      let byRoot: Record<string, unknown> = {};
      try {
        changes = planLoad(app.config, rest, { mode, ignoreReadonly: req.query?.ignore_readonly === true });
      } catch (err) {
        if (!(err instanceof LoadRefused)) throw err;
        if (typeof err.errors === 'string') return refuse(err.errors);
        byRoot = err.errors;
      }
      let applyGateways: (() => Promise<void>) | undefined;
      try {
        applyGateways = gateway === undefined ? undefined : planGatewayRoot(app.gateways, gateway, mode);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        byRoot[GATEWAY_ROOT] = err.message;
      }
      if (Object.keys(byRoot).length) return refuse(byRoot);
      for (const [root, value] of changes) await app.config.update(root, value);
      await applyGateways?.();
      return reply.code(200).send();
    },
  });

  route(app, 'post', '/configs_reset/{rootname}', {
    handler: async (req, reply) => {
      const { rootname } = req.params;
      const confPath = req.query?.conf_path;
      // EMQX (emqx_config:get_default_value) fills the schema's defaults under the root only: a whole root has none
      // to go back to, so only a key below it (conf_path) resets; anything else is 400 NO_DEFAULT_VALUE
      const path = confPath ? `${rootname}.${confPath}` : rootname;
      if (!confPath || getPath(app.config.defaults, path) === undefined) throw new ApiError(400, 'NO_DEFAULT_VALUE', 'No Default Value.');
      await app.config.reset(path);
      return reply.code(200).send();
    },
  });
}

// EMQX's find_suitable_accept: any-type ("*" "/" "*") among the types (weights ignored) or text/plain → HOCON text;
// else application/json → JSON; anything else → 400 INVALID_ACCEPT. No Accept header counts as any-type.
function acceptFormat(req: FastifyRequest): 'text' | 'json' {
  const accept = String(req.headers.accept ?? '*/*').toLowerCase();
  const types = accept.split(',').map((t) => t.split(';')[0].trim());
  if (types.includes('*/*') || types.includes('text/plain')) return 'text';
  if (types.includes('application/json')) return 'json';
  throw new ApiError(400, 'INVALID_ACCEPT', `Unsupported Accept ${accept}: use text/plain or application/json`);
}

/** a node name as Erlang's ~p prints the atom: bare when it can be, else in single quotes */
function erlangAtom(name: string): string {
  return /^[a-z][A-Za-z0-9_@]*$/.test(name) ? name : `'${name.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

function sendText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('text/plain; charset=utf-8').send(text);
}
