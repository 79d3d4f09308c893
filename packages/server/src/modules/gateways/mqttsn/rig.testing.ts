/**
 * The test rig of the MQTT-SN gateway tests: the listener started on a free UDP port in front of a real broker. Until
 * the core's PUT /gateways/mqttsn exists, the GatewayContext is the CoAP engineer's broker bridge (a real
 * @mqdeck/broker; every gateway channel is a real MQTT client of it). The device is a bare UDP client sending the
 * specification's octets (sn-client.testing.ts); the other side is MQTT.js.
 */
import { afterEach, expect } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { brokerBridge, type BrokerBridge } from '../coap/bridge.testing';
import type { GatewayContext } from '../protocol';
import { mqttsnDefaults, type MqttsnConfig } from './config';
import { startMqttsnListener, type MqttsnListenerOptions, type RunningMqttsnListener } from './listener';
import { msg, snClient, str, u16, type SnTestClient } from './sn-client.testing';

export const T = { CONNECT: 0x04, CONNACK: 0x05, WILLTOPICREQ: 0x06, WILLTOPIC: 0x07, WILLMSGREQ: 0x08, WILLMSG: 0x09, REGISTER: 0x0a, REGACK: 0x0b, PUBLISH: 0x0c };
export const T2 = { PUBACK: 0x0d, PUBCOMP: 0x0e, PUBREC: 0x0f, PUBREL: 0x10, SUBSCRIBE: 0x12, SUBACK: 0x13, PINGREQ: 0x16, PINGRESP: 0x17, DISCONNECT: 0x18 };
export const hex = (b: number[] | Buffer) => Buffer.from(b).toString('hex');

const PREDEF = [
  { id: 1, topic: '/predefined/topic/name/hello' },
  { id: 2, topic: '/predefined/topic/name/nice' },
];

export interface Rig {
  bridge: BrokerBridge;
  gw: RunningMqttsnListener;
  mqtt: MqttClient;
  devices: SnTestClient[];
}

let rig: Rig | undefined;

export async function start(cfg: Partial<MqttsnConfig> = {}, users?: Record<string, string>, opts: MqttsnListenerOptions = {}): Promise<Rig> {
  const config = { ...mqttsnDefaults(), predefined: PREDEF, ...cfg };
  const bridge = await brokerBridge({ config: config, users });
  const ctx: GatewayContext = {
    ...bridge.ctx,
    gateway: 'mqttsn',
    admit: () => true,
    tls: () => Promise.reject(new Error('no TLS')),
    // The bridge ends its MQTT client with force, which can drop a QoS 0 publish still in the socket buffer (a will,
    // a QoS -1 message), and a client closed while still connecting rejects later; the core's channel has neither
    // issue. Ending gracefully once connected keeps the stand-in faithful.
    openChannel(info, sink) {
      const ch = bridge.ctx.openChannel(info, sink);
      const entry = bridge.clients.get(info.clientid);
      return {
        ...ch,
        close(reason) {
          if (!entry || entry.closed) return ch.close(reason);
          const end = () => entry.client.end(false, {}, () => ch.close(reason));
          if (entry.client.connected) end();
          else entry.client.once('connect', end);
        },
      };
    },
  };
  const gw = await startMqttsnListener(
    ctx,
    { id: 'mqttsn:udp:default', type: 'udp', name: 'default', host: '127.0.0.1', port: 0, max_connections: 100, raw: {} },
    { timings: { registerRetryMs: 5000 }, ...opts },
  );
  const m = await mqtt.connectAsync(bridge.url, { clientId: 'observer', reconnectPeriod: 0 });
  rig = { bridge, gw, mqtt: m, devices: [] };
  return rig;
}

export async function device(r: Rig): Promise<SnTestClient> {
  const d = await snClient(r.gw.port!);
  r.devices.push(d);
  return d;
}

/** CONNECT (CleanSession, ProtocolId 1, Duration) and expect CONNACK accepted. */
export async function connect(d: SnTestClient, clientId: string, duration = 60): Promise<void> {
  d.send(msg(T.CONNECT, 0x04, 0x01, ...u16(duration), ...str(clientId)));
  expect(hex(await d.next())).toBe(hex([0x03, T.CONNACK, 0x00]));
}

export function nextMqtt(m: MqttClient, topic: string): Promise<{ payload: string; qos: number; retain: boolean }> {
  return new Promise((resolve) => {
    const on = (t: string, p: Buffer, packet: { qos: number; retain: boolean }) => {
      if (t !== topic) return;
      m.off('message', on);
      resolve({ payload: p.toString(), qos: packet.qos, retain: packet.retain });
    };
    m.on('message', on);
  });
}

export async function until(cond: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The bridge's MQTT client for a device subscribes asynchronously; wait until the broker has the route. */
export async function routed(r: Rig, clientid: string, filter: string): Promise<void> {
  await until(() => r.bridge.clients.get(clientid)?.filters.has(filter) === true, `subscription ${filter}`);
}

/** Stop what start() started, after each test of the file that calls it. */
export function useRig(): void {
  afterEach(async () => {
    if (!rig) return;
    const r = rig;
    rig = undefined;
    for (const d of r.devices) await d.close();
    await r.gw.close();
    await until(() => r.bridge.clients.size === 0, 'the gateway channels to end');
    await r.mqtt.endAsync(true);
    await r.bridge.stop();
  });
}
