import type { SessionStore, StoredMessage, StoredSession } from './session-store';

/** In-memory SessionStore: the reference implementation for the conformance suite and for tests. */
export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, StoredSession>();
  private readonly messages = new Map<string, Map<number, StoredMessage>>();
  private seq = 0;

  saveSession(session: StoredSession): void {
    this.sessions.set(session.clientid, structuredClone(session));
  }

  deleteSession(clientid: string): void {
    this.sessions.delete(clientid);
    this.messages.delete(clientid);
  }

  loadSessions(): StoredSession[] {
    return [...this.sessions.values()].map((s) => structuredClone(s));
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

  loadMessages(clientid: string): StoredMessage[] {
    return [...(this.messages.get(clientid)?.values() ?? [])].sort((a, b) => a.seq - b.seq);
  }

  clear(): void {
    this.sessions.clear();
    this.messages.clear();
  }
}
