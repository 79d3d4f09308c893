// EMQX counter and gauge names, exactly as `GET /api/v5/metrics` and `/stats` report them.

export const COUNTER_NAMES = [
  'bytes.received',
  'bytes.sent',
  'packets.received',
  'packets.sent',
  'packets.connect.received',
  'packets.connack.sent',
  'packets.connack.error',
  'packets.connack.auth_error',
  'packets.publish.received',
  'packets.publish.sent',
  'packets.publish.inuse',
  'packets.publish.error',
  'packets.publish.auth_error',
  'packets.publish.dropped',
  'packets.puback.received',
  'packets.puback.sent',
  'packets.puback.inuse',
  'packets.puback.missed',
  'packets.pubrec.received',
  'packets.pubrec.sent',
  'packets.pubrec.inuse',
  'packets.pubrec.missed',
  'packets.pubrel.received',
  'packets.pubrel.sent',
  'packets.pubrel.missed',
  'packets.pubcomp.received',
  'packets.pubcomp.sent',
  'packets.pubcomp.inuse',
  'packets.pubcomp.missed',
  'packets.subscribe.received',
  'packets.subscribe.error',
  'packets.subscribe.auth_error',
  'packets.suback.sent',
  'packets.unsubscribe.received',
  'packets.unsubscribe.error',
  'packets.unsuback.sent',
  'packets.pingreq.received',
  'packets.pingresp.sent',
  'packets.disconnect.received',
  'packets.disconnect.sent',
  'packets.auth.received',
  'packets.auth.sent',
  'messages.received',
  'messages.sent',
  'messages.qos0.received',
  'messages.qos0.sent',
  'messages.qos1.received',
  'messages.qos1.sent',
  'messages.qos2.received',
  'messages.qos2.sent',
  'messages.publish',
  'messages.dropped',
  'messages.validation_failed',
  'messages.validation_succeeded',
  'messages.transformation_failed',
  'messages.transformation_succeeded',
  'messages.dropped.await_pubrel_timeout',
  'messages.dropped.no_subscribers',
  'messages.forward',
  'messages.delayed',
  'messages.delivered',
  'messages.acked',
  'messages.persisted',
  'delivery.dropped',
  'delivery.dropped.no_local',
  'delivery.dropped.too_large',
  'delivery.dropped.qos0_msg',
  'delivery.dropped.queue_full',
  'delivery.dropped.expired',
  'client.connect',
  'client.connack',
  'client.connected',
  'client.authenticate',
  'client.auth.anonymous',
  'client.authorize',
  'client.subscribe',
  'client.unsubscribe',
  'client.disconnected',
  'session.created',
  'session.resumed',
  'session.takenover',
  'session.discarded',
  'session.terminated',
  'authorization.allow',
  'authorization.deny',
  'authorization.cache_hit',
  'authorization.cache_miss',
  'authorization.matched.allow',
  'authorization.matched.deny',
  'authorization.nomatch',
  'authorization.superuser',
  'authentication.success',
  'authentication.success.anonymous',
  'authentication.failure',
  'overload_protection.delay.ok',
  'overload_protection.delay.timeout',
  'overload_protection.hibernation',
  'overload_protection.gc',
  'overload_protection.new_conn',
] as const;

export type CounterName = (typeof COUNTER_NAMES)[number];

export const GAUGE_NAMES = [
  'connections',
  'live_connections',
  'channels',
  'sessions',
  'cluster_sessions',
  'topics',
  'subscriptions',
  'subscriptions.shared',
  'suboptions',
  'subscribers',
  'retained',
  'delayed',
] as const;

export type GaugeName = (typeof GAUGE_NAMES)[number];

/** slot of each EMQX counter name in Counters (hot paths add to a slot: no string key per message) */
export const C = Object.fromEntries(COUNTER_NAMES.map((name, i) => [name, i])) as Record<CounterName, number>;

/**
 * Node-wide counters. Unknown names are accepted (the server may add its own) so `incr` never throws.
 * Values sit in a typed array; a name maps to its slot once, and the per-message paths use `add(C[...])`.
 */
export class Counters {
  private readonly slots = new Map<string, number>();
  private values = new Float64Array(COUNTER_NAMES.length + 32);

  constructor() {
    for (const name of COUNTER_NAMES) this.slot(name);
  }

  /** the slot of a counter, created at 0 on first use */
  slot(name: string): number {
    let i = this.slots.get(name);
    if (i === undefined) {
      i = this.slots.size;
      this.slots.set(name, i);
      if (i >= this.values.length) {
        const grown = new Float64Array(this.values.length * 2);
        grown.set(this.values);
        this.values = grown;
      }
    }
    return i;
  }

