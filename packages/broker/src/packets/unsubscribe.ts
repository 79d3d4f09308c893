import type { IUnsubscribePacket } from 'mqtt-packet';
import type { Connection } from '../connection/connection';
import { isValidTopicFilter, parseFilter } from '../topics/validate';

export function handleUnsubscribe(conn: Connection, packet: IUnsubscribePacket): void {
  const b = conn.broker;
  b.counters.incr('packets.unsubscribe.received');
  const session = conn.session!;
  const codes: number[] = [];
  for (const raw of packet.unsubscriptions) {
    b.counters.incr('client.unsubscribe');
    const parsed = parseFilter(raw, b.settings.exclusiveSubscription);
    if (!parsed || !isValidTopicFilter(parsed.filter, b.settings.maxTopicLevels)) {
      b.counters.incr('packets.unsubscribe.error');
      codes.push(0x8f); // topic filter invalid
      continue;
    }
    let topic = raw;
    if (conn.mountpoint) {
      const f = conn.mount(parsed.filter);
      topic = parsed.group === '$queue' ? `$queue/${f}` : parsed.group ? `$share/${parsed.group}/${f}` : parsed.exclusive ? `$exclusive/${f}` : f;
    }
    const removed = b.removeSubscription(session, topic);
    if (!removed) b.counters.incr('packets.unsubscribe.error');
    codes.push(removed ? 0x00 : 0x11); // 0x11 no subscription existed
  }
  // [MQTT-3.10.4-4] UNSUBACK even when nothing matched; v3 has no reason codes
  conn.send(conn.protoVer === 5 ? { cmd: 'unsuback', messageId: packet.messageId, granted: codes } : { cmd: 'unsuback', messageId: packet.messageId, granted: [] });
}
