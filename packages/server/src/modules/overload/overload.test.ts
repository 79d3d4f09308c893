// overload_protection on a real node and real MQTT.js clients: EMQX's default shape, and new connections closed
// while the event loop runs late (the Node.js counterpart of EMQX's overloaded run queue).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api } from '../../shared/testing';
import { HOLD_MS, LAG_LIMIT_MS } from './lag-monitor';
import { block, putHocon as putHoconOn, refused as refusedOn, sleep, tryConnect as tryConnectTo } from './overload.testing';

const tryConnect = () => tryConnectTo(node);
const putHocon = (text: string) => putHoconOn(node, text);
const refused = () => refusedOn(node);

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.close();
});

describe('overload_protection', () => {
  test("EMQX's default shape under GET /configs?key=, not in the global zone (hidden there in EMQX 5.8)", async () => {
    const res = await node.app.inject({ method: 'GET', url: '/api/v5/configs?key=overload_protection', headers: { ...node.auth, accept: 'application/json' } });
    expect(res.json()).toEqual({ overload_protection: { enable: false, backoff_delay: 1, backoff_gc: false, backoff_hibernation: true, backoff_new_conn: true } });
    expect((await api(node, 'GET', '/configs/global_zone')).body).not.toHaveProperty('overload_protection');
    const bad = await putHocon('overload_protection { backoff_delay = -1 }');
    expect(bad.statusCode).toBe(400);
    // EMQX's PUT /configs refusal: {"errors": {root: validation_error}} (configs.suite.test.ts)
    expect(JSON.parse(bad.body).errors.overload_protection).toMatchObject({ kind: 'validation_error', path: 'overload_protection.backoff_delay', value: -1 });
  });

  test('disabled (default): a late event loop does not refuse anyone', async () => {
    block(LAG_LIMIT_MS + 200);
    expect(await tryConnect()).toBe('accepted');
    expect(refused()).toBe(0);
  });

  test('enabled: new connections are closed while the loop runs late, accepted again once it keeps up', async () => {
    expect((await putHocon('overload_protection { enable = true }')).statusCode).toBe(200);
    await sleep(300);
    expect(await tryConnect()).toBe('accepted'); // a loop that keeps up is not overloaded
    block(LAG_LIMIT_MS + 200);
    expect(await tryConnect()).toBe('closed');
    expect(refused()).toBe(1);
    await sleep(HOLD_MS + 300);
    expect(await tryConnect()).toBe('accepted');
    expect(refused()).toBe(1);
  });

  test('backoff_new_conn = false: nothing is refused', async () => {
    expect((await putHocon('overload_protection { backoff_new_conn = false }')).statusCode).toBe(200);
    block(LAG_LIMIT_MS + 200);
    expect(await tryConnect()).toBe('accepted');
    expect((await putHocon('overload_protection { enable = false, backoff_new_conn = true }')).statusCode).toBe(200);
  });
});
