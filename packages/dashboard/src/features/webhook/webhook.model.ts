// Names, the join of the three lists into webhooks, and the form ⇄ request bodies. The official console's rules
// (hooks/Webhook/useWebhookUtils, useWebhookForm): a webhook's objects share the name `<name>_WH_D`; the headers
// are the connector's and are copied to the action; the whole URL is the connector's (the action has no path).
import type { Rule } from '../rules/rules.types';
import type { NewRule } from '../rules/rules.api';
import { fromView } from '../rules/actions';
import type { HttpAction, HttpActionBody, HttpConnector, HttpConnectorBody, HttpMethod, SslOptions, Webhook } from './webhook.types';

export const WEBHOOK_SUFFIX = '_WH_D';
export const HTTP = 'http';

export const fullNameOf = (name: string) => (name.endsWith(WEBHOOK_SUFFIX) ? name : `${name}${WEBHOOK_SUFFIX}`);
export const shortNameOf = (fullName: string) => (fullName.endsWith(WEBHOOK_SUFFIX) ? fullName.slice(0, -WEBHOOK_SUFFIX.length) : fullName);
/** `http:<name>_WH_D`: the connector's and the action's ID in the API paths, the rule's action reference. */
export const bridgeIdOf = (fullName: string) => `${HTTP}:${fullName}`;
export const isWebhookName = (name: string) => name.endsWith(WEBHOOK_SUFFIX) && name.length > WEBHOOK_SUFFIX.length;
/** A connector made by a webhook: the connector screens leave it to the webhook pages (spec 001 §4). */
export const isWebhookConnector = (c: { type: string; name: string }) => c.type === HTTP && isWebhookName(c.name);

/** Objects named like a webhook's, of which one or two are missing (a delete that failed half-way). */
export interface PartialWebhook {
  fullName: string;
  connector?: HttpConnector;
  action?: HttpAction;
  rule?: Rule;
}

export type WebhookRow = { complete: true; webhook: Webhook } | { complete: false; partial: PartialWebhook };

/** The webhooks among every connector, action and rule, in the order of their actions, leftovers last. */
export function joinWebhooks(connectors: readonly { type: string; name: string }[], actions: readonly { type: string; name: string }[], rules: readonly Rule[]): WebhookRow[] {
  const byName = new Map<string, PartialWebhook>();
  const entry = (fullName: string) => byName.get(fullName) ?? byName.set(fullName, { fullName }).get(fullName)!;
  for (const a of actions) if (a.type === HTTP && isWebhookName(a.name)) entry(a.name).action = a as HttpAction;
  for (const c of connectors) if (isWebhookConnector(c)) entry(c.name).connector = c as HttpConnector;
  for (const r of rules) if (isWebhookName(r.id) && r.actions.includes(bridgeIdOf(r.id))) entry(r.id).rule = r;
  const rows: WebhookRow[] = [];
  for (const p of byName.values()) {
    if (p.connector && p.action && p.rule && p.action.connector === p.fullName) {
      const { connector, action, rule } = p;
      rows.push({
        complete: true,
        webhook: { name: shortNameOf(p.fullName), fullName: p.fullName, enable: connector.enable && action.enable && rule.enable, connector, action, rule },
      });
    } else rows.push({ complete: false, partial: p });
  }
  return [...rows.filter((r) => r.complete), ...rows.filter((r) => !r.complete)];
}

/** What the webhook's status tag says: disabled, or the action's connection status (the connector's before it has one). */
export function webhookStatus(w: Pick<Webhook, 'enable' | 'action' | 'connector'>): string {
  if (!w.enable) return 'disabled';
  return w.action.status ?? w.connector.status ?? 'connecting';
}

/** A type (not an interface) so it fits shared/forms RowsInput's rows. */
export type HeaderRow = { key: string; value: string };

export interface TlsValues {
  enable: boolean;
  verify: 'verify_peer' | 'verify_none';
  server_name_indication: string;
  cacertfile: string;
  certfile: string;
  keyfile: string;
}

