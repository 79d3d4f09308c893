// ExProto over TLS end to end: an SSL device listener, the ConnectionAdapter served with server.ssl_options, and the
// handler reached over https with handler.ssl_options (the node's own self-signed pair on every side, verify_none).
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../../test/test-node';
import { loadOrCreateCerts } from '../../../plugins/certs';
import { api, waitFor } from '../../../shared/testing';
import { adapterPort } from './index';
import { LineClient, startEchoHandler, type EchoHandler } from './exproto.testing';

describe('ExProto over TLS', () => {
  let node: TestNode;
  let handler: EchoHandler;
  let device: LineClient | undefined;

  beforeAll(async () => {
    node = await startTestNode();
    const pair = await loadOrCreateCerts(node.dataDir);
    handler = await startEchoHandler({ tls: { cert: pair.cert, key: pair.key } });
    const res = await api(node, 'PUT', '/gateways/exproto', {
      server: { bind: '127.0.0.1:0', ssl_options: { enable: true } },
      handler: { address: `https://127.0.0.1:${handler.port}`, ssl_options: { enable: true, verify: 'verify_none' } },
      listeners: [{ type: 'ssl', name: 'default', bind: '127.0.0.1:0' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    handler.connectAdapter(adapterPort('127.0.0.1:0')!, true);
  });
  afterAll(async () => {
    device?.end();
    await node?.close();
    await handler?.close();
  });

  it('an SSL device is created as SSL, authenticates and publishes through the TLS handler and adapter', async () => {
    const port = node.app.gateways.lookup('exproto')!.running.get('exproto:ssl:default')!.port!;
    const socket = tls.connect({ host: '127.0.0.1', port, rejectUnauthorized: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('secureConnect', () => resolve());
      socket.once('error', reject);
    });
    device = new LineClient(socket);
    device.send('AUTH tls-1 anyone x');
    await waitFor(() => device!.lines.includes('AUTH OK'), 15_000, `auth over TLS (${JSON.stringify(device.lines)})`);
    expect(handler.events.find(([m]) => m === 'OnSocketCreated')![1].conninfo).toMatchObject({ socktype: 'SSL' });
    device.send('PUB t/tls hi');
    await waitFor(() => device!.lines.includes('PUB SUCCESS'), 15_000, 'publish over TLS');
    expect((await api(node, 'GET', '/gateways/exproto/clients')).body.data).toEqual([expect.objectContaining({ clientid: 'tls-1' })]);
  });
});
