import net from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { startTestNode } from '../../../test/test-node';

const connectOnce = (url: string, opts: mqtt.IClientOptions = {}) =>
  new Promise<void>((resolve, reject) => {
    const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5000, ...opts });
    client.once('connect', () => client.end(true, () => resolve()));
    client.once('error', (err) => {
      client.end(true);
      reject(err);
    });
  });

describe('MQTT listeners from config', () => {
  it('starts tcp and ws on ephemeral ports and accepts MQTT clients', async () => {
    const node = await startTestNode();
    try {
      expect(node.mqttPort).toBeGreaterThan(0);
      expect(node.wsPort).toBeGreaterThan(0);
      expect(node.app.listeners.get('tcp:default')?.running).toBe(true);
      await connectOnce(`mqtt://127.0.0.1:${node.mqttPort}`);
      await connectOnce(`ws://127.0.0.1:${node.wsPort}/mqtt`);
    } finally {
      await node.close();
    }
  });

  it('starts ssl with a self-signed certificate generated in the data dir', async () => {
    const node = await startTestNode({ env: { EMQX_LISTENERS__SSL__DEFAULT__ENABLE: 'true' } });
    try {
      expect(existsSync(join(node.dataDir, 'certs', 'cert.pem'))).toBe(true);
      const ssl = node.app.listeners.get('ssl:default');
      expect(ssl?.running).toBe(true);
      await connectOnce(`mqtts://127.0.0.1:${ssl!.port}`, { rejectUnauthorized: false });
    } finally {
      await node.close();
    }
  });

  it('a listener that cannot bind is left stopped; the node keeps answering', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as net.AddressInfo).port;
    const node = await startTestNode({ env: { EMQX_LISTENERS__TCP__DEFAULT__BIND: `127.0.0.1:${port}` } });
    try {
      expect(node.app.listeners.get('tcp:default')?.running).toBe(false);
      expect(node.app.listeners.get('ws:default')?.running).toBe(true);
      const status = await node.app.inject({ method: 'GET', url: '/status' });
      expect(status.statusCode).toBe(200);
    } finally {
      await node.close();
      blocker.close();
    }
  });
});
