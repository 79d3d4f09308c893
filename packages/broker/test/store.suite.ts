// Conformance suite for SessionStore implementations (memory here, SQLite in the server).
import { describe, expect, test } from 'vitest';
import type { SessionRow, SessionStore, StoredSession } from '../src/index';

const identity = {
  clientid: 'c1',
  username: 'u',
  peerhost: '127.0.0.1',
  listener: 'tcp:default',
  protoVer: 5 as const,
  isSuperuser: false,
  clientAttrs: { a: 'b' },
  mountpoint: '',
};
const session = (clientid = 'c1', over: Partial<StoredSession> = {}): StoredSession => ({
  clientid,
  identity: { ...identity, clientid },
  expiryInterval: 60,
  createdAt: 1_700_000_000_000,
  subs: [{ clientid, topic: 't/#', qos: 1, nl: 0, rap: 1, rh: 0, subid: 7 }],
  ...over,
});
/** the row without its subscriptions (what a disconnect writes) */
const bare = (s: StoredSession): SessionRow => {
  const row: SessionRow = { ...s };
  delete row.subs;
  return row;
};
const message = (topic: string, payload: string) => ({
  msg: {
    id: 'A'.repeat(32),
    topic,
    payload: Buffer.from(payload),
    qos: 1 as const,
    retain: false,
    fromClientid: 'p',
    fromUsername: null,
    timestamp: 1_700_000_000_123,
    properties: { correlationData: Buffer.from([1, 2]), userProperties: { k: 'v' } },
  },
  qos: 1 as const,
  retain: false,
  subids: [7],
});

