// Topic Rewrite on a real node: a rule added on screen sends a real client's publish on the source topic to the
// destination topic, as another real client sees it.
import { describe, expect, it } from 'vitest';
import type { IClientOptions } from 'mqtt';
import { connectClient, inbox, shot, uniqueId, useE2ESession, saveForm } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

const connect = (id: string, opts: IClientOptions = {}) => connectClient(e2e.node.mqttPort, { clientId: id, ...opts });

describe('Topic Rewrite screen', () => {
  it('a rule added on screen delivers a publish on the source topic to the destination', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/topic-rewrite`);
    await e2e.page.getByRole('button', { name: /Add Rule/ }).click();
    const dialog = e2e.page.getByRole('dialog');
    await dialog.getByLabel('Source Topic', { exact: true }).fill('e2e/rw/#');
    await dialog.getByLabel('Regular Expression', { exact: true }).fill('^e2e/rw/(.+)$');
    await dialog.getByLabel('Destination Topic', { exact: true }).fill('e2e/rewritten/$1');
    await saveForm(e2e.page, dialog.getByRole('button', { name: 'Save' }));
    await e2e.page.getByRole('cell', { name: 'e2e/rewritten/$1' }).waitFor();
    expect(await e2e.apiGet('/mqtt/topic_rewrite')).toEqual([{ action: 'all', source_topic: 'e2e/rw/#', re: '^e2e/rw/(.+)$', dest_topic: 'e2e/rewritten/$1' }]);

    const id = uniqueId('e2e-rw');
    const sub = await connect(id);
    const pub = await connect(`${id}-pub`);
    try {
      const got = inbox(sub);
      await sub.subscribeAsync('e2e/rewritten/#', { qos: 1 });
      await pub.publishAsync('e2e/rw/a/b', 'moved', { qos: 1 });
      await expect.poll(() => got.map((m) => `${m.topic} ${m.payload}`), { timeout: 5_000 }).toEqual(['e2e/rewritten/a/b moved']);
    } finally {
      await Promise.all([sub.endAsync(true), pub.endAsync(true)]);
    }
    await shot(e2e.page, 'topic-rewrite-rewrite');
  });
});
