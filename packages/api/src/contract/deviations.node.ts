// Deviations of the node-wide routes (login, nodes, metrics, monitor, configs): response bodies our node
// (like EMQX 5.8) sends differently from the 5.8.1 document. Merged into `ResponsePatch` by deviations.ts,
// the one list; none of them needs a DOCUMENTED_DEVIATIONS entry (extra keys, or fields the tests leave out).
import type { components, paths } from '../schema.gen';

type Schemas = components['schemas'];

type LoginOk = paths['/login']['post']['responses'][200]['content']['application/json'];

/** API.md §2.3: `license.edition` is the release atom ("ee" on Enterprise, "ce" on open source), not opensource|enterprise. */
export type LoginReply = Omit<LoginOk, 'license'> & { license?: { edition?: 'ee' | 'ce' | 'opensource' | 'enterprise' } };

/** MQDeck also samples the byte counters (bytes.received, bytes.sent): deltas per interval, rates per second. */
interface ByteDeltas {
  received_bytes?: number;
  sent_bytes?: number;
}
interface ByteRates {
  received_bytes_rate?: number;
  sent_bytes_rate?: number;
}

/** API.md §3.3: one monitor sample; the cluster view (GET /monitor) adds `subscriptions_ram`. */
export type MonitorSample = Schemas['emqx_dashboard_monitor_api.sampler'] & ByteDeltas & { subscriptions_ram?: number };
/** API.md §3.3: GET /monitor_current, which also has `subscriptions_ram`. */
export type MonitorCurrent = Schemas['emqx_dashboard_monitor_api.sampler_current'] & ByteRates & { subscriptions_ram?: number };
/** API.md §3.3: GET /monitor_current/nodes/{node}. */
export type MonitorCurrentNode = Schemas['emqx_dashboard_monitor_api.sampler_current_node'] & ByteRates;

/** API.md §3.15: GET /configs with Accept: application/json answers root → raw config (the document types only the HOCON text). */
export type ConfigsJson = Record<string, unknown>;

export interface NodeResponsePatch {
  '/login': { post: { 200: LoginReply } }; // API.md §2.3: license.edition "ee"
  '/configs': { get: { 200: ConfigsJson } }; // API.md §3.15: the JSON form by Accept (the text form goes through reply)
  '/monitor': { get: { 200: MonitorSample[] } }; // API.md §3.3: subscriptions_ram; byte deltas
  '/monitor/nodes/{node}': { get: { 200: MonitorSample[] } }; // byte deltas
  '/monitor_current': { get: { 200: MonitorCurrent } }; // API.md §3.3: subscriptions_ram; byte rates
  '/monitor_current/nodes/{node}': { get: { 200: MonitorCurrentNode } }; // byte rates
}

/** Routes of these areas the 5.8.1 document lacks; merged into `ExtensionPaths` by extensions.ts. */
export interface NodeExtensions {
  /** API.md §3.15, hidden: the limiter root, raw config with defaults. */
  '/configs/limiter': {
    get: { query: undefined; params: undefined; body: undefined; responses: { 200: Record<string, unknown> } };
    put: { query: undefined; params: undefined; body: Record<string, unknown> | undefined; responses: { 200: Record<string, unknown> } };
  };
  /** EMQX 5.8, hidden (its console's listener zone picker): custom zones by name, each with the values it sets. */
  '/configs/zones': {
    get: { query: undefined; params: undefined; body: undefined; responses: { 200: Record<string, Record<string, unknown>> } };
  };
  /** EMQX 5.8 open source (emqx_telemetry_api), absent from the Enterprise document: this node sends no telemetry. */
  '/telemetry/status': {
    get: { query: undefined; params: undefined; body: undefined; responses: { 200: { enable: boolean } } };
    put: { query: undefined; params: undefined; body: { enable?: unknown } | undefined; responses: { 200: { enable: boolean } } };
  };
  '/telemetry/data': {
    get: { query: undefined; params: undefined; body: undefined; responses: { 200: Record<string, unknown> } };
  };
}
