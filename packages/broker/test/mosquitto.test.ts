// Interoperability with the Mosquitto command line clients over TCP on an ephemeral port.
import { afterEach, expect, test } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import type { Broker } from '../src/index';
import { hasTool } from './tools';
import { newBroker } from './wire';

const run = promisify(execFile);
let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

test.skipIf(!hasTool('/usr/bin/mosquitto_pub') || !hasTool('/usr/bin/mosquitto_sub'))(
  'mosquitto_sub receives what mosquitto_pub publishes (v3.1.1 and v5, QoS 0/1/2)',
  async () => {
    broker = newBroker();
    const l = broker.createListener({
      id: 'tcp:default',
      type: 'tcp',
      bind: { host: '127.0.0.1', port: 0 },
      maxConnections: null,
      mountpoint: '',
      zone: 'default',
      enableAuthn: true,
    });
    await l.start();
    const port = String(l.port);
    const sub = spawn('/usr/bin/mosquitto_sub', ['-h', '127.0.0.1', '-p', port, '-t', 'mosq/#', '-q', '2', '-C', '3', '-V', 'mqttv5', '-v', '-i', 'msub']);
    let out = '';
    sub.stdout.on('data', (d) => (out += d));
    const done = new Promise<number | null>((resolve) => sub.on('close', resolve));
    for (let i = 0; i < 50 && !broker.client('msub')?.subscriptionsCnt; i++) await new Promise((r) => setTimeout(r, 20));
    for (const [qos, ver] of [
      ['0', 'mqttv311'],
      ['1', 'mqttv5'],
      ['2', 'mqttv311'],
    ]) {
      await run('/usr/bin/mosquitto_pub', ['-h', '127.0.0.1', '-p', port, '-t', `mosq/q${qos}`, '-m', `hello${qos}`, '-q', qos, '-V', ver]);
    }
    expect(await done).toBe(0);
    expect(out.trim().split('\n')).toEqual(['mosq/q0 hello0', 'mosq/q1 hello1', 'mosq/q2 hello2']);
  },
);
