// Where our node (like real EMQX 5.8) answers differently from EMQX's own 5.8.1 OpenAPI document. This
// file is the one list: `ResponsePatch` overrides the response body types of `Contract`, and
// `DOCUMENTED_DEVIATIONS` lets the server's contract tests (expectContract) accept the same differences
// when a body is checked against the vendored JSON. Add a deviation to both, with its API.md section.
import type { components } from '../schema.gen';
import type { ConsoleResponsePatch } from './deviations.console';
import type { ClientsResponsePatch } from './deviations.clients';
import type { NodeResponsePatch } from './deviations.node';
import type { AuthenticationPatch } from './deviations.authentication';
import type { AuthorizationPatch } from './deviations.authorization';
import type { RulesResponsePatch } from './deviations.rules';
import type { LogTraceResponsePatch } from './deviations.log-trace';
import type { TopicMetricsResponsePatch } from './deviations.topic-metrics';
import type { AuditResponsePatch } from './deviations.audit';
import type { LicenseResponsePatch } from './deviations.license';
import type { PrometheusResponsePatch } from './deviations.prometheus';
import type { BackupResponsePatch } from './deviations.backup';

type Schemas = components['schemas'];

/** API.md §2.6: "never" maxima are "infinity", undefined Erlang values are null. */
type Infinity<T> = T | 'infinity';

/** API.md §3.4: the client object as EMQX 5.8 sends it (the 5.8.1 schema omits keys and types null/"infinity" too narrowly). */
export type ClientInfo = Omit<Schemas['emqx_mgmt_api_clients.client'], 'username' | 'mountpoint' | 'subscriptions_max' | 'mqueue_max' | 'inflight_max' | 'awaiting_rel_max'> & {
  username?: string | null;
  mountpoint?: string | null;
  subscriptions_max?: Infinity<number>;
  mqueue_max?: Infinity<number>;
  inflight_max?: Infinity<number>;
  awaiting_rel_max?: Infinity<number>;
  listener?: string;
  zone?: string;
  peerport?: number;
  sockport?: number;
  is_persistent?: boolean;
  enable_authn?: boolean | 'quick_deny_anonymous';
  client_attrs?: Record<string, string>;
};

/** API.md §3.4: one subscription of a client, as listed and as answered by POST .../subscribe. */
export type ClientSubscription = Schemas['emqx_mgmt_api_clients.subscribe'] & { clientid?: string; node?: string; durable?: boolean };

/** API.md §3.5: an internal broker subscription has `clientid: null`. */
export type SubscriptionRow = Omit<Schemas['emqx_mgmt_api_subscriptions.subscription'], 'clientid'> & { clientid?: string | null };

/** API.md §3.11: a ban as sent; `at`/`until` are RFC 3339 (second precision), `until` may be "infinity". */
export type BanView = Schemas['emqx_mgmt_api_banned.ban'] & { by: string; reason: string; at: string; until: string };

/** API.md §2.5: the banned list without filters has no `hasnext`; with an exact filter it does. */
export interface BannedMeta {
  page: number;
  limit: number;
  count?: number;
  hasnext?: boolean;
}

/** API.md §3.8: `index_specs` is a list of index lists (`[[1,2,3],[1,3]]`), not integers. */
export type RetainerConfig = Omit<Schemas['retainer.retainer'], 'backend'> & {
  backend?: Omit<Schemas['retainer.mnesia_config'], 'index_specs'> & { index_specs?: number[][] };
  // EMQX 5.8.x keys after the 5.8.1 document (our node reads them: retained.config.ts)
  msg_expiry_interval_override?: string; // "disabled" or a duration
  allow_never_expire?: boolean;
};

/** API.md §3.16: `details` holds the alarm's own keys; the document's bare `type: object` generates `Record<string, never>`. */
export type AlarmView = Omit<Schemas['emqx_mgmt_api_alarms.alarm'], 'details'> & { details?: Record<string, unknown> };

/** Delayed messages: `msgid` is the 32-char hex id, as EMQX sends it; the 5.8.1 document says integer. */
export type DelayedMessage = Omit<Schemas['emqx_delayed_api.message'], 'msgid'> & { msgid?: string };
export type DelayedMessageSummary = Omit<Schemas['emqx_delayed_api.message_without_payload'], 'msgid'> & { msgid?: string };

