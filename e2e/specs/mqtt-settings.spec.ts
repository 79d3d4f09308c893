// MQTT settings on a real node: turning wildcard subscriptions off in General is one PUT of the global zone,
// the API answers the new value, and a real MQTT.js client's wildcard SUBSCRIBE is then refused.
// Each other tab changes one value, saves, and the effect is checked on the node: Sessions (a new client's inflight
// window), Durable Sessions (a persistent session is durable), Retainer (an oversized retained message is not stored),
// System Topic ($SYS messages arrive at the new interval), Force Shutdown (a client holding too much is closed, 0x97).
// Every tab is captured; General in light/dark × English/Chinese.
import { describe, expect, it } from 'vitest';
import net from 'node:net';
import { once } from 'node:events';
import type { IClientOptions } from 'mqtt';
import { chooseOption, connectClient, shot, uniqueId, useE2ESession, saveForm } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

const connect = (id: string, opts: IClientOptions = {}) => connectClient(e2e.node.mqttPort, { clientId: id, ...opts });

/** A minimal MQTT 5 subscriber on a plain socket that never sends PUBACK; resolves the reason code of the node's DISCONNECT. */
async function rawSubscriber(id: string, topic: string): Promise<{ disconnectReason: Promise<number | undefined> }> {
  const str = (text: string) => {
    const b = Buffer.from(text);
    return Buffer.concat([Buffer.from([b.length >> 8, b.length & 0xff]), b]);
  };
  const packet = (type: number, body: Buffer) => Buffer.concat([Buffer.from([type, body.length]), body]); // bodies < 128 bytes
  const socket = net.connect(e2e.node.mqttPort, '127.0.0.1');
  await once(socket, 'connect');
  let buffered = Buffer.alloc(0);
  let connack: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => {
    connack = resolve;
  });
  const disconnectReason = new Promise<number | undefined>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        // fixed header: type byte + variable-length remaining length
        let len = 0;
        let i = 1;
        for (let shift = 0; i < buffered.length; i++, shift += 7) {
          len += (buffered[i] & 0x7f) << shift;
          if (!(buffered[i] & 0x80)) break;
        }
        if (i >= buffered.length || buffered.length < i + 1 + len) break;
        const type = buffered[0] >> 4;
        if (type === 2) connack();
        if (type === 14) resolve(len > 0 ? buffered[i + 1] : 0);
        buffered = buffered.subarray(i + 1 + len);
      }
    });
    socket.on('close', () => resolve(undefined));
  });
  const props = Buffer.from([0]);
  socket.write(packet(0x10, Buffer.concat([str('MQTT'), Buffer.from([5, 0x02, 0, 60]), props, str(id)])));
  await connected;
  socket.write(packet(0x82, Buffer.concat([Buffer.from([0, 1]), props, str(topic), Buffer.from([1])])));
  await new Promise((r) => setTimeout(r, 300)); // SUBACK
  return { disconnectReason: disconnectReason.finally(() => socket.destroy()) };
}

/** Opens a tab, waits for the node's values, and returns a save function that waits for the success toast. */
async function openTab(tab: string, ready: string): Promise<() => Promise<void>> {
  await openRoute(e2e.page, `${e2e.node.url}#/mqtt/${tab}`);
  await expect.poll(() => e2e.page.getByLabel(ready, { exact: true }).inputValue(), { timeout: 10_000 }).not.toBe('');
  return () => saveForm(e2e.page);
}

async function pickUnit(field: string, unit: string): Promise<void> {
  await chooseOption(e2e.page, e2e.page.getByLabel(`${field} unit`, { exact: true }), unit);
}

/** The granted QoS codes of a wildcard SUBSCRIBE from a fresh client. */
async function wildcardGrant(): Promise<number> {
  const c = await connect(uniqueId('e2e-mqtt'));
  try {
    const granted = await c.subscribeAsync('e2e/settings/#', { qos: 1 });
    return granted[0].qos;
  } catch (e) {
    // MQTT.js rejects on a failure code in SUBACK; the packet carries the code
    const code = (e as { packet?: { granted?: (number | { qos: number })[] } }).packet?.granted?.[0];
    if (code === undefined) throw e;
    return typeof code === 'number' ? code : code.qos;
  } finally {
    await c.endAsync(true);
  }
}

