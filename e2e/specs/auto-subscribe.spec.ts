// Auto Subscribe on a real node: a topic added on screen reaches a real client that never subscribed.
import { describe, expect, it } from 'vitest';
import type { IClientOptions } from 'mqtt';
import { connectClient, inbox, shot, uniqueId, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

const connect = (id: string, opts: IClientOptions = {}) => connectClient(e2e.node.mqttPort, { clientId: id, ...opts });

describe('Auto Subscribe screen', () => {
  it('a topic added on screen reaches a new client that never subscribed', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/auto-sub`);
    await e2e.page.getByRole('button', { name: /Add Topic/ }).click();
    const dialog = e2e.page.getByRole('dialog');
    await dialog.getByLabel('Topic', { exact: true }).fill('e2e/auto-adv/${clientid}/#');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await e2e.page.getByRole('cell', { name: 'e2e/auto-adv/${clientid}/#' }).waitFor();
    expect((await e2e.apiGet('/mqtt/auto_subscribe')).some((s: { topic: string }) => s.topic === 'e2e/auto-adv/${clientid}/#')).toBe(true);

    const id = uniqueId('e2e-autoadv');
    const sub = await connect(id);
    const pub = await connect(`${id}-pub`);
    try {
      const got = inbox(sub);
      // the node lists the subscription it made for the client
      await expect.poll(async () => (await e2e.apiGet(`/clients/${id}/subscriptions`)).map((s: { topic: string }) => s.topic)).toContain(`e2e/auto-adv/${id}/#`);
      await pub.publishAsync(`e2e/auto-adv/${id}/x`, 'pushed', { qos: 1 });
      await expect.poll(() => got.map((m) => `${m.topic} ${m.payload}`), { timeout: 5_000 }).toEqual([`e2e/auto-adv/${id}/x pushed`]);
    } finally {
      await Promise.all([sub.endAsync(true), pub.endAsync(true)]);
    }
    await shot(e2e.page, 'auto-subscribe-subscribe');
  });
});