/** The one form of the create page and of the detail's Settings tab. */
export interface WebhookFormValues {
  name: string;
  description: string;
  sql: string;
  method: HttpMethod;
  url: string;
  headers: HeaderRow[];
  body: string;
  max_retries: number;
  connect_timeout: string;
  pool_type: 'random' | 'hash';
  pool_size: number;
  enable_pipelining: number;
  start_timeout: string;
  health_check_interval: string;
  request_ttl: string;
  inflight_window: number;
  query_mode: 'sync' | 'async';
  worker_pool_size: number;
  max_buffer_bytes: string;
  ssl: TlsValues;
}

/** The contract's defaults (bridge_http.*), the headers cut to content-type as the official console does. */
export const DEFAULT_VALUES: WebhookFormValues = {
  name: '',
  description: '',
  sql: 'SELECT\n  *\nFROM\n  "#"',
  method: 'post',
  url: 'http://',
  headers: [{ key: 'content-type', value: 'application/json' }],
  body: '',
  max_retries: 2,
  connect_timeout: '15s',
  pool_type: 'random',
  pool_size: 8,
  enable_pipelining: 100,
  start_timeout: '5s',
  health_check_interval: '15s',
  request_ttl: '45s',
  inflight_window: 100,
  query_mode: 'async',
  worker_pool_size: 16,
  max_buffer_bytes: '256MB',
  ssl: { enable: false, verify: 'verify_none', server_name_indication: '', cacertfile: '', certfile: '', keyfile: '' },
};

export const headersToRows = (h: unknown): HeaderRow[] =>
  h && typeof h === 'object' ? Object.entries(h as Record<string, unknown>).map(([key, value]) => ({ key, value: typeof value === 'string' ? value : JSON.stringify(value) })) : [];

export const rowsToHeaders = (rows: readonly HeaderRow[] = []): Record<string, string> =>
  Object.fromEntries(rows.filter((r) => r.key?.trim()).map((r) => [r.key.trim(), r.value ?? '']));

const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback);
const int = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

function tlsValues(ssl: SslOptions | undefined): TlsValues {
  const d = DEFAULT_VALUES.ssl;
  const sni = ssl?.server_name_indication;
  return {
    enable: ssl?.enable === true,
    verify: ssl?.verify ?? d.verify,
    server_name_indication: sni === 'disable' ? '' : text(sni, ''),
    cacertfile: text(ssl?.cacertfile, ''),
    certfile: text(ssl?.certfile, ''),
    keyfile: text(ssl?.keyfile, ''),
  };
}

/** The TLS options sent: off is `{enable: false}`; empty files and SNI are left out (the node's defaults). */
export function tlsBody(v: TlsValues, kept: SslOptions = {}): SslOptions {
  if (!v.enable) return { ...kept, enable: false };
  const out: SslOptions = { ...kept, enable: true, verify: v.verify };
  for (const k of ['server_name_indication', 'cacertfile', 'certfile', 'keyfile'] as const) {
    const value = v[k].trim();
    if (value) out[k] = value;
    else delete out[k];
  }
  return out;
}

/** The form's values for an existing webhook (detail › Settings). */
export function toFormValues(w: Webhook): WebhookFormValues {
  const d = DEFAULT_VALUES;
  const { connector: c, action: a, rule: r } = w;
  const ro = a.resource_opts ?? {};
  const cro = c.resource_opts ?? {};
  return {
    name: w.name,
    description: r.description ?? '',
    sql: r.sql,
    method: a.parameters.method ?? d.method,
    url: c.url,
    headers: headersToRows(c.headers),
    body: text(a.parameters.body, ''),
    max_retries: int(a.parameters.max_retries, d.max_retries),
    connect_timeout: text(c.connect_timeout, d.connect_timeout),
    pool_type: c.pool_type ?? d.pool_type,
    pool_size: int(c.pool_size, d.pool_size),
    enable_pipelining: int(c.enable_pipelining, d.enable_pipelining),
    start_timeout: text(cro.start_timeout, d.start_timeout),
    health_check_interval: text(ro.health_check_interval, d.health_check_interval),
    request_ttl: text(ro.request_ttl, d.request_ttl),
    inflight_window: int(ro.inflight_window, d.inflight_window),
    query_mode: ro.query_mode ?? d.query_mode,
    worker_pool_size: int(ro.worker_pool_size, d.worker_pool_size),
    max_buffer_bytes: text(ro.max_buffer_bytes, d.max_buffer_bytes),
    ssl: tlsValues(c.ssl),
  };
}

