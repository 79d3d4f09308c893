import type { ISubscribePacket, ISubscription } from 'mqtt-packet';
import type { Connection } from '../connection/connection';
import type { QoS, RetainedMessage, SubOptions, SubscriptionInfo } from '../types';
import { hasWildcard, isValidTopicFilter, parseFilter } from '../topics/validate';

interface Outcome {
  code: number;
  retained?: RetainedMessage[];
  sub?: SubscriptionInfo;
}

/** the mounted topic as stored and shown: `$share/<g>/` or `$queue/` prefix kept, mountpoint applied to the filter */
function mountedTopic(conn: Connection, raw: string, group: string | undefined, filter: string, exclusive: boolean): string {
  if (!conn.mountpoint) return raw;
  const f = conn.mount(filter);
  if (group === '$queue') return `$queue/${f}`;
  if (group) return `$share/${group}/${f}`;
  return exclusive ? `$exclusive/${f}` : f;
}

async function one(conn: Connection, req: ISubscription, subid: number | undefined): Promise<Outcome | 'protocol_error'> {
  const b = conn.core;
  const s = b.settings;
  const v5 = conn.protoVer === 5;
  const session = conn.session!;
  b.counters.incr('client.subscribe');
  let raw = req.topic;
  let parsed = parseFilter(raw, s.exclusiveSubscription);
  if (!parsed || !isValidTopicFilter(parsed.filter, s.maxTopicLevels)) return { code: v5 ? 0x8f : 0x80 };
  if (parsed.group !== undefined) {
    if (!s.sharedSubscription) return { code: v5 ? 0x9e : 0x80 };
    if (req.nl) return 'protocol_error'; // [MQTT-3.8.3-4]
  }
  if (hasWildcard(parsed.filter) && !s.wildcardSubscription) return { code: v5 ? 0xa2 : 0x80 };
  const qos = Math.min(req.qos, s.maxQosAllowed) as QoS;
  if (b.hooks.authorize) {
    const allowed = await b.authorize(conn, 'subscribe', conn.mount(parsed.filter), qos);
    if (!allowed) {
      b.counters.incr('packets.subscribe.auth_error');
      if (b.hooks.denyAction?.() === 'disconnect') return { code: -1 };
      return { code: v5 ? 0x87 : 0x80 };
    }
  }
  const opts: SubOptions = { qos, nl: req.nl ? 1 : 0, rap: req.rap ? 1 : 0, rh: (req.rh ?? 0) as 0 | 1 | 2, subid };
  if (opts.rh > 2) return 'protocol_error';
  if (b.hooks.subscribe) {
    // `client.subscribe` (topic rewrite) runs after authorization, as in EMQX; what it returns is what gets subscribed
    const dest = await b.hooks.subscribe(conn.identity, req.topic, opts);
    if (conn.state === 'closed') return { code: 0x80 };
    if (dest === null) return { code: 0x80 };
    if (dest !== req.topic) {
      const next = parseFilter(dest, s.exclusiveSubscription);
      if (!next || !isValidTopicFilter(next.filter, s.maxTopicLevels)) return { code: v5 ? 0x8f : 0x80 };
      if (next.group !== undefined && !s.sharedSubscription) return { code: v5 ? 0x9e : 0x80 };
      if (hasWildcard(next.filter) && !s.wildcardSubscription) return { code: v5 ? 0xa2 : 0x80 };
      parsed = next;
      raw = dest;
    }
  }
  const topic = mountedTopic(conn, raw, parsed.group, parsed.filter, !!parsed.exclusive);
  if (s.maxSubscriptions !== null && !session.subs.has(topic) && session.subs.size >= s.maxSubscriptions) {
    return { code: v5 ? 0x97 : 0x80 }; // quota exceeded
  }
  const result = b.router.addSubscription(session, topic, opts);
  if (result === 'exclusive_taken') return { code: v5 ? 0x97 : 0x80 };
  let retained: RetainedMessage[] | undefined;
  // [MQTT-3.3.1-9..11] retain handling; shared subscriptions never get retained messages [MQTT-4.8.2-?]
  if (parsed.group === undefined && s.retainAvailable && (opts.rh === 0 || (opts.rh === 1 && !result.existed))) {
    retained = b.retained.match(conn.mount(parsed.filter));
  }
  return { code: qos, retained, sub: result.sub };
}

export async function handleSubscribe(conn: Connection, packet: ISubscribePacket): Promise<void> {
  const b = conn.core;
  b.counters.incr('packets.subscribe.received');
  // a Subscription Identifier of 0 or given twice, and an empty list, were refused in validate*.ts
  const subid = conn.protoVer === 5 ? packet.properties?.subscriptionIdentifier : undefined;
  const outcomes: Outcome[] = [];
  for (const req of packet.subscriptions) {
    const o = await one(conn, req, subid);
    if (conn.state === 'closed') return;
    if (o === 'protocol_error') {
      b.counters.incr('packets.subscribe.error');
      conn.close('protocol_error', 0x82);
      return;
    }
    if (o.code === -1) {
      conn.close('not_authorized', 0x87);
      return;
    }
    if (o.code >= 0x80 && o.code !== 0x87) b.counters.incr('packets.subscribe.error');
    outcomes.push(o);
  }
  conn.send({ cmd: 'suback', messageId: packet.messageId, granted: outcomes.map((o) => o.code) }); // [MQTT-3.8.4-1]
  for (const o of outcomes) {
    if (o.retained && o.sub) b.retainedDelivery.deliverRetained(conn.session!, o.sub, o.retained);
  }
}
