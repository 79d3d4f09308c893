// The message logs of the store's connections, kept apart from the connection snapshots with their own listeners:
// a flush notifies only the message list of that connection, so tabs, forms and subscriptions never re-render
// with a flood. Incoming and published messages are batched: one log update (and one notification) per
// connection per flush interval instead of one per message: ~10 renders a second, ~2.5 during a flood (every
// render costs CPU that the browser's input handling, and on a small machine the broker itself, would rather have).
import { appendToLog, emptyLog } from '../model/messageLog';
import type { ConnectionLogs, LoggedMessage } from './types';

export const FLUSH_INTERVAL_MS = 100;
/** A batch this large means a flood: the view then refreshes less often (nobody reads 1,000 messages a second). */
export const FLOOD_BATCH = 200;
export const FLOOD_FLUSH_INTERVAL_MS = 400;

const EMPTY_LOGS: ConnectionLogs = Object.freeze({ received: emptyLog<LoggedMessage>(), published: emptyLog<LoggedMessage>() });

type Which = 'received' | 'published';

export function createMessageLogs({ cap, flushMs, floodFlushMs }: { cap: number; flushMs: number; floodFlushMs: number }) {
  const logs = new Map<string, ConnectionLogs>();
  const listeners = new Map<string, Set<() => void>>();
  const pending = new Map<string, Record<Which, LoggedMessage[]>>();
  let flooded = false;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  const set = (id: string, next: ConnectionLogs) => {
    logs.set(id, next);
    listeners.get(id)?.forEach((l) => l());
  };

  const flush = () => {
    flushTimer = undefined;
    let largest = 0;
    for (const [id, p] of pending) {
      largest = Math.max(largest, p.received.length + p.published.length);
      if (!p.received.length && !p.published.length) continue;
      const current = logs.get(id) ?? EMPTY_LOGS;
      const next = { received: appendToLog(current.received, p.received, cap), published: appendToLog(current.published, p.published, cap) };
      p.received = [];
      p.published = [];
      set(id, next);
    }
    flooded = largest >= FLOOD_BATCH;
  };

  return {
    add(id: string) {
      logs.set(id, EMPTY_LOGS);
      pending.set(id, { received: [], published: [] });
    },
    remove(id: string) {
      logs.delete(id);
      listeners.delete(id);
      pending.delete(id);
    },
    /** Queues a message for the next flush. */
    push(id: string, which: Which, message: LoggedMessage) {
      const p = pending.get(id);
      if (!p) return;
      p[which].push(message);
      flushTimer ??= setTimeout(flush, flooded ? floodFlushMs : flushMs);
    },
    get: (id: string): ConnectionLogs => logs.get(id) ?? EMPTY_LOGS,
    subscribe(id: string, listener: () => void) {
      let s = listeners.get(id);
      if (!s) listeners.set(id, (s = new Set()));
      s.add(listener);
      return () => {
        s.delete(listener);
      };
    },
    clear(id: string, which: Which) {
      const p = pending.get(id);
      if (!p) return;
      p[which] = [];
      set(id, { ...(logs.get(id) ?? EMPTY_LOGS), [which]: emptyLog() });
    },
    flushNow() {
      if (flushTimer) clearTimeout(flushTimer);
      flush();
    },
  };
}