export interface WebhookBodies {
  connector: HttpConnectorBody;
  action: HttpActionBody;
  rule: NewRule;
}

/** The three POST bodies of a new webhook (create: connector, then action, then rule). */
export function toCreateBodies(v: WebhookFormValues): WebhookBodies {
  const fullName = fullNameOf(v.name.trim());
  const headers = rowsToHeaders(v.headers);
  const body = v.body.trim() ? v.body : undefined;
  return {
    connector: {
      type: HTTP,
      name: fullName,
      enable: true,
      url: v.url.trim(),
      headers,
      connect_timeout: v.connect_timeout,
      pool_type: v.pool_type,
      pool_size: v.pool_size,
      enable_pipelining: v.enable_pipelining,
      ssl: tlsBody(v.ssl),
      resource_opts: { start_timeout: v.start_timeout, health_check_interval: v.health_check_interval },
    },
    action: {
      type: HTTP,
      name: fullName,
      enable: true,
      connector: fullName,
      parameters: { method: v.method, headers, ...(body !== undefined ? { body } : {}), max_retries: v.max_retries },
      resource_opts: {
        health_check_interval: v.health_check_interval,
        request_ttl: v.request_ttl,
        inflight_window: v.inflight_window,
        query_mode: v.query_mode,
        worker_pool_size: v.worker_pool_size,
        max_buffer_bytes: v.max_buffer_bytes,
      },
    },
    rule: { id: fullName, name: '', sql: v.sql, actions: [bridgeIdOf(fullName)], description: v.description.trim(), enable: true },
  };
}

// what GET answers beside the config: a PUT carries the config only (EMQX refuses or ignores the rest)
const READ_ONLY = ['type', 'name', 'status', 'status_reason', 'node_status', 'actions', 'sources', 'rules', 'created_at', 'last_modified_at'];
const configOf = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([k]) => !READ_ONLY.includes(k))) as Partial<T>;

export type ConnectorPut = Omit<HttpConnectorBody, 'type' | 'name'>;
export type ActionPut = Omit<HttpActionBody, 'type' | 'name'>;

/** The three PUT bodies of an edit: the stored config with the form's fields over it (the name never changes). */
export function toUpdateBodies(v: WebhookFormValues, w: Webhook): { connector: ConnectorPut; action: ActionPut; rule: NewRule } {
  const made = toCreateBodies({ ...v, name: w.name });
  const { type: _ct, name: _cn, enable: _ce, ...connector } = made.connector;
  const { type: _at, name: _an, enable: _ae, ...action } = made.action;
  const keptConnector = configOf(w.connector);
  const keptAction = configOf(w.action);
  return {
    connector: {
      ...keptConnector,
      ...connector,
      enable: w.connector.enable,
      ssl: tlsBody(v.ssl, w.connector.ssl),
      resource_opts: { ...keptConnector.resource_opts, ...connector.resource_opts },
    },
    action: {
      ...keptAction,
      ...action,
      enable: w.action.enable,
      parameters: { ...keptAction.parameters, ...action.parameters, ...(v.body.trim() ? {} : { body: undefined }) },
      resource_opts: { ...keptAction.resource_opts, ...action.resource_opts },
    },
    rule: { sql: v.sql, actions: w.rule.actions.map(fromView), description: v.description.trim(), name: w.rule.name, enable: w.rule.enable },
  };
}
