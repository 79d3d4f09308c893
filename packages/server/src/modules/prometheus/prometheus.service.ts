// The Prometheus integration's logic: settings (the `prometheus` root in EMQX's recommended shape, legacy
// bodies converted as EMQX does), the three scrape documents in text or JSON, and the push gateway URL.
import type { FastifyInstance } from 'fastify';
import type { PrometheusSettings } from '@mqdeck/api';
import { authFamilies, dataIntegrationFamilies, statsFamilies } from './collect';
import { toJsonGroup, toText, withNode, type Family, type Mode } from './exposition';

const LEGACY_KEYS = ['enable', 'interval', 'headers', 'job_name', 'push_gateway_server'];
const COLLECTORS = ['mnesia', 'vm_dist', 'vm_memory', 'vm_msacc', 'vm_statistics', 'vm_system_info'];

/** A legacy (before 5.4) body → the recommended shape; other bodies pass unchanged. */
export function toRecommended(body: Record<string, unknown>): Record<string, unknown> {
  const legacy = LEGACY_KEYS.some((k) => k in body) || COLLECTORS.some((c) => `${c}_collector` in body);
  if (!legacy) return body;
  const known = new Set([...LEGACY_KEYS, ...COLLECTORS.map((c) => `${c}_collector`), 'enable_basic_auth']);
  const unknown = Object.keys(body).filter((k) => !known.has(k));
  const collectors = Object.fromEntries(COLLECTORS.filter((c) => `${c}_collector` in body).map((c) => [c, body[`${c}_collector`]]));
  const push: Record<string, unknown> = {};
  if ('enable' in body) push.enable = body.enable;
  if ('push_gateway_server' in body) push.url = body.push_gateway_server;
  for (const k of ['interval', 'headers', 'job_name']) if (k in body) push[k] = body[k];
  return {
    ...Object.fromEntries(unknown.map((k) => [k, body[k]])), // left for the config check to refuse by name
    enable_basic_auth: body.enable_basic_auth ?? false,
    push_gateway: push,
    collectors,
  };
}

export function settings(app: FastifyInstance): PrometheusSettings {
  return app.config.get<PrometheusSettings>('prometheus');
}

export type Doc = 'stats' | 'auth' | 'data_integration';

async function groups(app: FastifyInstance, doc: Doc): Promise<[group: string, families: Family[], asObject: boolean][]> {
  if (doc === 'stats') {
    const s = statsFamilies(app);
    return [
      ['stats', s.stats, true],
      ['metrics', s.metrics, true],
      ...Object.entries(s.counters).map(([g, f]): [string, Family[], boolean] => [g, f, true]),
      ['cluster', s.cluster, true],
    ];
  }
  if (doc === 'auth') {
    const a = await authFamilies(app);
    return [
      ['emqx_authn', a.authn, false],
      ['emqx_authz', a.authz, false],
      ['emqx_banned', a.banned, true],
    ];
  }
  const d = dataIntegrationFamilies(app);
  return [
    ['data_integration_overview', d.overview, true],
    ['rules', d.rules, false],
    ['actions', d.actions, false],
    ['connectors', d.connectors, false],
  ];
}

/** The Prometheus text of one document. */
export async function scrapeText(app: FastifyInstance, doc: Doc, mode: Mode): Promise<string> {
  const all = (await groups(app, doc)).flatMap(([group, families]) =>
    // the overview counts and the banned count are cluster-wide figures: no node label, as EMQX
    group === 'data_integration_overview' || group === 'emqx_banned' ? families : withNode(families, mode, app.nodeName),
  );
  return toText(all);
}

/** The JSON form (Accept: application/json). */
export async function scrapeJson(app: FastifyInstance, doc: Doc, mode: Mode): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [group, families, asObject] of await groups(app, doc)) {
    const clusterWide = group === 'data_integration_overview' || group === 'emqx_banned';
    out[group] = toJsonGroup(clusterWide ? families : withNode(families, mode, app.nodeName), clusterWide ? 'node' : mode, asObject);
  }
  return out;
}

/** `<url>/metrics/job/<job>` with ${name}, ${host} and ${cluster_name} of this node filled in, as EMQX does. */
export function pushUrl(app: FastifyInstance, push: PrometheusSettings['push_gateway']): string {
  const [name, host = ''] = app.nodeName.split('@');
  const cluster = String(app.config.get('cluster.name') ?? 'emqxcl');
  const vars: Record<string, string> = { name, host, cluster_name: cluster };
  const job = push.job_name.replace(/\$\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
  return `${push.url.replace(/\/+$/, '')}/metrics/job/${job}`;
}
