import type { IUnsubscribePacket } from 'mqtt-packet';
import type { Connection } from '../connection/connection';
import { isValidTopicFilter, parseFilter } from '../topics/validate';

export function handleUnsubscribe(conn: Connection, packet: IUnsubscribePacket): void | Promise<void> {
  // the synchronous path stays when no `client.unsubscribe` hook is attached
  if (conn.core.hooks.unsubscribe) return unsubscribeWithHook(conn, packet);
  const codes = packet.unsubscriptions.map((raw) => one(conn, raw, raw));
  ack(conn, packet, codes);
}

async function unsubscribeWithHook(conn: Connection, packet: IUnsubscribePacket): Promise<void> {
  const hook = conn.core.hooks.unsubscribe!;
  const codes: number[] = [];
  for (const raw of packet.unsubscriptions) {
    // an invalid filter is answered 0x8F without asking the hook
    const dest = valid(conn, raw) ? await hook(conn.identity, raw) : raw;
    if (conn.state === 'closed') return;
    if (dest === null) {
      conn.core.counters.incr('client.unsubscribe');
      conn.core.counters.incr('packets.unsubscribe.error');
      codes.push(0x80); // refused by the hook
      continue;
    }
    codes.push(one(conn, raw, dest));
  }
  ack(conn, packet, codes);
}

function valid(conn: Connection, filter: string): ReturnType<typeof parseFilter> {
  const s = conn.core.settings;
  const parsed = parseFilter(filter, s.exclusiveSubscription);
  return parsed && isValidTopicFilter(parsed.filter, s.maxTopicLevels) ? parsed : null;
}

/** `raw` as the client sent it, `filter` what the hook made of it (the same without a hook) */
function one(conn: Connection, raw: string, filter: string): number {
  const b = conn.core;
  b.counters.incr('client.unsubscribe');
  const parsed = valid(conn, filter);
  if (!parsed || (raw !== filter && !valid(conn, raw))) {
    b.counters.incr('packets.unsubscribe.error');
    return 0x8f; // topic filter invalid
  }
  let topic = filter;
  if (conn.mountpoint) {
    const f = conn.mount(parsed.filter);
    topic = parsed.group === '$queue' ? `$queue/${f}` : parsed.group ? `$share/${parsed.group}/${f}` : parsed.exclusive ? `$exclusive/${f}` : f;
  }
  const removed = b.router.removeSubscription(conn.session!, topic);
  if (!removed) b.counters.incr('packets.unsubscribe.error');
  return removed ? 0x00 : 0x11; // 0x11 no subscription existed
}

function ack(conn: Connection, packet: IUnsubscribePacket, codes: number[]): void {
  // [MQTT-3.10.4-4] UNSUBACK even when nothing matched; v3 has no reason codes
  conn.send(conn.protoVer === 5 ? { cmd: 'unsuback', messageId: packet.messageId, granted: codes } : { cmd: 'unsuback', messageId: packet.messageId, granted: [] });
}