/** API.md §3.7: /publish failures use `reason_code`, not `code` (EMQX quirk). */
export interface PublishErrorBody {
  reason_code: number;
  message: string;
}
type PublishResult = Schemas['emqx_mgmt_api_publish.publish_ok'] | PublishErrorBody;

/**
 * Response bodies that differ from the 5.8.1 document, keyed by contract path, method and status.
 * Each entry names its deviation; the server's handlers are typed from these, not from the document.
 */
export interface ResponsePatch {
  '/alarms': { get: { 200: { data: AlarmView[]; meta: Schemas['public.meta'] } } }; // API.md §3.16: details has keys
  '/api_key': { get: { 200: Schemas['api_key.app'][] } }; // API.md §3.13: an array of apps; the document says one app
  '/banned': {
    get: { 200: { data: BanView[]; meta: BannedMeta } }; // API.md §2.5: meta without hasnext when unfiltered
    post: { 200: BanView }; // API.md §3.11: POST answers the ban itself, not {data: [ban]}
  };
  '/clients': { get: { 200: { data: ClientInfo[]; meta: Schemas['public.meta'] } } }; // API.md §3.4 client keys
  '/clients/{clientid}': { get: { 200: ClientInfo } }; // API.md §3.4 client keys
  '/clients/{clientid}/subscriptions': { get: { 200: ClientSubscription[] } }; // API.md §3.4: clientid, node, durable added
  '/clients/{clientid}/subscribe': { post: { 200: ClientSubscription } }; // API.md §3.4: clientid, node added
  '/publish': { post: { 400: PublishErrorBody } }; // API.md §3.7: reason_code, not code
  '/publish/bulk': {
    post: {
      202: PublishResult[]; // API.md §3.7: one {id} or {reason_code, message} per input
      400: PublishErrorBody; // API.md §3.7: the first invalid item's error
      503: PublishResult[]; // API.md §3.7: one {id} or {reason_code, message} per input
    };
  };
  '/subscriptions': { get: { 200: { data: SubscriptionRow[]; meta: Schemas['public.meta'] } } }; // API.md §3.5: clientid null
  '/mqtt/delayed/messages': { get: { 200: { data: DelayedMessageSummary[]; meta: Schemas['public.meta'] } } }; // msgid is hex text
  '/mqtt/delayed/messages/{node}/{msgid}': { get: { 200: DelayedMessage } }; // msgid is hex text
  '/mqtt/retainer': {
    get: { 200: RetainerConfig }; // API.md §3.8: index_specs are lists of lists
    put: { 200: RetainerConfig }; // API.md §3.8: index_specs are lists of lists
  };
}

/** Per-area lists merged into the one list: node-wide routes (deviations.node.ts), clients (deviations.clients.ts). */
export interface ResponsePatch extends NodeResponsePatch, ClientsResponsePatch {}

/** What the console meets (deviations.console.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the area's list
export interface ResponsePatch extends ConsoleResponsePatch {}

/**
 * The same deviations as ajv error texts (`validateResponse` output) the contract tests accept.
 * API.md §2.6 null/"infinity" (ClientInfo), §3.8 index_specs (RetainerConfig).
 */
export const DOCUMENTED_DEVIATIONS: readonly RegExp[] = [
  /\/(username|mountpoint) must be string/, // ClientInfo: null when undefined
  /\/(subscriptions_max|mqueue_max|awaiting_rel_max) must be integer/, // ClientInfo: "infinity"
  /\/backend\/index_specs\/\d+ must be integer/, // RetainerConfig: index lists
  /\/msgid must be integer/, // DelayedMessage(Summary): hex text
];

/** Access control: authentication (deviations.authentication.ts), authorization (deviations.authorization.ts). */
export interface ResponsePatch extends AuthenticationPatch, AuthorizationPatch {}

/** The rule engine (deviations.rules.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the area's list
export interface ResponsePatch extends RulesResponsePatch {}

/** Operations: the audit log, the license, Prometheus (deviations.audit.ts, .license.ts, .prometheus.ts). */
export interface ResponsePatch extends AuditResponsePatch, LicenseResponsePatch, PrometheusResponsePatch {}

/** Topic metrics (deviations.topic-metrics.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the area's list
export interface ResponsePatch extends TopicMetricsResponsePatch {}

/** Log trace (deviations.log-trace.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the area's list
export interface ResponsePatch extends LogTraceResponsePatch {}

/** Backup and restore (deviations.backup.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the area's list
export interface ResponsePatch extends BackupResponsePatch {}
