/**
 * The listener's broadcast side, which needs no broker: with `broadcast = true` it sends ADVERTISE (GwId, Duration in
 * seconds) when it starts and every interval, and answers SEARCHGW with GWINFO. ADVERTISE is aimed at a local socket
 * here instead of the interfaces' broadcast addresses. The context refuses any broker use, which these messages need none of.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayContext } from '../protocol';
import { mqttsnDefaults } from './config';
import { ADVERTISE_INTERVAL_S, broadcastAddresses, startMqttsnListener, type RunningMqttsnListener } from './listener';
import { snClient, u16, type SnTestClient } from './sn-client.testing';

const refuse = () => {
  throw new Error('no broker in this test');
};
const quiet = { info() {}, warn() {}, error() {}, debug() {} };
const hex = (b: number[] | Buffer) => Buffer.from(b).toString('hex');

let running: RunningMqttsnListener | undefined;
const sockets: SnTestClient[] = [];
afterEach(async () => {
  await running?.close();
  running = undefined;
  for (const s of sockets.splice(0)) await s.close();
});

function ctx(config: Record<string, unknown>): GatewayContext {
  return { gateway: 'mqttsn', config: () => config, log: quiet, authenticate: refuse, openChannel: refuse, admit: () => true, allowed: () => true, tls: refuse };
}

describe('MQTT-SN listener: ADVERTISE and SEARCHGW', () => {
  it('broadcast = true: ADVERTISE on start and every interval; SEARCHGW answered GWINFO', async () => {
    const probe = await snClient(9); // its socket receives ADVERTISE; it sends nothing to port 9
    sockets.push(probe);
    running = await startMqttsnListener(
      ctx({ ...mqttsnDefaults(), gateway_id: 3, broadcast: true }),
      { id: 'mqttsn:udp:default', type: 'udp', name: 'default', host: '127.0.0.1', port: 0, max_connections: 10, raw: {} },
      { advertiseTargets: () => [{ address: '127.0.0.1', port: probe.port }], advertiseIntervalMs: 200 },
    );
    const advertise = hex([0x05, 0x00, 0x03, ...u16(ADVERTISE_INTERVAL_S)]);
    expect(hex(await probe.next())).toBe(advertise);
    expect(hex(await probe.next())).toBe(advertise);
    const d = await snClient(running.port!);
    sockets.push(d);
    d.send([0x03, 0x01, 0x00]);
    expect(hex(await d.next())).toBe(hex([0x03, 0x02, 0x03]));
    expect(running.connections()).toBe(0);
  });

  it('broadcast = false sends no ADVERTISE', async () => {
    let targetsAsked = 0;
    running = await startMqttsnListener(
      ctx({ ...mqttsnDefaults(), broadcast: false }),
      { id: 'mqttsn:udp:default', type: 'udp', name: 'default', host: '127.0.0.1', port: 0, max_connections: 10, raw: {} },
      { advertiseTargets: () => (targetsAsked++, []) },
    );
    const d = await snClient(running.port!);
    sockets.push(d);
    d.send([0x03, 0x01, 0x00]);
    expect(hex(await d.next())).toBe(hex([0x03, 0x02, 0x01]));
    expect(targetsAsked).toBe(0);
  });

  it('broadcast addresses are the IPv4 interfaces’ network broadcast addresses (no loopback)', () => {
    for (const a of broadcastAddresses()) {
      expect(a).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(a.startsWith('127.')).toBe(false);
    }
  });
});