describe('MQTT settings screens', () => {
  it('/mqtt opens General; turning wildcard subscription off applies to real clients', async () => {
    expect(await wildcardGrant()).toBe(1);
    await openRoute(e2e.page, `${e2e.node.url}#/mqtt`);
    await e2e.page.waitForURL((u) => u.hash.startsWith('#/mqtt/general'));
    const wildcard = e2e.page.getByRole('switch', { name: 'Wildcard Subscription' });
    await expect.poll(() => wildcard.getAttribute('aria-checked')).toBe('true');
    await wildcard.click();
    await saveForm(e2e.page);

    const zone = await e2e.apiGet('/configs/global_zone');
    expect(zone.mqtt.wildcard_subscription).toBe(false);
    expect(zone.mqtt.max_packet_size).toBe('1MB'); // the rest of the zone went back unchanged
    expect(await wildcardGrant()).toBeGreaterThanOrEqual(0x80);
  });

  it('shows a spec validation text and saves nothing', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/mqtt/general`);
    const field = e2e.page.getByLabel('Max Client ID Length', { exact: true });
    await field.fill('5');
    await e2e.page.getByRole('button', { name: 'Save' }).click();
    await e2e.page.getByText('Input error: the number range is 23 - 65535').waitFor();
    expect((await e2e.apiGet('/configs/global_zone')).mqtt.max_clientid_len).toBe(65535);
    await e2e.page.getByRole('button', { name: 'Reset' }).click();
  });

  it('Sessions: Max Inflight saved on screen is the window of the next client', async () => {
    const save = await openTab('session', 'Max Inflight');
    await e2e.page.getByLabel('Max Inflight', { exact: true }).fill('4');
    await save();
    expect((await e2e.apiGet('/configs/global_zone')).mqtt.max_inflight).toBe(4);
    const id = uniqueId('e2e-inflight');
    const c = await connect(id);
    try {
      expect((await e2e.apiGet(`/clients/${id}`)).inflight_max).toBe(4);
    } finally {
      await c.endAsync(true);
    }
  });

  it('Durable Sessions: enabled on screen, a persistent session is durable', async () => {
    const save = await openTab('session-persistence', 'Message Query Batch Size');
    const enable = e2e.page.getByRole('switch', { name: 'Enable' });
    await expect.poll(() => enable.getAttribute('aria-checked')).toBe('false');
    await enable.click();
    await save();
    expect((await e2e.apiGet('/configs/global_zone')).durable_sessions.enable).toBe(true);
    const id = uniqueId('e2e-durable');
    const c = await connect(id, { protocolVersion: 5, clean: false, properties: { sessionExpiryInterval: 300 } });
    try {
      await expect.poll(async () => (await e2e.apiGet(`/clients/${id}`)).durable).toBe(true);
    } finally {
      await c.endAsync(true);
      await e2e.api('DELETE', `/clients/${id}`);
    }
  });

  it('Retainer: a retained message over Max Payload Size is not stored, a small one is', async () => {
    const save = await openTab('retainer', 'Max Payload Size');
    await e2e.page.getByLabel('Max Payload Size', { exact: true }).fill('1');
    await pickUnit('Max Payload Size', 'KB');
    await save();
    expect((await e2e.apiGet('/mqtt/retainer')).max_payload_size).toBe('1KB');
    const c = await connect(uniqueId('e2e-retain'));
    await c.publishAsync('e2e/retain/big', Buffer.alloc(2048, 'x'), { qos: 1, retain: true });
    await c.publishAsync('e2e/retain/small', 'small', { qos: 1, retain: true });
    await c.endAsync(true);
    expect((await e2e.api('GET', `/mqtt/retainer/message/${encodeURIComponent('e2e/retain/small')}`)).status).toBe(200);
    expect((await e2e.api('GET', `/mqtt/retainer/message/${encodeURIComponent('e2e/retain/big')}`)).status).toBe(404);
  });

  it('System Topic: $SYS messages follow the interval saved on screen', async () => {
    const save = await openTab('system-topic', 'Messages Publish Interval');
    await e2e.page.getByLabel('Messages Publish Interval', { exact: true }).fill('1');
    await pickUnit('Messages Publish Interval', 's');
    await save();
    expect((await e2e.apiGet('/configs/sys_topics')).sys_msg_interval).toBe('1s');
    const c = await connect(uniqueId('e2e-sys'));
    try {
      let n = 0;
      c.on('message', () => {
        n += 1;
      });
      // wildcards were switched off in the first test: subscribe to this node's own topic
      const [{ node: name }] = await e2e.apiGet('/nodes');
      await c.subscribeAsync(`$SYS/brokers/${name}/version`);
      // the default interval is one minute: three messages within a few seconds come from the new setting
      await expect.poll(() => n, { timeout: 8_000 }).toBeGreaterThanOrEqual(3);
    } finally {
      await c.endAsync(true);
    }
  });

  it('Force Shutdown: explains each limit; a client holding more than Max Heap Size is closed with 0x97', async () => {
    const save = await openTab('force-shutdown', 'Max Mailbox Size');
    await e2e.page.getByText(/All connections share one Node.js heap/).waitFor();
    await e2e.page.getByLabel('Max Heap Size', { exact: true }).fill('1');
    await pickUnit('Max Heap Size', 'KB');
    await save();
    const zone = await e2e.apiGet('/configs/global_zone');
    expect(zone.force_shutdown).toEqual({ enable: true, max_mailbox_size: 1000, max_heap_size: '1KB' });
    expect(zone.mqtt.wildcard_subscription).toBe(false); // the other sections went back as they were

    // A subscriber that never acknowledges keeps its QoS 1 messages in the inflight window: more than 1 KB held.
    // (A raw socket: MQTT.js stops reading packets while an acknowledgement is held back.)
    const sub = await rawSubscriber(uniqueId('e2e-heap'), 'e2e/heap');
    const pub = await connect(uniqueId('e2e-heap-pub'));
    for (let i = 0; i < 3; i++) await pub.publishAsync('e2e/heap', Buffer.alloc(600, 'h'), { qos: 1 });
    await pub.endAsync(true);
    expect(await sub.disconnectReason).toBe(0x97);
    await e2e.api('PUT', '/configs/global_zone', { ...zone, force_shutdown: { ...zone.force_shutdown, max_heap_size: '32MB' } });
    await shot(e2e.page, 'mqtt-settings-force-shutdown');
  });

  it('each tab loads the node values (screenshots)', async () => {
    for (const tab of ['session', 'session-persistence', 'retainer', 'system-topic', 'force-shutdown']) {
      await openRoute(e2e.page, `${e2e.node.url}#/mqtt/${tab}`);
      await e2e.page.getByRole('button', { name: 'Save' }).waitFor();
      await shot(e2e.page, `mqtt-settings-${tab}`);
    }
    await openRoute(e2e.page, `${e2e.node.url}#/mqtt/session`);
    await expect.poll(() => e2e.page.getByLabel('Max Inflight', { exact: true }).inputValue()).toBe('4');
    for (const theme of ['light', 'dark'] as const) {
      for (const language of ['en', 'zh'] as const) {
        await e2e.page.evaluate(
          (p) => {
            localStorage.setItem('theme', p.theme);
            localStorage.setItem('syncOsTheme', 'false');
            localStorage.setItem('language', p.language);
          },
          { theme, language },
        );
        await openRoute(e2e.page, `${e2e.node.url}#/mqtt/general`);
        await e2e.page.reload();
        await e2e.page.getByRole('button', { name: /Save|保\s?存/ }).waitFor();
        await shot(e2e.page, `mqtt-settings-general-${theme}-${language}`);
      }
    }
    await e2e.page.evaluate(() => {
      localStorage.setItem('theme', 'light');
      localStorage.setItem('language', 'en');
    });
    await e2e.page.reload();
  });

  it('auto subscribe added on screen is applied at connect; the other management screens load', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/auto-sub`);
    await e2e.page.getByRole('button', { name: /Add Topic/ }).click();
    const dialog = e2e.page.getByRole('dialog');
    await dialog.getByLabel('Topic', { exact: true }).fill('e2e/auto/${clientid}');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await e2e.page.getByRole('cell', { name: 'e2e/auto/${clientid}' }).waitFor();
    const id = uniqueId('e2e-auto');
    const sub = await connect(id);
    const got = new Promise<string>((resolve) => sub.once('message', (topic) => resolve(topic)));
    const pub = await connect(`${id}-pub`);
    await new Promise((r) => setTimeout(r, 300));
    await pub.publishAsync(`e2e/auto/${id}`, 'hello', { qos: 1 });
    expect(await got).toBe(`e2e/auto/${id}`); // no SUBSCRIBE was sent by this client
    await Promise.all([sub.endAsync(true), pub.endAsync(true)]);
    await shot(e2e.page, 'auto-subscribe');

    // Topic Rewrite, Delayed Publish and Cluster are exercised in advanced-mqtt.spec.ts and cluster.spec.ts
    for (const [path, ready] of [
      ['log', 'Rotation Count'],
      ['flow-control', 'Max Connection Rate'],
    ] as const) {
      await openRoute(e2e.page, `${e2e.node.url}#/${path}`);
      await expect.poll(() => e2e.page.getByLabel(ready, { exact: true }).inputValue(), { timeout: 10_000 }).not.toBe('');
      await shot(e2e.page, `management-${path}`);
    }
    for (const path of ['alarm']) {
      await openRoute(e2e.page, `${e2e.node.url}#/${path}`);
      await e2e.page.locator('.ant-table').first().waitFor();
      await shot(e2e.page, `management-${path}`);
    }
  });
});
