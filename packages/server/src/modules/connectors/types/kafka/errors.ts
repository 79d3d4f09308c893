// The operator's words for what kafkajs failed with, and whether the layer retries it: a broker that cannot be
// reached, a leader that moved, a timeout are retried (the message stays in the buffer); a refused record (too
// large, an invalid topic, an authorization failure) fails the message.
import type { SendOutcome } from '../../resource/types';

interface KafkaError {
  name?: string;
  message?: string;
  code?: string;
  type?: string;
  retriable?: boolean;
  originalError?: KafkaError;
  cause?: KafkaError;
}

const NETWORK: Record<string, string> = {
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'Connection reset by the broker',
  ETIMEDOUT: 'Connection timed out',
  ENOTFOUND: 'Could not resolve host',
  EAI_AGAIN: 'Could not resolve host',
  EHOSTUNREACH: 'Host unreachable',
  ENETUNREACH: 'Network unreachable',
};

function innermost(err: KafkaError): KafkaError {
  let e = err;
  for (let i = 0; i < 5 && (e.originalError || e.cause); i++) e = (e.originalError ?? e.cause)!;
  return e;
}

export function kafkaReason(err: unknown): string {
  const e = innermost(err ?? {});
  const code = e.code ?? /\b(E[A-Z]{4,})\b/.exec(e.message ?? '')?.[1];
  if (code && NETWORK[code]) return NETWORK[code];
  if (e.type === 'SASL_AUTHENTICATION_FAILED' || /SASL .*authentication failed/i.test(e.message ?? '')) return 'Authentication failed: the broker refused the username or password';
  if (e.type === 'UNKNOWN_TOPIC_OR_PARTITION' || /does not host this topic-partition|unknown topic/i.test(e.message ?? '')) return 'Unknown topic or partition';
  if (e.name === 'KafkaJSConnectionError' || e.name === 'KafkaJSRequestTimeoutError') return e.message ?? 'The Kafka broker cannot be reached';
  return e.message || String(err);
}

export function kafkaOutcome(err: unknown): SendOutcome {
  const e = innermost(err ?? {});
  const reason = kafkaReason(err);
  const recoverable = e.retriable === true || e.name === 'KafkaJSConnectionError' || e.name === 'KafkaJSRequestTimeoutError' || Object.values(NETWORK).includes(reason);
  return recoverable ? { ok: false, recoverable: true, reason } : { ok: false, recoverable: false, reason };
}
