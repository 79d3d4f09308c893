// /cluster/links as the official Enterprise console reads it: no links, EMQX's 404 for any named link, creating one
// refused with the reason and nothing kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, expectContract } from '../../shared/testing';
import { LINKS_REFUSED } from './cluster-linking.routes';

describe('cluster linking', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ listen: false });
  });
  afterAll(() => node.close());

  it('lists no links, and creating one is refused with nothing kept', async () => {
    const list = await api(node, 'GET', '/cluster/links');
    expect(list).toMatchObject({ status: 200, body: [] });
    expectContract('get', '/cluster/links', 200, list.body);

    const link = { name: 'emqx-b', server: 'emqx-b.example:1883', topics: ['#'], enable: true, clientid: 'link-a' };
    const created = await api(node, 'POST', '/cluster/links', link);
    expect(created).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: LINKS_REFUSED } });
    expectContract('post', '/cluster/links', 400, created.body);
    expect((await api(node, 'GET', '/cluster/links')).body).toEqual([]);
    expect(await api(node, 'GET', '/cluster/links/link/emqx-b')).toMatchObject({ status: 404 });
  });

  it('answers EMQX 404 for every named link', async () => {
    const missing = { code: 'NOT_FOUND', message: 'Cluster link not found' };
    for (const [method, url, body] of [
      ['GET', '/cluster/links/link/emqx-b'],
      ['PUT', '/cluster/links/link/emqx-b', { server: 'emqx-b.example:1883', topics: ['#'] }],
      ['DELETE', '/cluster/links/link/emqx-b'],
      ['GET', '/cluster/links/link/emqx-b/metrics'],
      ['PUT', '/cluster/links/link/emqx-b/metrics/reset'],
    ] as const) {
      expect(await api(node, method, url, body), `${method} ${url}`).toMatchObject({ status: 404, body: missing });
    }
    expectContract('get', '/cluster/links/link/{name}', 404, missing);
  });

  it('needs a login', async () => {
    expect((await node.app.inject({ method: 'GET', url: '/api/v5/cluster/links' })).statusCode).toBe(401);
  });
});
