// cluster.hocon of a backup: the node's configuration tree as GET /configs prints it, with the real secrets (an
// export must restore them; EMQX's export holds them too), the ACL file's text in the file source (EMQX's
// emqx_authz:maybe_read_files), the content of data-dir files the config points at (certificates, as EMQX's
// read_data_files) and the rules under rule_engine.rules.<id>, where EMQX keeps them.
// Import goes through the areas' services so the running node follows: settings roots through the config service
// (their modules watch them), authenticators through the authentication chain, authorization sources through the
// authorization service, rules through the rule engine, the `gateway` root through the gateway core (each named gateway
// loaded or replaced and restarted, gateways/config-root.ts). Each is checked before anything is written; one that does
// not check is counted as failed and left out, the rest is imported (EMQX logs such errors and goes on).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { isObject } from '../../config/tree';
import { LISTENER_TYPES, type ListenerType } from '../../config/listeners';
import { rootErrors } from '../configs/roots';
import { validateValue } from '../../config/validate';
import { authenticatorId, authnKind } from '../authentication/backends';
import { AclSyntaxError, parseAcl } from '../authorization/acl-file';
import { readAcl } from '../authorization/sources/file';
import { badArchive } from './archive';
import { applyItems, emptyCounts, type Counts, type Item } from './counts';
import { applyIntegration, exportIntegration, INTEGRATION_ROOTS, planIntegration, type IntegrationPlan } from './integration';
import { applyGateway, checkGateway, GATEWAY_ROOT, gatewayRootExport } from '../gateways/config-root';

/** the roots imported as plain settings: EMQX's CONF_KEYS that this node has, and the roots of its importer apps */
export const SETTINGS_ROOTS = [
  'delayed',
  'rewrite',
  'retainer',
  'mqtt',
  // before the listeners (applied after the settings): a listener of the backup may name one of its zones
  'zones',
  'alarm',
  'sysmon',
  'sys_topics',
  'limiter',
  'log',
  'durable_sessions',
  'prometheus',
  'force_shutdown',
  'flapping_detect',
  'broker',
  'force_gc',
  'slow_subs',
  'overload_protection',
  'auto_subscribe',
  'topic_metrics',
  'api_key',
];

/** never exported: the node's own identity (name, cookie, data dir) belongs to the node, not to its data */
const NOT_EXPORTED = ['node'];
/** data-dir files inlined into cluster.hocon at most this large (a certificate or key is a few KiB) */
const MAX_INLINED_FILE = 1024 * 1024;

export const dataDirOf = (app: FastifyInstance) => dirname(app.db.name);

/** the keys that name a certificate, key or other file whose content the config means (`certfile`, `keyfile`…) */
const FILE_KEY = /file$/i;

/**
 * every file-valued leaf (FILE_KEY) that names a readable file in the data dir replaced by the file's content; EMQX
 * inlines any such value, this node only file keys, so a log or trace path is never replaced by the log itself
 */
function inlineDataFiles(value: unknown, dataDirs: string[], key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => inlineDataFiles(v, dataDirs, key));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inlineDataFiles(v, dataDirs, k)]));
  if (typeof value === 'string' && FILE_KEY.test(key) && dataDirs.some((d) => value.startsWith(`${d}/`)) && !value.includes('..')) {
    try {
      if (existsSync(value) && statSync(value).isFile() && statSync(value).size <= MAX_INLINED_FILE) return readFileSync(value, 'utf8');
    } catch {
      // unreadable: the path stays, as EMQX keeps a value it cannot read
    }
  }
  return value;
}

