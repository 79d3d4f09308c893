// Banned clients: SQLite rows (bans survive restarts) mirrored in memory, so the CONNECT check is a
// map lookup for clientid/username/peerhost plus one compiled test per regex/CIDR ban.
// Expired bans are invisible at once and deleted by a periodic sweep.
import { isIP } from 'node:net';
import type { BanView } from '@mqdeck/api';
import type { Broker } from '@mqdeck/broker';
import type { Db } from '../../storage/db';
import { ApiError } from '../../errors';
import { isOneOf } from '../../shared/guards';
import { rfc3339 } from '../../shared/time';
import { BAN_KINDS, compilePattern, exactKey, type BanKind, type PatternTest, type Who } from './match';

export interface Ban {
  as: BanKind;
  who: string;
  by: string;
  reason: string;
  at: number; // epoch ms
  until: number | null; // epoch ms, null = infinity
}

interface Row {
  kind: BanKind;
  who: string;
  by: string;
  reason: string;
  at: number;
  until: number | null;
}

const EXACT = ['clientid', 'username', 'peerhost'] as const;
type ExactKind = (typeof EXACT)[number];

export const toBanView = (ban: Ban): BanView => ({
  as: ban.as,
  who: ban.who,
  by: ban.by,
  reason: ban.reason,
  at: rfc3339(ban.at, 's'),
  until: ban.until === null ? 'infinity' : rfc3339(ban.until, 's'),
});

const keyOf = (kind: BanKind, who: string) => `${kind}\u0000${who}`;

export class BannedService {
  /** every ban in creation order, keyed by kind + who */
  private readonly all = new Map<string, Ban>();
  private readonly exact: Record<ExactKind, Map<string, Ban>> = { clientid: new Map(), username: new Map(), peerhost: new Map() };
  private readonly patterns = new Map<string, { ban: Ban; test: PatternTest }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly broker: Broker,
  ) {
    const rows = db.prepare<[], Row>('SELECT kind, who, by, reason, at, until FROM banned ORDER BY at').all();
    for (const r of rows) {
      try {
        this.index({ as: r.kind, who: r.who, by: r.by, reason: r.reason, at: r.at, until: r.until });
      } catch {
        // a row that no longer compiles (should not happen: it was validated on create) is dropped
        db.prepare('DELETE FROM banned WHERE kind = ? AND who = ?').run(r.kind, r.who);
      }
    }
    this.sweepExpired();
    this.sweeper = setInterval(() => this.sweepExpired(), 5_000);
    this.sweeper.unref();
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  /** Whether an active ban refuses this CONNECT (the hot path: nothing is allocated while no ban exists). */
  refuses(clientid: string, username: string | null, peerhost: string): boolean {
    return this.all.size > 0 && this.check({ clientid, username, peerhost }) !== undefined;
  }

  /** The active ban that refuses this client, if any. */
  check(who: Who, now = Date.now()): Ban | undefined {
    if (this.all.size === 0) return undefined;
    for (const kind of EXACT) {
      const key = exactKey(kind, who);
      const ban = key === null ? undefined : this.exact[kind].get(key);
      if (ban && active(ban, now)) return ban;
    }
    for (const { ban, test } of this.patterns.values()) if (active(ban, now) && test(who)) return ban;
    return undefined;
  }

  /** Active bans in creation order. */
  list(now = Date.now()): Ban[] {
    return [...this.all.values()].filter((b) => active(b, now));
  }

  get(kind: BanKind, who: string): Ban | undefined {
    const ban = this.all.get(keyOf(kind, who));
    return ban && active(ban) ? ban : undefined;
  }

  /**
   * Adds a ban and kicks the connected clients it matches. An active ban on the same (as, who) is
   * refused with EMQX's 400 ALREADY_EXISTS whose message is the existing ban as JSON text.
   */
  create(ban: Ban): Ban {
    if (!BAN_KINDS.includes(ban.as)) throw new ApiError(400, 'BAD_REQUEST', `as: unknown ban type '${String(ban.as)}'`);
    if (ban.who === '') throw new ApiError(400, 'BAD_REQUEST', 'who: must not be empty');
    if (ban.as === 'peerhost' && isIP(ban.who) === 0) throw new ApiError(400, 'BAD_REQUEST', `bad peerhost: '${ban.who}'`);
    if (ban.until !== null && ban.until <= Date.now()) {
      throw new ApiError(400, 'BAD_REQUEST', `Cannot create expired banned, ${rfc3339(ban.at, 's')} to ${rfc3339(ban.until, 's')}`);
    }
    const existing = this.get(ban.as, ban.who);
    if (existing) throw new ApiError(400, 'ALREADY_EXISTS', JSON.stringify(toBanView(existing)));
    const test = compilePattern(ban.as, ban.who); // throws 400 before anything is stored
    this.removeFromIndex(ban.as, ban.who);
    this.db.prepare('INSERT OR REPLACE INTO banned (kind, who, by, reason, at, until) VALUES (?, ?, ?, ?, ?, ?)').run(ban.as, ban.who, ban.by, ban.reason, ban.at, ban.until);
    this.index(ban, test);
    this.kickMatching(ban, test);
    return ban;
  }

  delete(kind: BanKind, who: string): boolean {
    const found = this.get(kind, who) !== undefined;
    this.db.prepare('DELETE FROM banned WHERE kind = ? AND who = ?').run(kind, who);
    this.removeFromIndex(kind, who);
    return found;
  }

  clear(): void {
    this.db.prepare('DELETE FROM banned').run();
    this.all.clear();
    for (const map of Object.values(this.exact)) map.clear();
    this.patterns.clear();
  }

  private index(ban: Ban, test = compilePattern(ban.as, ban.who)): void {
    const key = keyOf(ban.as, ban.who);
    this.all.set(key, ban);
    if (test) this.patterns.set(key, { ban, test });
    else this.exact[ban.as as ExactKind].set(ban.who, ban);
  }

  private removeFromIndex(kind: BanKind, who: string): void {
    const key = keyOf(kind, who);
    this.all.delete(key);
    this.patterns.delete(key);
    if (isOneOf(EXACT, kind)) this.exact[kind].delete(who);
  }

  private kickMatching(ban: Ban, test: PatternTest | undefined): void {
    for (const client of this.broker.clients()) {
      if (!client.connected) continue;
      const who: Who = { clientid: client.clientid, username: client.username, peerhost: client.ipAddress };
      const hit = test ? test(who) : exactKey(ban.as as ExactKind, who) === ban.who;
      if (hit) this.broker.kick(client.clientid);
    }
  }

  private sweepExpired(now = Date.now()): void {
    const expired = [...this.all.values()].filter((b) => !active(b, now));
    if (expired.length === 0) return;
    const del = this.db.prepare('DELETE FROM banned WHERE kind = ? AND who = ? AND until IS NOT NULL AND until <= ?');
    this.db.transaction(() => {
      for (const b of expired) del.run(b.as, b.who, now);
    })();
    for (const b of expired) this.removeFromIndex(b.as, b.who);
  }
}

function active(ban: Ban, now = Date.now()): boolean {
  return ban.until === null || ban.until > now;
}
