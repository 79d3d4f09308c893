// A capped, immutable message log: appending keeps the newest `cap` entries and counts what fell out of view.

export interface MessageLog<T> {
  /** Oldest first, at most `cap` entries. */
  readonly items: readonly T[];
  /** Every message ever appended since the last clear (the counter shown to the operator). */
  readonly total: number;
  /** Messages evicted by the cap: counted but no longer shown. */
  readonly dropped: number;
}

export const DEFAULT_MESSAGE_CAP = 1000;

export function emptyLog<T>(): MessageLog<T> {
  return { items: [], total: 0, dropped: 0 };
}

export function appendToLog<T>(log: MessageLog<T>, batch: readonly T[], cap: number): MessageLog<T> {
  if (batch.length === 0) return log;
  const combined = log.items.length + batch.length;
  const overflow = Math.max(0, combined - cap);
  // Slice before concatenating so a flood never builds an array larger than cap + batch.
  const kept = overflow >= log.items.length ? [] : log.items.slice(overflow);
  const fresh = batch.length > cap ? batch.slice(batch.length - cap) : batch;
  return { items: kept.concat(fresh), total: log.total + batch.length, dropped: log.dropped + overflow };
}
