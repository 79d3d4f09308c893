// SCRAM-SHA-256 over MQTT 5 enhanced authentication with a real MQTT.js client doing the client side
// of RFC 5802: CONNECT (client-first) → AUTH 0x18 (server-first) → AUTH 0x18 (client-final) → CONNACK.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api } from '../../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
  const res = await api(node, 'POST', '/authentication', { mechanism: 'scram', backend: 'built_in_database', algorithm: 'sha256', iteration_count: 4096 });
  expect(res.status).toBe(200);
  expect((await api(node, 'POST', '/authentication/scram%3Abuilt_in_database/users', { user_id: 'kim', password: 'kim-pw', is_superuser: true })).status).toBe(201);
});
afterAll(async () => node.close());

interface ScramRun {
  code: number;
  /** the server-final message (CONNACK Authentication Data) checked against the password: true = the server knows the keys */
  serverVerified?: boolean;
}

/** `hold`: the client-final is sent only once this resolves (to interleave two exchanges) */
function scramConnect(
  user: string,
  password: string,
  method = 'SCRAM-SHA-256',
  opts: { clientId?: string; hold?: Promise<void>; onServerFirst?: () => void } = {},
): Promise<ScramRun> {
  const cnonce = randomBytes(12).toString('base64');
  const clientFirstBare = `n=${user},r=${cnonce}`;
  let expected = '';
  return new Promise((resolve) => {
    const client = mqtt.connect({
      host: '127.0.0.1',
      port: node.mqttPort,
      protocolVersion: 5,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      clientId: opts.clientId,
      properties: { authenticationMethod: method, authenticationData: Buffer.from(`n,,${clientFirstBare}`) },
    });
    client.handleAuth = (packet, callback) => {
      const serverFirst = packet.properties!.authenticationData!.toString();
      opts.onServerFirst?.();
      const a = Object.fromEntries(serverFirst.split(',').map((p) => [p[0], p.slice(2)]));
      const salted = pbkdf2Sync(password, Buffer.from(a.s, 'base64'), Number(a.i), 32, 'sha256');
      const clientKey = createHmac('sha256', salted).update('Client Key').digest();
      const storedKey = createHash('sha256').update(clientKey).digest();
      const withoutProof = `c=biws,r=${a.r}`;
      const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`;
      const signature = createHmac('sha256', storedKey).update(authMessage).digest();
      const proof = Buffer.from(clientKey.map((b, i) => b ^ signature[i])).toString('base64');
      const serverKey = createHmac('sha256', salted).update('Server Key').digest();
      expected = `v=${createHmac('sha256', serverKey).update(authMessage).digest('base64')}`;
      const send = () =>
        callback(undefined, { cmd: 'auth', reasonCode: 0x18, properties: { authenticationMethod: method, authenticationData: Buffer.from(`${withoutProof},p=${proof}`) } });
      if (opts.hold) void opts.hold.then(send);
      else send();
    };
    client.once('connect', (connack) => {
      client.end(true);
      resolve({ code: 0, serverVerified: connack.properties?.authenticationData?.toString() === expected });
    });
    client.once('error', (err) => {
      client.end(true);
      resolve({ code: (err as Error & { code?: number }).code ?? -1 });
    });
  });
}

test('the right password completes the exchange; CONNACK carries a server-final the client can verify; a superuser flag is kept', async () => {
  const events: string[] = [];
  const onConnected = (c: { clientid: string; isSuperuser: boolean }) => events.push(String(c.isSuperuser));
  node.app.broker.events.on('client.connected', onConnected);
  expect(await scramConnect('kim', 'kim-pw')).toEqual({ code: 0, serverVerified: true });
  node.app.broker.events.off('client.connected', onConnected);
  expect(events).toEqual(['true']);
});

test('two exchanges of the same client id from the same host at once do not mix (keyed by connection)', async () => {
  let release!: () => void;
  const hold = new Promise<void>((r) => (release = r));
  let firsts = 0;
  const onServerFirst = () => {
    if (++firsts === 2) release();
  };
  const [a, b] = await Promise.all([
    scramConnect('kim', 'kim-pw', 'SCRAM-SHA-256', { clientId: 'same', hold, onServerFirst }),
    scramConnect('kim', 'kim-pw', 'SCRAM-SHA-256', { clientId: 'same', hold, onServerFirst }),
  ]);
  expect([a.code, b.code]).toEqual([0, 0]);
});

test('a wrong password 0x86, an unknown user 0x87 (ignored), another method 0x8C, no method 0x87', async () => {
  expect((await scramConnect('kim', 'wrong')).code).toBe(0x86);
  expect((await scramConnect('nobody', 'x')).code).toBe(0x87);
  expect((await scramConnect('kim', 'kim-pw', 'SCRAM-SHA-512')).code).toBe(0x8c);
  const plain = await new Promise<number>((resolve) => {
    const c = mqtt.connect({ host: '127.0.0.1', port: node.mqttPort, protocolVersion: 5, reconnectPeriod: 0, username: 'kim', password: 'kim-pw' });
    c.once('connect', () => (c.end(true), resolve(0)));
    c.once('error', (e) => (c.end(true), resolve((e as Error & { code: number }).code)));
  });
  expect(plain).toBe(0x87);
});