/** the roots written to cluster.hocon; `rootKeys` (the export's root_keys) keeps only those */
export function exportConfig(app: FastifyInstance, rootKeys?: string[]): Record<string, unknown> {
  const dataDir = resolve(dataDirOf(app));
  const all = app.config.all();
  for (const root of NOT_EXPORTED) delete all[root];
  const authz = all.authorization;
  if (isObject(authz) && Array.isArray(authz.sources)) {
    authz.sources = authz.sources.map((s: unknown) => {
      if (!isObject(s) || s.type !== 'file') return s;
      const { path: _path, ...rest } = s;
      return { ...rest, rules: readAcl(dataDir) };
    });
  }
  const rules = Object.fromEntries(
    app.rules.list().map((r) => {
      const s = r.stored;
      return [s.id, { name: s.name, sql: s.sql, actions: s.actions, enable: s.enable, description: s.description }];
    }),
  );
  all.rule_engine = { ...(isObject(all.rule_engine) ? all.rule_engine : {}), rules };
  // as EMQX: a path under the data dir, relative (as configured) or absolute
  const inlined = inlineDataFiles({ ...all, ...exportIntegration(app) }, [dataDirOf(app), dataDir]) as Record<string, unknown>;
  // the loaded gateways (emqx_gateway_conf's root) with their authenticators and, inlined, their listeners' certificates
  const gateways = gatewayRootExport(app.gateways);
  if (Object.keys(gateways).length) inlined[GATEWAY_ROOT] = inlineDataFiles(gateways, [dataDirOf(app), dataDir]);
  return rootKeys ? Object.fromEntries(Object.entries(inlined).filter(([k]) => rootKeys.includes(k))) : inlined;
}

/** the root keys an export may name: this node's config roots */
export function knownRoots(app: FastifyInstance): string[] {
  return [...Object.keys(app.config.defaults).filter((r) => !NOT_EXPORTED.includes(r)), ...INTEGRATION_ROOTS, GATEWAY_ROOT];
}

