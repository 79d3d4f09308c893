// Login throttling (our addition, not EMQX's): after 5 consecutive failures for the same username from
// the same address, that pair is refused for 60 s. A success resets the count.
export const MAX_FAILURES = 5;
export const LOCK_MS = 60_000;
const MAX_TRACKED = 10_000;

export class LoginLimiter {
  private readonly entries = new Map<string, { failures: number; lockedUntil: number }>();

  private key(username: string, ip: string): string {
    return `${ip}\u0000${username}`;
  }

  /** Seconds left on a lock, or 0 when the pair may try. */
  lockedFor(username: string, ip: string, now = Date.now()): number {
    const entry = this.entries.get(this.key(username, ip));
    if (!entry || entry.lockedUntil <= now) return 0;
    return Math.ceil((entry.lockedUntil - now) / 1000);
  }

  fail(username: string, ip: string, now = Date.now()): void {
    const key = this.key(username, ip);
    const entry = this.entries.get(key) ?? { failures: 0, lockedUntil: 0 };
    if (entry.lockedUntil && entry.lockedUntil <= now) {
      entry.failures = 0;
      entry.lockedUntil = 0;
    }
    entry.failures += 1;
    if (entry.failures >= MAX_FAILURES) entry.lockedUntil = now + LOCK_MS;
    this.entries.set(key, entry);
    if (this.entries.size > MAX_TRACKED) this.prune(now);
  }

  /** Bounded memory under a spray of usernames/addresses: forget pairs that are not locked. */
  private prune(now: number): void {
    for (const [key, entry] of this.entries) if (entry.lockedUntil <= now) this.entries.delete(key);
  }

  succeed(username: string, ip: string): void {
    this.entries.delete(this.key(username, ip));
  }
}
