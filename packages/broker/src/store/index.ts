export type { SessionStore, StoredSession, StoredMessage } from './session-store';
export { MemorySessionStore } from './memory';
export { attachSessionStore, type DurableHandle } from './durable';
