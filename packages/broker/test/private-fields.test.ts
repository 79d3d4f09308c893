// Internals of other code the broker relies on. An upgrade that renames them must fail here, with the reason,
// not in production: connection/parser-pool.ts reads mqtt-packet's parser state, transports/tls.ts reads Node's
// TLSSocket._parent.
import net from 'node:net';
import tls, { type TLSSocket } from 'node:tls';
import { createRequire } from 'node:module';
import { afterEach, expect, test } from 'vitest';
import mqttPacket from 'mqtt-packet';
import { isIdle } from '../src/connection/parser-pool';
import { tlsFront } from '../src/transports/tls';
import { hasOpenssl, makePki } from './pki';
import { testListener } from './listener-config';

const version = (createRequire(import.meta.url)('mqtt-packet/package.json') as { version: string }).version;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

test('mqtt-packet parser: the private fields parser-pool.ts reads and writes are there and mean what it expects', () => {
  const p = mqttPacket.parser({ protocolVersion: 4 }) as unknown as Record<string, unknown> & { parse(b: Buffer): number };
  p.parse(mqttPacket.generate({ cmd: 'pingreq' })); // some fields are set by the first parse
  // field → what parser-pool.ts does with it
  const needed: [string, string, (v: unknown) => boolean][] = [
    ['_list', 'its length tells whether bytes of a packet are buffered (isIdle)', (v) => typeof (v as { length?: unknown })?.length === 'number'],
    ['_stateCounter', 'non-zero while a packet is partly parsed (isIdle)', (v) => v === 0],
    ['_pos', 'read offset, reset to 0 after a parse error', (v) => typeof v === 'number'],
    ['packet', 'the packet being parsed: its length is checked against max_packet_size', (v) => typeof v === 'object' && v !== null && 'length' in v],
    ['error', 'set by a parse error, null otherwise', (v) => v === null],
    ['settings', 'replaced per connection with { protocolVersion, bridgeMode }', (v) => typeof v === 'object' && v !== null],
    ['_resetState', 'drops a failed packet before the parser is lent again', (v) => typeof v === 'function'],
  ];
  const broken = needed.filter(([name, , ok]) => !ok(p[name])).map(([name, use]) => `${name} (${use})`);
  expect(broken, `mqtt-packet ${version} changed internals that connection/parser-pool.ts relies on: ${broken.join('; ')}`).toEqual([]);

  // and they behave as the pool expects: partly parsed → not idle; complete → idle; settings set the version
  const parser = p as unknown as Parameters<typeof isIdle>[0] & { parse(b: Buffer): number; settings: { protocolVersion?: number } };
  expect(isIdle(parser)).toBe(true);
  const connect = mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 5, clientId: 'x', clean: true, keepalive: 0 });
  parser.parse(connect.subarray(0, 5));
  expect(isIdle(parser), `mqtt-packet ${version}: a partly received packet no longer shows in _list/_stateCounter`).toBe(false);
  parser.parse(connect.subarray(5));
  expect(isIdle(parser), `mqtt-packet ${version}: a complete packet leaves _list/_stateCounter non-empty`).toBe(true);
  expect(parser.settings.protocolVersion, `mqtt-packet ${version}: a CONNECT no longer sets settings.protocolVersion`).toBe(5);
});

test.skipIf(!hasOpenssl)('Node TLSSocket._parent: the accepted socket a TLS socket wraps (PROXY header peer of TLS listeners)', async () => {
  const pki = makePki();
  const config = testListener('ssl', { tls: { cert: pki.serverCert, key: pki.serverKey, verify: false, failIfNoPeerCert: false } });
  let accepted: net.Socket | undefined;
  const secured = new Promise<[TLSSocket, net.Socket]>((resolve) => {
    const front = tlsFront(config, (socket, parent) => resolve([socket, parent]));
    const server = net.createServer((s) => {
      accepted = s;
      front(s);
    });
    cleanups.push(() => server.close());
    server.listen(0, '127.0.0.1', () => {
      const client = tls.connect({ port: (server.address() as net.AddressInfo).port, host: '127.0.0.1', rejectUnauthorized: false });
      client.on('error', () => {});
      cleanups.push(() => client.destroy());
    });
  });
  const [socket, parent] = await secured;
  cleanups.push(() => socket.destroy());
  expect(parent, `Node ${process.version}: TLSSocket._parent is no longer the socket it was made from (transports/tls.ts)`).toBe(accepted);
  expect(parent).not.toBe(socket);
});
