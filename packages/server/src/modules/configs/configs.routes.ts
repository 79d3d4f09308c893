// Configs: GET /configs (HOCON text or JSON by Accept), PUT /configs (HOCON text, configs.load.ts), GET|PUT /configs/global_zone, GET|PUT /configs/{root}
// for sys_topics, sysmon, alarm, log, broker, dashboard, hidden GET|PUT /configs/limiter, POST /configs_reset/{root}.
// A PUT validates everything first (400 UPDATE_FAILED, nothing stored), then persists and applies live
// through the config service's 'change' event (mqtt → broker settings, sys_topics → $SYS publisher, limiter → accept gate).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeSchema } from '../../contract/route-schema';
import { ApiError } from '../../errors';
import { getPath } from '../../config/tree';
import { toHocon } from './configs.hocon';
import { HoconError, parseHocon } from './configs.hocon-parse';
import { loadConfig } from './configs.load';
import { PLAIN_ROOTS, ZONE_ROOTS, masked, rootErrors, unmasked, updateFailed } from './configs.roots';

const anyObject = { body: { type: 'object' } };

export default async function configsRoutes(app: FastifyInstance): Promise<void> {
  const read = (root: string) => masked(root, app.config.get(root));

  /** validates all roots, then stores them one by one (the validation makes the writes unable to fail) */
  const updateRoots = async (roots: Record<string, unknown>) => {
    const prepared = Object.entries(roots).map(([root, value]) => [root, unmasked(app.config, root, value)] as const);
    const errors = prepared.flatMap(([root, value]) => rootErrors(app.config, root, value));
    if (errors.length) throw updateFailed(errors.join('; '));
    for (const [root, value] of prepared) await app.config.update(root, value);
  };

  app.get('/configs/global_zone', { schema: routeSchema('get', '/configs/global_zone') }, async () =>
    Object.fromEntries(ZONE_ROOTS.map((root) => [root, read(root)])),
  );

  app.put('/configs/global_zone', { schema: anyObject }, async (req) => {
    const body = req.body as Record<string, unknown>;
    const unknown = Object.keys(body).filter((k) => !(ZONE_ROOTS as readonly string[]).includes(k));
    if (unknown.length) throw updateFailed(`unknown global zone keys: ${unknown.join(', ')} (expected ${ZONE_ROOTS.join(', ')})`);
    await updateRoots(body);
    return Object.fromEntries(ZONE_ROOTS.map((root) => [root, read(root)]));
  });

  // hidden in EMQX 5.8 (its console's listener zone picker): the custom zones by name. This node has only the
  // default zone (every listener runs on the global zone's settings), so there is none to list.
  app.get('/configs/zones', async () => ({}));

  for (const root of [...PLAIN_ROOTS, 'limiter']) {
    const contractPath = `/configs/${root}`;
    const documented = root !== 'limiter'; // limiter is hidden from EMQX's swagger
    app.get(contractPath, documented ? { schema: routeSchema('get', contractPath) } : {}, async () => read(root));
    app.put(contractPath, { schema: anyObject }, async (req) => {
      await updateRoots({ [root]: req.body });
      return read(root);
    });
  }

  app.get<{ Querystring: { key?: string } }>('/configs', { schema: routeSchema('get', '/configs') }, async (req, reply) => {
    const format = acceptFormat(req);
    const key = req.query.key;
    if (key !== undefined && app.config.get(key) === undefined) throw new ApiError(404, 'NOT_FOUND', `Config ${key} not found on this node`);
    if (format === 'json') {
      const roots = key !== undefined ? [key] : [...PLAIN_ROOTS];
      return Object.fromEntries(roots.map((root) => [root, read(root)]));
    }
    const roots = key !== undefined ? [key] : Object.keys(app.config.all());
    return sendText(reply, toHocon(Object.fromEntries(roots.map((root) => [root, masked(root, app.config.get(root))]))));
  });

  // the body is HOCON text (text/plain), so only the query string comes from the contract
  const putConfigs = { querystring: routeSchema('put', '/configs').querystring };
  app.put<{ Querystring: { mode?: 'merge' | 'replace'; ignore_readonly?: boolean } }>('/configs', { schema: putConfigs }, async (req, reply) => {
    if (typeof req.body !== 'string') throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'content-type:text/plain Required');
    let doc: Record<string, unknown>;
    try {
      doc = parseHocon(req.body);
    } catch (err) {
      if (err instanceof HoconError) throw updateFailed(`invalid HOCON: ${err.message}`);
      throw err;
    }
    await loadConfig(app.config, doc, { mode: req.query.mode ?? 'merge', ignoreReadonly: req.query.ignore_readonly === true });
    return reply.code(200).send();
  });

  app.post<{ Params: { rootname: string }; Querystring: { conf_path?: string } }>(
    '/configs_reset/:rootname',
    { schema: routeSchema('post', '/configs_reset/{rootname}') },
    async (req, reply) => {
      const { rootname } = req.params;
      const path = req.query.conf_path ? `${rootname}.${req.query.conf_path}` : rootname;
      if (getPath(app.config.defaults, path) === undefined) throw new ApiError(400, 'NO_DEFAULT_VALUE', `${path} has no default value`);
      await app.config.reset(path);
      return reply.code(200).send();
    },
  );
}

/** text/plain or any (the default) → HOCON text; application/json → JSON; anything else → 400 INVALID_ACCEPT. */
function acceptFormat(req: FastifyRequest): 'text' | 'json' {
  const accept = String(req.headers.accept ?? '*/*').toLowerCase();
  if (accept.includes('application/json')) return 'json';
  if (accept.includes('text/plain') || accept.includes('*/*') || accept.includes('text/*')) return 'text';
  throw new ApiError(400, 'INVALID_ACCEPT', `Unsupported Accept ${accept}: use text/plain or application/json`);
}

function sendText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('text/plain; charset=utf-8').send(text);
}
