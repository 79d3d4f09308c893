// Broker ClientInfo → EMQX client object. Erlang-only numbers get their honest Node.js counterparts:
// heap_size and reductions are 0 (no per-client heap or reduction count exists in one JS heap), and
// mailbox_len is the broker's count of writes queued for the socket (see docs/node-counterparts.md).
import type { ClientInfo } from '@mqdeck/broker';
import type { ReplyOf } from '@mqdeck/api';
import { ApiError } from '../../errors';
import { rfc3339 } from '../../shared/time';

/** The client object of the API (API.md §3.4), named apart from the broker's ClientInfo. */
type ClientView = ReplyOf<'/clients/{clientid}', 'get', 200>;

/** Field names `fields=` accepts (the contract's enum for GET /clients). */
export const CLIENT_FIELDS = new Set([
  'client_attrs',
  'awaiting_rel_cnt',
  'awaiting_rel_max',
  'clean_start',
  'clientid',
  'connected',
  'connected_at',
  'created_at',
  'disconnected_at',
  'expiry_interval',
  'heap_size',
  'inflight_cnt',
  'inflight_max',
  'ip_address',
  'is_bridge',
  'is_expired',
  'keepalive',
  'mailbox_len',
  'mqueue_dropped',
  'mqueue_len',
  'mqueue_max',
  'node',
  'port',
  'proto_name',
  'proto_ver',
  'recv_cnt',
  'recv_msg',
  'recv_msg.dropped',
  'recv_msg.dropped.await_pubrel_timeout',
  'recv_msg.qos0',
  'recv_msg.qos1',
  'recv_msg.qos2',
  'recv_oct',
  'recv_pkt',
  'reductions',
  'send_cnt',
  'send_msg',
  'send_msg.dropped',
  'send_msg.dropped.expired',
  'send_msg.dropped.queue_full',
  'send_msg.dropped.too_large',
  'send_msg.qos0',
  'send_msg.qos1',
  'send_msg.qos2',
  'send_oct',
  'send_pkt',
  'subscriptions_cnt',
  'subscriptions_max',
  'username',
  'mountpoint',
  'durable',
  'n_streams',
  'seqno_q1_comm',
  'seqno_q1_dup',
  'seqno_q1_next',
  'seqno_q2_comm',
  'seqno_q2_dup',
  'seqno_q2_rec',
  'seqno_q2_next',
]);

/** Per-connection counters EMQX always lists, 0 when the broker has not counted any yet. */
const CONN_STATS: readonly (keyof ClientView & `${'recv' | 'send'}_${string}`)[] = [
  'recv_oct',
  'recv_cnt',
  'recv_pkt',
  'recv_msg',
  'recv_msg.qos0',
  'recv_msg.qos1',
  'recv_msg.qos2',
  'recv_msg.dropped',
  'recv_msg.dropped.await_pubrel_timeout',
  'send_oct',
  'send_cnt',
  'send_pkt',
  'send_msg',
  'send_msg.qos0',
  'send_msg.qos1',
  'send_msg.qos2',
  'send_msg.dropped',
  'send_msg.dropped.expired',
  'send_msg.dropped.queue_full',
  'send_msg.dropped.too_large',
];

const infinity = (n: number | null): number | 'infinity' => (n === null ? 'infinity' : n);

export function isExpired(c: ClientInfo, now = Date.now()): boolean {
  return !c.connected && c.disconnectedAt !== undefined && c.disconnectedAt + c.expiryInterval * 1000 < now;
}

export function toClient(c: ClientInfo): ClientView {
  const out: ClientView = {
    clientid: c.clientid,
    username: c.username,
    node: c.node,
    ip_address: c.ipAddress,
    port: c.port,
    peerport: c.port,
    sockport: c.sockport,
    listener: c.listener,
    proto_name: c.protoName,
    proto_ver: c.protoVer,
    clean_start: c.cleanStart,
    keepalive: c.keepalive,
    expiry_interval: c.expiryInterval,
    connected: c.connected,
    connected_at: rfc3339(c.connectedAt),
    created_at: rfc3339(c.createdAt),
    is_bridge: c.isBridge,
    is_expired: isExpired(c),
    // "persistent" in EMQX 5.8 means a durable-storage session: true only while durable_sessions is on
    is_persistent: c.durable === true,
    durable: c.durable === true,
    enable_authn: c.enableAuthn,
    mountpoint: c.mountpoint || null,
    client_attrs: c.clientAttrs,
    subscriptions_cnt: c.subscriptionsCnt,
    subscriptions_max: infinity(c.subscriptionsMax),
    inflight_cnt: c.inflightCnt,
    inflight_max: c.inflightMax,
    mqueue_len: c.mqueueLen,
    mqueue_max: infinity(c.mqueueMax),
    mqueue_dropped: c.mqueueDropped,
    awaiting_rel_cnt: c.awaitingRelCnt,
    awaiting_rel_max: infinity(c.awaitingRelMax),
    mailbox_len: c.mailboxLen,
    heap_size: 0,
    reductions: 0,
  };
  if (c.disconnectedAt !== undefined && !c.connected) out.disconnected_at = rfc3339(c.disconnectedAt);
  for (const key of CONN_STATS) out[key] = c.stats[key] ?? 0;
  return out;
}

/** Parse `fields`: 'all' (default) or a comma list of client field names. */
export function parseFields(raw: unknown): string[] | undefined {
  const parts = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .flatMap((v) => String(v).split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0 || (parts.length === 1 && parts[0] === 'all')) return undefined;
  for (const f of parts) {
    if (f === 'all') throw new ApiError(400, 'BAD_REQUEST', "fields: 'all' cannot be combined with other field names");
    if (!CLIENT_FIELDS.has(f)) throw new ApiError(400, 'BAD_REQUEST', `fields: unknown client field '${f}'`);
  }
  return parts;
}

/** The client object cut to the `fields=` names (every client key is optional, so the cut is still one). */
export function pick(obj: ClientView, fields: string[] | undefined): ClientView {
  if (!fields) return obj;
  const out: ClientView = {};
  for (const f of fields) if (isClientKey(obj, f)) copyKey(obj, out, f);
  return out;
}

const isClientKey = (obj: ClientView, key: string): key is keyof ClientView => key in obj;

function copyKey<K extends keyof ClientView>(from: ClientView, to: ClientView, key: K): void {
  to[key] = from[key];
}
