// Counting what an import did, item by item: new (success), changed (override), already the same (skipped) or
// refused (failed, with its reason kept for the answer).
import type { Outcome } from './tables';

export interface Item<T> {
  name: string;
  value?: T;
  /** why it is left out (counted as failed) */
  error?: string;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export interface Counts {
  total: number;
  success: number;
  override: number;
  skipped: number;
  failed: number;
}

export const emptyCounts = (): Counts => ({ total: 0, success: 0, override: 0, skipped: 0, failed: 0 });

type Apply<T> = (value: T, name: string) => Promise<Outcome>;

export async function applyItems<T>(items: Item<T>[], apply: Apply<T>, errors: string[], what: string): Promise<Counts> {
  const counts = emptyCounts();
  for (const item of items) {
    counts.total += 1;
    if (item.error !== undefined) {
      counts.failed += 1;
      errors.push(`${what} ${item.name}: ${item.error}`);
      continue;
    }
    try {
      counts[await apply(item.value as T, item.name)] += 1;
    } catch (err) {
      counts.failed += 1;
      errors.push(`${what} ${item.name}: ${message(err)}`);
    }
  }
  return counts;
}
