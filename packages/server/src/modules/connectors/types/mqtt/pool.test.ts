// The MQTT bridge's pool against a private mosquitto: why a start fails, health through an outage, subscriptions
// renewed after a restart, TLS, and secrets from files.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../../shared/testing';
import type { SourceMessage } from '../../resource/types';
import { clientTls } from '../../resource/tls';
import { useBridge } from './bridge.testing';
import { readConnectorConfig } from './config';
import { mqttType } from './index';
import { startMosquitto } from './mosquitto.testing';

const bridge = useBridge();

describe('health and outages', () => {
  it('start fails with EMQX’s explanation when nothing listens', async () => {
    const gone = await startMosquitto();
    await gone.close();
    await expect(mqttType.start({ server: gone.server, pool_size: 2 }, bridge.ctx())).rejects.toThrow(/^Connection refused\. /);
  });

  it('start fails when the server refuses the credentials', async () => {
    const locked = await startMosquitto({ extra: ['allow_anonymous false', `password_file /dev/null`] });
    try {
      await expect(mqttType.start({ server: locked.server, pool_size: 1, username: 'u', password: 'p' }, bridge.ctx())).rejects.toThrow(/refused the connection/);
    } finally {
      await locked.close();
    }
  });

  it('start fails after connect_timeout when the server accepts the connection but never answers', async () => {
    const frozen = await startMosquitto();
    bridge.cleanup.push(() => frozen.close());
    frozen.pause();
    const started = Date.now();
    await expect(mqttType.start({ server: frozen.server, pool_size: 1, connect_timeout: '1s' }, bridge.ctx())).rejects.toThrow(
      `The MQTT server at ${frozen.server} did not answer within 1 s.`,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('disconnected while the broker is down (sending is recoverable), connected again when it is back', async () => {
    const remote = await startMosquitto();
    bridge.cleanup.push(() => remote.close());
    // one worker: once it is down, nothing can take the message (with two, the other may not have noticed yet)
    const c = await mqttType.start({ server: remote.server, pool_size: 1 }, bridge.ctx());
    bridge.cleanup.push(() => c.stop());
    const a = await bridge.action(c, { topic: 'h/1', payload: 'x' });
    expect(await c.health()).toEqual({ status: 'connected' });
    await remote.stop();
    await waitFor(async () => (await c.health()).status === 'disconnected', 3000, 'disconnected');
    expect((await c.health()).reason).toMatch(/down|refused/i);
    const outcome = await bridge.deliver(a, {});
    expect(outcome).toMatchObject({ ok: false, recoverable: true });
    await remote.start();
    await waitFor(async () => (await c.health()).status === 'connected', 6000, 'connected again');
    expect(await bridge.deliver(a, {})).toEqual({ ok: true });
  });

  it('after the remote broker restarts, the sources subscribe again and receive', async () => {
    const remote = await startMosquitto();
    bridge.cleanup.push(() => remote.close());
    const c = await mqttType.start({ server: remote.server, pool_size: 2 }, bridge.ctx());
    bridge.cleanup.push(() => c.stop());
    const got: SourceMessage[] = [];
    await bridge.source(c, { topic: 'again/#' }, got);
    await bridge.source(c, { topic: '$share/g/shared-again/#' }, got);
    await remote.stop();
    await remote.start();
    await waitFor(async () => (await c.health()).status === 'connected', 6000, 'connected again');
    const pub = await mqtt.connectAsync({ host: '127.0.0.1', port: remote.port, reconnectPeriod: 0 });
    bridge.cleanup.push(() => pub.endAsync(true));
    // the subscriptions are renewed right after the CONNACK: publish until they are in place
    await waitFor(
      async () => {
        await pub.publishAsync('again/1', 'x', { qos: 1 });
        await pub.publishAsync('shared-again/1', 'y', { qos: 1 });
        return got.some((m) => m.topic === 'again/1') && got.some((m) => m.topic === 'shared-again/1');
      },
      3000,
      'messages after the restart',
    );
  });

  it('TLS: connects to a TLS listener with the ssl options (verify_none, and verify_peer with the CA)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mqdeck-mqtt-tls-'));
    bridge.cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        `${dir}/key.pem`,
        '-out',
        `${dir}/cert.pem`,
      ],
      { stdio: 'ignore' },
    );
    const secure = await startMosquitto({ extra: [`certfile ${dir}/cert.pem`, `keyfile ${dir}/key.pem`] });
    bridge.cleanup.push(() => secure.close());
    const tlsCtx = { ...bridge.ctx(), tls: clientTls };
    const none = await mqttType.start({ server: secure.server, pool_size: 1, ssl: { enable: true, verify: 'verify_none' } }, tlsCtx);
    bridge.cleanup.push(() => none.stop());
    expect(await none.health()).toEqual({ status: 'connected' });
    const peerOk = await mqttType.start({ server: `localhost:${secure.port}`, pool_size: 1, ssl: { enable: true, verify: 'verify_peer', cacertfile: `${dir}/cert.pem` } }, tlsCtx);
    bridge.cleanup.push(() => peerOk.stop());
    expect(await peerOk.health()).toEqual({ status: 'connected' });
    // verify_peer without the CA: the self-signed certificate is refused, and the reason says so
    await expect(mqttType.start({ server: secure.server, pool_size: 1, ssl: { enable: true, verify: 'verify_peer' } }, tlsCtx)).rejects.toThrow(/certificate/);
    // a plain connection to a TLS listener does not get through
    await expect(mqttType.start({ server: secure.server, pool_size: 1, connect_timeout: '1s' }, bridge.ctx())).rejects.toThrow();
  });

  it('max_inflight: unacknowledged publishes wait; stopping the connector settles every pending send as recoverable', async () => {
    const remote = await startMosquitto();
    bridge.cleanup.push(() => remote.close());
    const c = await mqttType.start({ server: remote.server, pool_size: 1, max_inflight: 1 }, bridge.ctx());
    const a = await mqttType.action!.start({ topic: 'slow/1', payload: '${n}', qos: 1 }, c, bridge.ctx());
    const far = await mqtt.connectAsync({ host: '127.0.0.1', port: remote.port, reconnectPeriod: 0 });
    bridge.cleanup.push(() => far.endAsync(true));
    const got: string[] = [];
    far.on('message', (_t, p) => got.push(p.toString()));
    await far.subscribeAsync('slow/1', { qos: 1 });
    expect(await bridge.deliver(a, { n: 0 })).toEqual({ ok: true });
    // a frozen broker never acknowledges: the sends stay pending
    remote.pause();
    const pending = [1, 2, 3].map((n) => bridge.deliver(a, { n }));
    let settled = 0;
    for (const p of pending) void p.then(() => settled++);
    await new Promise((r) => setTimeout(r, 200));
    expect(settled).toBe(0);
    await c.stop();
    const outcomes = await Promise.all(pending);
    for (const o of outcomes) expect(o).toMatchObject({ ok: false, recoverable: true });
    remote.resume();
  });

  it('a publish cut off by the connection loss fails as recoverable at once, for the layer to send again', async () => {
    const remote = await startMosquitto();
    bridge.cleanup.push(() => remote.close());
    const c = await mqttType.start({ server: remote.server, pool_size: 1 }, bridge.ctx());
    bridge.cleanup.push(() => c.stop());
    const a = await bridge.action(c, { topic: 'cut/1', payload: 'x', qos: 1 });
    remote.pause();
    const pending = bridge.deliver(a, {});
    await remote.kill();
    expect(await pending).toEqual({ ok: false, recoverable: true, reason: `The connection to the MQTT server at ${remote.server} was lost before it acknowledged the message.` });
  });

  it('MQTT 5 acknowledgements: "no matching subscribers" is a success, "not authorized" a failure not retried', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mqdeck-mqtt-acl-'));
    bridge.cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'acl'), 'topic readwrite allowed/#\n');
    const guarded = await startMosquitto({ extra: [`acl_file ${join(dir, 'acl')}`] });
    bridge.cleanup.push(() => guarded.close());
    const c = await mqttType.start({ server: guarded.server, pool_size: 1, proto_ver: 'v5' }, bridge.ctx());
    bridge.cleanup.push(() => c.stop());
    const a = await bridge.action(c, { topic: '${t}', payload: 'x', qos: 1 });
    expect(await bridge.deliver(a, { t: 'allowed/nobody-listens' })).toEqual({ ok: true });
    const denied = await bridge.deliver(a, { t: 'denied/1' });
    expect(denied).toMatchObject({ ok: false, recoverable: false });
    expect(denied.ok || denied.reason).toMatch(/^The MQTT server refused the message: .*\(reason code 135\)\.$/);
  });

  it('the password may come from a file (EMQX file:// secrets)', () => {
    const file = join(tmpdir(), `mqdeck-mqtt-pass-${process.pid}`);
    writeFileSync(file, 'secret\n');
    bridge.cleanup.push(async () => rmSync(file));
    expect(readConnectorConfig({ server: 'h', password: `file://${file}` }).password).toBe('secret');
  });
});
