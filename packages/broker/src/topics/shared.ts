import type { PublishMessage, SharedStrategy, SubscriptionInfo } from '../types';
import type { Session } from '../session/session';

export interface SubEntry {
  session: Session;
  sub: SubscriptionInfo;
}

/** Members of one `$share/<group>/<filter>` (or `$queue/<filter>`) and the picking state of its strategy. */
export class SharedGroup {
  readonly members: SubEntry[] = [];
  private next = 0;
  private sticky?: SubEntry;

  add(entry: SubEntry): void {
    const i = this.members.findIndex((m) => m.session.clientid === entry.session.clientid);
    if (i >= 0) this.members[i] = entry;
    else this.members.push(entry);
  }

  remove(clientid: string): boolean {
    const i = this.members.findIndex((m) => m.session.clientid === clientid);
    if (i < 0) return false;
    if (this.sticky?.session.clientid === clientid) this.sticky = undefined;
    this.members.splice(i, 1);
    return true;
  }

  get size(): number {
    return this.members.length;
  }

  /** one member for this message; connected members are preferred over offline persistent sessions */
  pick(strategy: SharedStrategy, msg: PublishMessage): SubEntry | undefined {
    const online = this.members.filter((m) => m.session.conn?.isConnected);
    const pool = online.length > 0 ? online : this.members;
    if (pool.length === 0) return undefined;
    switch (strategy) {
      case 'sticky':
        if (!this.sticky || !pool.includes(this.sticky)) this.sticky = pool[Math.floor(Math.random() * pool.length)];
        return this.sticky;
      case 'hash_topic':
        return pool[hash(msg.topic) % pool.length];
      case 'hash_clientid':
        return pool[hash(msg.fromClientid ?? '') % pool.length];
      case 'random':
      case 'local': // single node: every member is local
        return pool[Math.floor(Math.random() * pool.length)];
      case 'round_robin':
      case 'round_robin_per_group':
      default: {
        const m = pool[this.next % pool.length];
        this.next = (this.next + 1) % 0x7fffffff;
        return m;
      }
    }
  }
}

/** FNV-1a: cheap and stable, so the same topic / client id always picks the same member */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
