// overload_protection set through PUT /configs is stored: a restarted node reads it back and applies it (new
// connections closed while the event loop runs late), not just shows it.
import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { HOLD_MS, LAG_LIMIT_MS } from './lag-monitor';
import { block, putHocon as putHoconOn, refused as refusedOn, sleep, tryConnect as tryConnectTo } from './overload.testing';

const tryConnect = () => tryConnectTo(node);
const putHocon = (text: string) => putHoconOn(node, text);
const refused = () => refusedOn(node);

const node = restartableNode();

const shown = async () => (await node.app.inject({ method: 'GET', url: '/api/v5/configs?key=overload_protection', headers: { ...node.auth, accept: 'application/json' } })).json();

describe('overload_protection across a restart', () => {
  test('the stored values are shown and applied by the restarted node', async () => {
    expect((await putHocon('overload_protection { enable = true, backoff_delay = 7, backoff_gc = true }')).statusCode).toBe(200);
    await node.restart();
    expect(await shown()).toEqual({ overload_protection: { enable: true, backoff_delay: 7, backoff_gc: true, backoff_hibernation: true, backoff_new_conn: true } });
    // the start itself may run the loop late: wait until the node keeps up and accepts
    const deadline = Date.now() + 10_000;
    while ((await tryConnect()) !== 'accepted') {
      expect(Date.now()).toBeLessThan(deadline);
      await sleep(HOLD_MS);
    }
    const before = refused();
    block(LAG_LIMIT_MS + 200);
    expect(await tryConnect()).toBe('closed');
    expect(refused()).toBe(before + 1);
  });

  test('switched off again, the next restart keeps it off', async () => {
    expect((await putHocon('overload_protection { enable = false }')).statusCode).toBe(200);
    await node.restart();
    expect((await shown()).overload_protection).toMatchObject({ enable: false, backoff_delay: 7 });
    block(LAG_LIMIT_MS + 200);
    expect(await tryConnect()).toBe('accepted');
  });
});
