// The hidden limiter root (GET|PUT /configs/limiter) survives a restart and the restarted node applies it.
import mqtt from 'mqtt';
import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient } from '../../shared/testing';

const node = restartableNode();

/** true when the node closes the connection instead of answering CONNACK */
const refused = (port: number, clientId: string) =>
  new Promise<boolean>((resolve) => {
    const c = mqtt.connect({ host: '127.0.0.1', port, reconnectPeriod: 0, clientId });
    c.once('connect', () => {
      c.end(true);
      resolve(false);
    });
    c.once('close', () => resolve(true));
    c.once('error', () => resolve(true));
    setTimeout(() => c.end(true), 3000);
  });

describe('limiter across a restart', () => {
  test('the rates are kept and max_conn_rate still refuses connections over it', async () => {
    const limiter = { max_conn_rate: '1/m', messages_rate: '100/s', bytes_rate: '1MB/s' };
    expect((await api(node, 'PUT', '/configs/limiter', limiter)).status).toBe(200);

    await node.restart();

    expect((await api(node, 'GET', '/configs/limiter')).body).toEqual(limiter);
    const first = await connectClient(node.mqttPort, { clientId: 'rate-after-1' });
    expect(await refused(node.mqttPort, 'rate-after-2')).toBe(true);
    await closeClients([first]);
  });
});