/** Flush asynchronous parts (batched acks) before reading, when the implementation has any. */
export function sessionStoreSuite(name: string, open: () => { store: SessionStore; reopen?: () => SessionStore; flush?: () => void }): void {
  describe(`SessionStore conformance: ${name}`, () => {
    test('saves, replaces, loads and deletes sessions with subscriptions and identity', () => {
      const { store } = open();
      store.saveSession(session('c1'));
      store.saveSession(session('c2', { disconnectedAt: 5 }));
      store.saveSession(session('c1', { expiryInterval: 120, subs: [] }));
      const rows = store.loadSessions().sort((a, b) => a.clientid.localeCompare(b.clientid));
      expect(rows).toEqual([session('c1', { expiryInterval: 120, subs: [] }), session('c2', { disconnectedAt: 5 })]);
      store.deleteSession('c1');
      expect(store.loadSessions().map((s) => s.clientid)).toEqual(['c2']);
    });

    test('subscriptions: one written or removed at a time, in the order first subscribed; a row without subs keeps them', () => {
      const { store, reopen } = open();
      const sub = (topic: string, qos: 0 | 1 | 2 = 1) => ({ clientid: 'c1', topic, qos, nl: 0 as const, rap: 0 as const, rh: 0 as const });
      store.saveSession(session('c1', { subs: [sub('a')] }));
      store.saveSubscription('c1', sub('b'));
      store.saveSubscription('c1', sub('$share/g/c'));
      store.saveSubscription('c1', sub('a', 2)); // changed options: same place
      store.deleteSubscription('c1', 'b');
      store.saveSubscription('c2', { ...sub('x'), clientid: 'c2' });
      store.saveSession(bare(session('c1', { disconnectedAt: 9 }))); // a disconnect: the row changes, the subscriptions stay
      const expected = [session('c1', { disconnectedAt: 9, subs: [sub('a', 2), sub('$share/g/c')] })];
      expect(store.loadSessions()).toEqual(expected);
      const again = reopen ? reopen() : store;
      expect(again.loadSessions()).toEqual(expected);
      again.saveSession(session('c1', { subs: [sub('z')] })); // a new session replaces them all
      expect(again.loadSessions()[0].subs).toEqual([sub('z')]);
      again.deleteSession('c1');
      again.saveSession(bare(session('c1')));
      expect(again.loadSessions()[0].subs).toEqual([]); // they went with the session
    });

    test('messages keep their order, payload and properties; ack removes one; deleteSession removes all', () => {
      const { store, flush } = open();
      store.saveSession(session('c1'));
      const a = store.appendMessage('c1', message('t/1', 'one'));
      const b = store.appendMessage('c1', message('t/2', 'two'));
      store.appendMessage('c2', message('t/3', 'other'));
      expect(b).toBeGreaterThan(a);
      const loaded = store.loadMessages('c1');
      expect(loaded.map((m) => [m.seq, m.msg.topic, m.msg.payload.toString()])).toEqual([
        [a, 't/1', 'one'],
        [b, 't/2', 'two'],
      ]);
      expect(loaded[0]).toEqual({ ...message('t/1', 'one'), seq: a });
      store.ackMessage('c1', a);
      flush?.();
      expect(store.loadMessages('c1').map((m) => m.seq)).toEqual([b]);
      store.deleteSession('c1');
      flush?.();
      expect(store.loadMessages('c1')).toEqual([]);
      expect(store.loadMessages('c2')).toHaveLength(1);
      store.clear();
      expect(store.loadMessages('c2')).toEqual([]);
      expect(store.loadSessions()).toEqual([]);
    });

    test('QoS 2 state: a message keeps its packet id and phase; awaiting-PUBREL ids are added, removed, deleted with the session', () => {
      const { store, flush } = open();
      store.saveSession(session('c1'));
      const a = store.appendMessage('c1', { ...message('t/1', 'two'), qos: 2 as const });
      const b = store.appendMessage('c1', message('t/2', 'one'));
      store.setInflight('c1', a, 9, 'publish');
      expect(store.loadMessages('c1').map((m) => [m.seq, m.packetId, m.phase])).toEqual([
        [a, 9, 'publish'],
        [b, undefined, undefined],
      ]);
      store.setInflight('c1', a, 9, 'pubrel');
      expect(store.loadMessages('c1')[0]).toMatchObject({ seq: a, packetId: 9, phase: 'pubrel' });
      // the id comes back for another message only after the first one's ack: the ack is applied first
      store.ackMessage('c1', a);
      store.setInflight('c1', b, 9, 'publish');
      flush?.();
      expect(store.loadMessages('c1').map((m) => [m.seq, m.packetId])).toEqual([[b, 9]]);

      store.addAwaitingRel('c1', 3, 100);
      store.addAwaitingRel('c1', 1, 200);
      store.addAwaitingRel('c2', 3, 300);
      store.removeAwaitingRel('c1', 3);
      expect(store.loadAwaitingRel('c1')).toEqual([{ packetId: 1, at: 200 }]);
      store.deleteSession('c1');
      expect(store.loadAwaitingRel('c1')).toEqual([]);
      expect(store.loadAwaitingRel('c2')).toEqual([{ packetId: 3, at: 300 }]);
      store.clear();
      expect(store.loadAwaitingRel('c2')).toEqual([]);
    });

    test('batches after a seq, the backlog count, in-flight rows, retention expiry and what is stored', () => {
      const { store, flush } = open();
      const at = (m: ReturnType<typeof message>, timestamp: number) => ({ ...m, msg: { ...m.msg, timestamp } });
      const seqs = [1, 2, 3, 4, 5].map((i) => store.appendMessage('c1', at(message(`t/${i}`, `m${i}`), 1000 * i)));
      const other = store.appendMessage('c2', at(message('t/x', 'x'), 500));
      store.setInflight('c1', seqs[0], 3, 'publish');
      expect(store.loadMessages('c1', seqs[1], 2).map((m) => m.msg.payload.toString())).toEqual(['m3', 'm4']);
      expect(store.loadMessages('c1', seqs[3], 10).map((m) => m.seq)).toEqual([seqs[4]]);
      expect(store.loadMessages('c1', 0, 1)[0]).toMatchObject({ seq: seqs[0], packetId: 3 });
      expect(store.countMessages('c1')).toBe(4);
      expect(store.loadInflight('c1').map((m) => m.seq)).toEqual([seqs[0]]);
      expect(store.messageStats()).toEqual({ messages: 6, sessions: 2, oldest: 500 });
      // published before 2500: c2's message and c1's first two, at most 2 of them, oldest first
      expect(store.expireMessages(2500, 2).sort((a, b) => a.seq - b.seq)).toEqual([
        { clientid: 'c1', seq: seqs[0] },
        { clientid: 'c2', seq: other },
      ]);
      expect(store.expireMessages(2500, 10)).toEqual([{ clientid: 'c1', seq: seqs[1] }]);
      flush?.();
      expect(store.countMessages('c1')).toBe(3);
      expect(store.messageStats()).toEqual({ messages: 3, sessions: 1, oldest: 3000 });
    });

    test('what was written is there after reopening', () => {
      const { store, reopen } = open();
      if (!reopen) return;
      store.saveSession(session('c1'));
      const seq = store.appendMessage('c1', message('t/1', 'kept'));
      store.setInflight('c1', seq, 4, 'pubrel');
      store.addAwaitingRel('c1', 7, 123);
      const again = reopen();
      expect(again.loadMessages('c1')[0]).toMatchObject({ packetId: 4, phase: 'pubrel' });
      expect(again.loadAwaitingRel('c1')).toEqual([{ packetId: 7, at: 123 }]);
      expect(again.loadSessions()).toEqual([session('c1')]);
      expect(again.loadMessages('c1').map((m) => [m.seq, m.msg.payload.toString()])).toEqual([[seq, 'kept']]);
      expect(again.appendMessage('c1', message('t/2', 'next'))).toBeGreaterThan(seq);
    });
  });
}