  add(slot: number, n = 1): void {
    this.values[slot] += n;
  }

  incr(name: string, n = 1): void {
    this.values[this.slot(name)] += n;
  }

  get(name: string): number {
    const i = this.slots.get(name);
    return i === undefined ? 0 : this.values[i];
  }

  snapshot(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [name, i] of this.slots) out[name] = this.values[i];
    return out;
  }
}

const GAUGE_SLOT = Object.fromEntries(GAUGE_NAMES.map((name, i) => [name, i])) as Record<GaugeName, number>;

/** Gauges with a high-water mark since start (`<name>.count` / `<name>.max`); set several times per connect, so slots, not maps. */
export class Gauges {
  private readonly count = new Float64Array(GAUGE_NAMES.length);
  private readonly max = new Float64Array(GAUGE_NAMES.length);

  set(name: GaugeName, value: number): void {
    const i = GAUGE_SLOT[name];
    this.count[i] = value;
    if (value > this.max[i]) this.max[i] = value;
  }

  snapshot(): Record<string, number> {
    const out: Record<string, number> = {};
    GAUGE_NAMES.forEach((name, i) => {
      out[`${name}.count`] = this.count[i];
      out[`${name}.max`] = this.max[i];
    });
    return out;
  }
}

/** Per-connection counters with EMQX's names (ClientInfo.stats). */
export const CLIENT_STAT_NAMES = [
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
] as const;

/**
 * One connection's counters. A class with every name declared keeps them in the object itself (~200 B); the same
 * names added one by one to a `{}` turn it into a dictionary (~870 B), for every connection.
 * A connection keeps the six byte/packet counters every connect moves as fields of its own and builds a
 * `MessageStats` (the message counters) at its first message: an idle connection has none. `Connection.stats`
 * puts both together into a `ClientStats` when read.
 */
class ClientStats implements Record<(typeof CLIENT_STAT_NAMES)[number], number> {
  [name: string]: number;
  recv_oct = 0;
  recv_cnt = 0;
  recv_pkt = 0;
  recv_msg = 0;
  'recv_msg.qos0' = 0;
  'recv_msg.qos1' = 0;
  'recv_msg.qos2' = 0;
  'recv_msg.dropped' = 0;
  'recv_msg.dropped.await_pubrel_timeout' = 0;
  send_oct = 0;
  send_cnt = 0;
  send_pkt = 0;
  send_msg = 0;
  'send_msg.qos0' = 0;
  'send_msg.qos1' = 0;
  'send_msg.qos2' = 0;
  'send_msg.dropped' = 0;
  'send_msg.dropped.expired' = 0;
  'send_msg.dropped.queue_full' = 0;
  'send_msg.dropped.too_large' = 0;
}

export function newClientStats(): Record<string, number> {
  return new ClientStats();
}

/** the message counters of one connection (CLIENT_STAT_NAMES without the *_oct, *_cnt, *_pkt ones) */
export class MessageStats {
  [name: string]: number;
  recv_msg = 0;
  'recv_msg.qos0' = 0;
  'recv_msg.qos1' = 0;
  'recv_msg.qos2' = 0;
  'recv_msg.dropped' = 0;
  'recv_msg.dropped.await_pubrel_timeout' = 0;
  send_msg = 0;
  'send_msg.qos0' = 0;
  'send_msg.qos1' = 0;
  'send_msg.qos2' = 0;
  'send_msg.dropped' = 0;
  'send_msg.dropped.expired' = 0;
  'send_msg.dropped.queue_full' = 0;
  'send_msg.dropped.too_large' = 0;
}

/** the byte and packet counters a connection holds as fields */
export interface IoCounters {
  readonly recvOct: number;
  readonly recvCnt: number;
  readonly recvPkt: number;
  readonly sendOct: number;
  readonly sendCnt: number;
  readonly sendPkt: number;
}

/** a connection's counters as EMQX names them (ClientInfo.stats): a new object, read once */
export function clientStatsOf(io: IoCounters, msgs: MessageStats | null): Record<string, number> {
  const out = new ClientStats();
  if (msgs !== null) for (const k in msgs) out[k] = msgs[k];
  out.recv_oct = io.recvOct;
  out.recv_cnt = io.recvCnt;
  out.recv_pkt = io.recvPkt;
  out.send_oct = io.sendOct;
  out.send_cnt = io.sendCnt;
  out.send_pkt = io.sendPkt;
  return out;
}
