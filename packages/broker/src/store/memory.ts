import type { SubscriptionInfo } from '../types';
import type { SessionRow, SessionStore, StoredAwaitingRel, StoredMessage, StoredSession } from './session-store';

/** In-memory SessionStore: the reference implementation for the conformance suite and for tests. */
export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, Omit<StoredSession, 'subs'>>();
  /** per client: topic → subscription, in the order first subscribed */
  private readonly subs = new Map<string, Map<string, SubscriptionInfo>>();
  private readonly messages = new Map<string, Map<number, StoredMessage>>();
  private readonly awaiting = new Map<string, Map<number, number>>();
  private seq = 0;

  saveSession(session: SessionRow): void {
    const { subs, ...row } = structuredClone(session);
    this.sessions.set(session.clientid, row);
    if (subs) this.subs.set(session.clientid, new Map(subs.map((sub) => [sub.topic, sub])));
  }

  saveSubscription(clientid: string, sub: SubscriptionInfo): void {
    let m = this.subs.get(clientid);
    if (!m) this.subs.set(clientid, (m = new Map()));
    m.set(sub.topic, structuredClone(sub));
  }

  deleteSubscription(clientid: string, topic: string): void {
    this.subs.get(clientid)?.delete(topic);
  }

  deleteSession(clientid: string): void {
    this.sessions.delete(clientid);
    this.subs.delete(clientid);
    this.messages.delete(clientid);
    this.awaiting.delete(clientid);
  }

  loadSessions(): StoredSession[] {
    return [...this.sessions.values()].map((s) => structuredClone({ ...s, subs: [...(this.subs.get(s.clientid)?.values() ?? [])] }));
  }

  appendMessage(clientid: string, message: Omit<StoredMessage, 'seq'>): number {
    const seq = ++this.seq;
    let m = this.messages.get(clientid);
    if (!m) this.messages.set(clientid, (m = new Map()));
    m.set(seq, { ...message, seq });
    return seq;
  }

  ackMessage(clientid: string, seq: number): void {
    this.messages.get(clientid)?.delete(seq);
  }

  loadMessages(clientid: string, after = 0, limit = Infinity): StoredMessage[] {
    const all = [...(this.messages.get(clientid)?.values() ?? [])].filter((m) => m.seq > after).sort((a, b) => a.seq - b.seq);
    return all.slice(0, limit).map((m) => ({ ...m }));
  }

  countMessages(clientid: string): number {
    return [...(this.messages.get(clientid)?.values() ?? [])].filter((m) => m.packetId === undefined).length;
  }

  loadInflight(clientid: string): StoredMessage[] {
    return this.loadMessages(clientid).filter((m) => m.packetId !== undefined);
  }

  expireMessages(before: number, limit: number): { clientid: string; seq: number }[] {
    const old: { clientid: string; seq: number }[] = [];
    const at = new Map<number, number>();
    for (const [clientid, m] of this.messages)
      for (const [seq, row] of m)
        if (row.msg.timestamp < before) {
          old.push({ clientid, seq });
          at.set(seq, row.msg.timestamp);
        }
    const out = old.sort((a, b) => at.get(a.seq)! - at.get(b.seq)! || a.seq - b.seq).slice(0, limit);
    for (const { clientid, seq } of out) this.messages.get(clientid)!.delete(seq);
    return out;
  }

  messageStats(): { messages: number; sessions: number; oldest: number | null } {
    let messages = 0;
    let sessions = 0;
    let oldest: number | null = null;
    for (const m of this.messages.values()) {
      if (m.size > 0) sessions++;
      for (const row of m.values()) {
        messages++;
        if (oldest === null || row.msg.timestamp < oldest) oldest = row.msg.timestamp;
      }
    }
    return { messages, sessions, oldest };
  }

  setInflight(clientid: string, seq: number, packetId: number, phase: 'publish' | 'pubrel'): void {
    const m = this.messages.get(clientid)?.get(seq);
    if (m) Object.assign(m, { packetId, phase });
  }

  addAwaitingRel(clientid: string, packetId: number, at: number): void {
    let m = this.awaiting.get(clientid);
    if (!m) this.awaiting.set(clientid, (m = new Map()));
    m.set(packetId, at);
  }

  removeAwaitingRel(clientid: string, packetId: number): void {
    this.awaiting.get(clientid)?.delete(packetId);
  }

  loadAwaitingRel(clientid: string): StoredAwaitingRel[] {
    return [...(this.awaiting.get(clientid) ?? [])].map(([packetId, at]) => ({ packetId, at })).sort((a, b) => a.packetId - b.packetId);
  }

  clear(): void {
    this.sessions.clear();
    this.subs.clear();
    this.messages.clear();
    this.awaiting.clear();
  }
}
