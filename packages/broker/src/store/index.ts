export type { SessionStore, SessionRow, StoredSession, StoredMessage, StoredAwaitingRel } from './session-store';
export { MemorySessionStore } from './memory';
export { attachSessionStore, type DurableHandle } from './durable';
export type { BacklogSettings } from './backlog';
