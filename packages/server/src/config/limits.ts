// Flow-control and force_shutdown config → the broker's numbers: listener `messages_rate` / `bytes_rate`
// (per client), the hidden `limiter` root (node-wide) and `force_shutdown` (EMQX: 0 disables a limit).
import type { ForceShutdown, NodeLimits, RateLimit } from '@mqdeck/broker';
import { parseBytes, parseRate } from './units';

/** "500/s", "10MB/10s" → RateLimit; "infinity" or absent → null; throws on anything else */
export function toRateLimit(value: unknown, what: string): RateLimit | null {
  if (value === undefined || value === null) return null;
  const parsed = parseRate(value);
  if (parsed === undefined || (parsed !== null && parsed.amount <= 0)) {
    throw new Error(`${what}: invalid rate ${JSON.stringify(value)}, expected e.g. "1000/s", "100KB/10s" or "infinity"`);
  }
  return parsed && { amount: parsed.amount, periodMs: parsed.perMs };
}

export function toForceShutdown(raw: Record<string, unknown> | undefined): ForceShutdown | null {
  if (!raw || raw.enable === false) return null;
  const mailbox = typeof raw.max_mailbox_size === 'number' && raw.max_mailbox_size > 0 ? raw.max_mailbox_size : null;
  const heap = parseBytes(raw.max_heap_size);
  return { maxMailboxSize: mailbox, maxHeapSize: heap ? heap : null };
}

/** the node's limits from the `limiter` and `force_shutdown` roots */
export function toNodeLimits(limiter: Record<string, unknown> | undefined, forceShutdown: Record<string, unknown> | undefined): NodeLimits {
  return {
    messagesRate: toRateLimit(limiter?.messages_rate, 'limiter.messages_rate'),
    bytesRate: toRateLimit(limiter?.bytes_rate, 'limiter.bytes_rate'),
    forceShutdown: toForceShutdown(forceShutdown),
  };
}
