// Retained message → EMQX's message_summary / message objects.
import type { Schemas } from '@mqdeck/api';
import type { RetainedMessage } from '@mqdeck/broker';
import { rfc3339 } from '../../shared/time';

/** Payloads above this size are left out of GET /mqtt/retainer/message/{topic}, as EMQX does. */
export const MAX_SHOWN_PAYLOAD = 1024 * 1024;

export function toSummary(m: RetainedMessage): Schemas['retainer.message_summary'] {
  return {
    msgid: m.id.toUpperCase(),
    topic: m.topic,
    qos: m.qos,
    publish_at: rfc3339(m.timestamp),
    // Erlang prints an undefined publisher as the literal "undefined" here.
    from_clientid: m.fromClientid ?? 'undefined',
    // EMQX reads the username from the message headers, an empty string when there is none (a node's own publish)
    from_username: m.fromUsername ?? '',
  };
}

export function toDetail(m: RetainedMessage): Schemas['retainer.message'] {
  const out: Schemas['retainer.message'] = toSummary(m);
  if (m.payload.length <= MAX_SHOWN_PAYLOAD) out.payload = m.payload.toString('base64');
  return out;
}
