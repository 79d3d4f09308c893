// The MongoDB authorization source without a server: the connector is replaced by one that records the filter it
// is given and answers with prepared documents, so the filter rendering (placeholders bound in nested values, the
// rest untouched) and the document → rule mapping (first match decides, unreadable documents skipped) are checked
// on the real source code.
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { RequestView } from '../rule';

const mongo = vi.hoisted(() => ({ filters: [] as unknown[], limits: [] as number[], docs: [] as Record<string, unknown>[] }));

vi.mock('../../authentication/connectors/mongo', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../authentication/connectors/mongo')>();
  return {
    ...actual,
    mongoConnector: () => ({
      find: async (filter: unknown, limit: number) => {
        mongo.filters.push(filter);
        mongo.limits.push(limit);
        return mongo.docs;
      },
      ping: async () => undefined,
      status: async () => 'connected',
      close: async () => undefined,
    }),
  };
});

const { externalSource } = await import('./external');

afterEach(() => {
  mongo.filters = [];
  mongo.limits = [];
  mongo.docs = [];
});

const request = (over: Partial<RequestView> = {}): RequestView => ({
  clientid: 'dev-1',
  username: 'alice',
  peerhost: '10.0.0.5',
  action: 'publish',
  topic: 'dev/dev-1/up',
  qos: 1,
  retain: false,
  clientAttrs: { tenant: 't9' },
  mountpoint: 'mp/',
  ...over,
});

const source = (filter: unknown) => externalSource('mongodb', { mongo_type: 'single', server: '127.0.0.1:27017', database: 'mqtt', collection: 'acl', filter });

describe('filter rendering', () => {
  test('placeholders are replaced in nested values and arrays; other values and the keys stay as written', async () => {
    const s = source({
      username: '${username}',
      $or: [{ clientid: '${clientid}' }, { peer: 'ip-${peerhost}' }],
      tenant: { $in: ['${client_attrs.tenant}', 'shared'] },
      asked: { action: '${action}', topic: '${topic}', qos: '${qos}', retain: '${retain}', mountpoint: '${mountpoint}' },
      enabled: true,
      weight: { $gte: 3 },
      unknown: '${nope}',
    });
    await s.check(request());
    expect(mongo.filters).toEqual([
      {
        username: 'alice',
        $or: [{ clientid: 'dev-1' }, { peer: 'ip-10.0.0.5' }],
        tenant: { $in: ['t9', 'shared'] },
        asked: { action: 'publish', topic: 'dev/dev-1/up', qos: '1', retain: 'false', mountpoint: 'mp/' },
        enabled: true,
        weight: { $gte: 3 },
        unknown: '',
      },
    ]);
    expect(mongo.limits[0]).toBeGreaterThan(0);
  });

  test('an absent username renders as an empty string; each check renders anew', async () => {
    const s = source({ username: '${username}', clientid: '${clientid}' });
    await s.check(request({ username: null }));
    await s.check(request({ clientid: 'dev-2' }));
    expect(mongo.filters).toEqual([
      { username: '', clientid: 'dev-1' },
      { username: 'alice', clientid: 'dev-2' },
    ]);
  });
});

describe('documents → rules', () => {
  test('the first matching document decides, in the order MongoDB returned them', async () => {
    mongo.docs = [
      { _id: 'a', permission: 'deny', action: 'subscribe', topics: ['dev/#'] },
      { _id: 'b', permission: 'allow', action: 'publish', topic: 'dev/+/up' },
      { _id: 'c', permission: 'deny', action: 'all', topic: '#' },
    ];
    const s = source({ username: '${username}' });
    expect(await s.check(request())).toMatchObject({ result: 'allow' });
    expect(await s.check(request({ action: 'subscribe', topic: 'dev/x' }))).toMatchObject({ result: 'deny' });
    expect(await s.check(request({ topic: 'other' }))).toMatchObject({ result: 'deny' });
    const answer = (await s.check(request())) as { rule?: string };
    expect(answer.rule).toContain('mongodb');
    expect(answer.rule).toContain('dev/+/up');
  });

  test('topics lists, "eq " exact topics, qos and retain conditions', async () => {
    mongo.docs = [
      { permission: 'allow', action: 'publish', topics: ['eq dev/+/up', 'a/b'], qos: [0, 1], retain: false },
      { permission: 'allow', action: 'pub', topic: 'r/#', qos: '2', retain: 'true' },
    ];
    const s = source({});
    // "eq dev/+/up" matches only that literal topic
    expect(await s.check(request({ topic: 'dev/+/up' }))).toMatchObject({ result: 'allow' });
    expect(await s.check(request({ topic: 'dev/1/up' }))).toEqual({ result: 'nomatch' });
    expect(await s.check(request({ topic: 'a/b', qos: 1 }))).toMatchObject({ result: 'allow' });
    expect(await s.check(request({ topic: 'a/b', qos: 2 }))).toEqual({ result: 'nomatch' });
    expect(await s.check(request({ topic: 'a/b', retain: true }))).toEqual({ result: 'nomatch' });
    expect(await s.check(request({ topic: 'r/x', qos: 2, retain: true }))).toMatchObject({ result: 'allow' });
    expect(await s.check(request({ topic: 'r/x', qos: 2, retain: false }))).toEqual({ result: 'nomatch' });
  });

  test('unreadable documents are skipped, not guessed; none left means nomatch', async () => {
    mongo.docs = [
      { action: 'publish', topic: '#' }, // no permission
      { permission: 'maybe', action: 'publish', topic: '#' },
      { permission: 'deny', action: 'write', topic: '#' },
      { permission: 'deny', action: 'publish' }, // no topic
      { permission: 'deny', action: 'publish', topics: [] },
      { permission: 'deny', action: 'publish', topic: '#', qos: 3 },
      { permission: 'deny', action: 'publish', topic: '#', retain: 'sometimes' },
    ];
    expect(await source({}).check(request())).toEqual({ result: 'nomatch' });
    mongo.docs = [...mongo.docs, { permission: 'DENY', action: 'Publish', topic: '#' }];
    expect(await source({}).check(request())).toMatchObject({ result: 'deny' });
  });

  test('no documents: nomatch (the next source or no_match decides)', async () => {
    expect(await source({ username: '${username}' }).check(request())).toEqual({ result: 'nomatch' });
  });
});