/** cluster.hocon read and checked: what each importer will do, item by item */
export interface ConfigPlan {
  integration: IntegrationPlan;
  settings: Item<unknown>[];
  listeners: Item<{ type: ListenerType; name: string; raw: Record<string, unknown> }>[];
  authenticators: Item<Record<string, unknown>>[];
  sources: Item<Record<string, unknown>>[];
  rules: Item<Record<string, unknown>>[];
  /** gateway name → its checked record */
  gateways: Item<Record<string, unknown>>[];
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export { emptyCounts, type Counts };

/** Checks cluster.hocon's shape (400 when it is not what an export writes) and every item's content. */
export function planConfig(app: FastifyInstance, doc: Record<string, unknown>): ConfigPlan {
  const plan: ConfigPlan = { integration: planIntegration(doc), settings: [], listeners: [], authenticators: [], sources: [], rules: [], gateways: [] };
  const listeners = doc.listeners;
  if (listeners !== undefined) {
    if (!isObject(listeners)) throw badArchive('cluster.hocon: listeners must be an object of listener types');
    for (const [type, byName] of Object.entries(listeners)) {
      if (!isObject(byName)) throw badArchive(`cluster.hocon: listeners.${type} must be an object of listeners by name`);
      for (const [name, raw] of Object.entries(byName)) {
        const id = `${type}:${name}`;
        if (!LISTENER_TYPES.includes(type as ListenerType))
          plan.listeners.push({ name: id, error: `unknown listener type '${type}' (this node has ${LISTENER_TYPES.join(', ')})` });
        else if (!isObject(raw)) plan.listeners.push({ name: id, error: 'expected an object' });
        else plan.listeners.push({ name: id, value: { type: type as ListenerType, name, raw } });
      }
    }
  }
  for (const root of SETTINGS_ROOTS) {
    if (!(root in doc)) continue;
    const value = doc[root];
    if (app.config.defaults[root] === undefined) continue;
    // list roots (rewrite, topic_metrics) have no per-root rules beyond their shape
    const errors = Array.isArray(app.config.defaults[root]) ? validateValue(app.config.defaults, root, value) : rootErrors(app.config, root, value);
    plan.settings.push(errors.length ? { name: root, error: errors.join('; ') } : { name: root, value });
  }
  const re = doc.rule_engine;
  if (re !== undefined) {
    if (!isObject(re)) throw badArchive('cluster.hocon: rule_engine must be an object');
    const { rules, ...settings } = re;
    if (Object.keys(settings).length) {
      const errors = rootErrors(app.config, 'rule_engine', settings);
      plan.settings.push(errors.length ? { name: 'rule_engine', error: errors.join('; ') } : { name: 'rule_engine', value: settings });
    }
    if (rules !== undefined && !isObject(rules)) throw badArchive('cluster.hocon: rule_engine.rules must be an object of rules by id');
    for (const [id, body] of Object.entries(rules ?? {})) {
      if (!isObject(body) || typeof body.sql !== 'string') plan.rules.push({ name: id, error: `rule ${id}: expected an object with its sql` });
      else plan.rules.push({ name: id, value: body });
    }
  }
  const gateway = doc[GATEWAY_ROOT];
  if (gateway !== undefined) {
    if (!isObject(gateway)) throw badArchive('cluster.hocon: gateway must be an object of gateways by name');
    for (const [name, body] of Object.entries(gateway)) {
      try {
        plan.gateways.push({ name, value: checkGateway(app.gateways, name, body) });
      } catch (err) {
        plan.gateways.push({ name, error: message(err).replace(`gateway.${name}: `, '') });
      }
    }
  }
  const authn = doc.authentication;
  if (authn !== undefined) {
    if (!Array.isArray(authn)) throw badArchive('cluster.hocon: authentication must be a list of authenticators');
    authn.forEach((raw: unknown, i) => {
      if (!isObject(raw)) throw badArchive(`cluster.hocon: authentication[${i}] must be an object`);
      try {
        const id = authenticatorId(raw);
        authnKind(id).normalize(raw); // what create will check, without reaching the backend
        plan.authenticators.push({ name: id, value: raw });
      } catch (err) {
        plan.authenticators.push({ name: `authentication[${i}]`, error: message(err) });
      }
    });
  }
  const authz = doc.authorization;
  if (authz !== undefined) {
    if (!isObject(authz)) throw badArchive('cluster.hocon: authorization must be an object');
    const { sources, ...settings } = authz;
    if (Object.keys(settings).length) {
      const merged = { ...settings, sources: app.config.get('authorization.sources') };
      const errors = rootErrors(app.config, 'authorization', merged);
      plan.settings.push(errors.length ? { name: 'authorization', error: errors.join('; ') } : { name: 'authorization', value: settings });
    }
    if (sources !== undefined && !Array.isArray(sources)) throw badArchive('cluster.hocon: authorization.sources must be a list');
    (sources ?? []).forEach((raw: unknown, i: number) => {
      if (!isObject(raw) || typeof raw.type !== 'string') throw badArchive(`cluster.hocon: authorization.sources[${i}] must be an object with a type`);
      if (raw.type === 'file' && raw.rules !== undefined) {
        if (typeof raw.rules !== 'string') return plan.sources.push({ name: 'file', error: 'rules: expected the ACL text' });
        try {
          parseAcl(raw.rules);
        } catch (err) {
          if (err instanceof AclSyntaxError) return plan.sources.push({ name: 'file', error: `Invalid ACL rules: ${err.message}` });
          throw err;
        }
      }
      plan.sources.push({ name: raw.type, value: raw });
    });
  }
  return plan;
}

/** applies a checked plan; answers the counts per part, and the reasons of the failed items in `errors` */
export async function applyConfig(app: FastifyInstance, plan: ConfigPlan, errors: string[]): Promise<Record<string, Counts>> {
  const settings = await applyItems(
    plan.settings,
    async (value, root) => {
      if (root === 'rule_engine' || root === 'authorization') {
        const current = app.config.get<Record<string, unknown>>(root);
        const next = { ...current, ...(value as Record<string, unknown>) };
        if (isDeepStrictEqual(next, current)) return 'skipped';
        if (root === 'authorization') {
          const { sources: _s, ...body } = next;
          await app.authz.updateSettings(body as Parameters<typeof app.authz.updateSettings>[0]);
        } else await app.config.update(root, next);
        return 'override';
      }
      if (isDeepStrictEqual(app.config.get(root), value)) return 'skipped';
      await app.config.update(root, value);
      return 'override';
    },
    errors,
    'setting',
  );

  // EMQX merges the backup's listeners into the node's (emqx_mgmt_listeners_conf:import_config): the listener
  // manager restarts a changed one on its new settings and writes inlined certificates to this node's data dir
  const listeners = await applyItems(
    plan.listeners,
    async (l, id) => {
      const old = app.listenerManager.entry(id);
      // certificates are compared by content: the backup holds them inlined, the node as its files
      if (old && isDeepStrictEqual(inlineDataFiles(old.raw, [dataDirOf(app), resolve(dataDirOf(app))]), l.raw)) return 'skipped';
      if (old) await app.listenerManager.update(id, l.raw);
      else await app.listenerManager.create(l.type, l.name, l.raw);
      return old ? 'override' : 'success';
    },
    errors,
    'listener',
  );

  const authenticators = await applyItems(
    plan.authenticators,
    async (raw, id) => {
      if (!app.authn.ids().includes(id)) {
        await app.authn.create(raw);
        return 'success';
      }
      const before = app.authn.configOf(id);
      const kind = authnKind(id);
      if (isDeepStrictEqual(kind.normalize(raw), before)) return 'skipped';
      await app.authn.update(id, raw);
      return 'override';
    },
    errors,
    'authenticator',
  );

  // a new source goes in front (the service's create), so new ones are created last-first to keep their order
  const known = new Set<string>(app.authz.list().map((s) => s.type));
  const dataDir = dataDirOf(app);
  const fresh = plan.sources.filter((s) => s.error === undefined && !known.has(s.name)).reverse();
  const sources = await applyItems(
    plan.sources,
    async (raw, type) => {
      if (!known.has(type)) return 'success'; // created below, in order
      const stored = (app.authz.has(type) ?? {}) as Record<string, unknown>;
      const same =
        type === 'file'
          ? stored.enable === (raw.enable ?? true) && (raw.rules === undefined || raw.rules === readAcl(dataDir))
          : Object.entries(raw).every(([k, v]) => isDeepStrictEqual(stored[k], v));
      if (same) return 'skipped';
      await app.authz.update(type, raw);
      return 'override';
    },
    errors,
    'authorization source',
  );
  for (const item of fresh) {
    try {
      await app.authz.create(item.value!);
    } catch (err) {
      sources.success -= 1;
      sources.failed += 1;
      errors.push(`authorization source ${item.name}: ${message(err)}`);
    }
  }

  // schemas, connectors, actions and sources before the rules that use them
  const integration = await applyIntegration(app, plan.integration, errors);

  const rules = await applyItems(
    plan.rules,
    async (body, id) => {
      const old = app.rules.get(id)?.stored;
      const wanted = { name: body.name ?? '', sql: body.sql, actions: body.actions ?? [], enable: body.enable ?? true, description: body.description ?? '' };
      if (old && isDeepStrictEqual({ name: old.name, sql: old.sql, actions: old.actions, enable: old.enable, description: old.description }, wanted)) return 'skipped';
      app.rules.update(id, wanted);
      return old ? 'override' : 'success';
    },
    errors,
    'rule',
  );

  // EMQX's emqx_gateway_conf:import_config: each named gateway replaces the node's (loaded when new, restarted when
  // changed); a gateway the backup does not name is left as it is
  const gateways = await applyItems(
    plan.gateways,
    async (next, name) => {
      const done = await applyGateway(app.gateways, name, next);
      return done === 'loaded' ? 'success' : done === 'updated' ? 'override' : 'skipped';
    },
    errors,
    'gateway',
  );

  return { settings, listeners, authentication: authenticators, authorization: sources, ...integration, rules, gateway: gateways };
}
