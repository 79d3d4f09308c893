/**
 * The test rig of the MQTT-SN gateway tests: a real node (startTestNode) with the gateway loaded by
 * PUT /gateways/mqttsn on a free UDP port; a bare UDP device sends the specification's octets
 * (sn-client.testing.ts) and MQTT.js on the node's MQTT listener is the other side.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../../test/test-node';
import { api, connectClient, waitFor } from '../../../shared/testing';
import { mqttsnDefaults, type MqttsnConfig } from './config';
import type { RunningMqttsnListener } from './listener';
import { msg, snClient, str, u16, type SnTestClient } from './sn-client.testing';

export const T = { CONNECT: 0x04, CONNACK: 0x05, WILLTOPICREQ: 0x06, WILLTOPIC: 0x07, WILLMSGREQ: 0x08, WILLMSG: 0x09, REGISTER: 0x0a, REGACK: 0x0b, PUBLISH: 0x0c };
export const T2 = { PUBACK: 0x0d, PUBCOMP: 0x0e, PUBREC: 0x0f, PUBREL: 0x10, SUBSCRIBE: 0x12, SUBACK: 0x13, PINGREQ: 0x16, PINGRESP: 0x17, DISCONNECT: 0x18 };
export const hex = (b: number[] | Buffer) => Buffer.from(b).toString('hex');

const PREDEF = [
  { id: 1, topic: '/predefined/topic/name/hello' },
  { id: 2, topic: '/predefined/topic/name/nice' },
];
const LISTENER_ID = 'mqttsn:udp:default';

export interface Rig {
  node: TestNode;
  gw: RunningMqttsnListener;
  mqtt: MqttClient;
  devices: SnTestClient[];
}

let node: TestNode | undefined;
let rig: Rig | undefined;
let observers = 0;

/** One node per test file; devices and the MQTT observer are closed after each test. */
export function useRig(): void {
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterEach(async () => {
    if (!rig) return;
    const r = rig;
    rig = undefined;
    for (const d of r.devices) await d.close();
    await r.mqtt.endAsync(true);
  });
  afterAll(async () => {
    await node?.close();
  });
}

/** Load (or reload) the gateway with EMQX's defaults, two predefined topics and `cfg`; the listener restarts. */
export async function start(cfg: Partial<MqttsnConfig> = {}): Promise<Rig> {
  const n = node!;
  const settings = { ...mqttsnDefaults(), predefined: PREDEF, ...cfg };
  // the first PUT loads the gateway with its listener; later ones update the settings (the listener restarts)
  const loaded = n.app.gateways.lookup('mqttsn') !== undefined;
  const body = loaded ? settings : { name: 'mqttsn', ...settings, listeners: [{ type: 'udp', name: 'default', bind: '127.0.0.1:0' }] };
  const res = await api(n, 'PUT', '/gateways/mqttsn', body);
  expect(res.status, JSON.stringify(res.body)).toBe(204);
  const gw = n.app.gateways.lookup('mqttsn')!.running.get(LISTENER_ID) as RunningMqttsnListener;
  const m = await connectClient(n.mqttPort, { clientId: `observer-${++observers}` });
  rig = { node: n, gw, mqtt: m, devices: [] };
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

export async function until(cond: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  await waitFor(cond, ms, what);
}

/** The device's client as GET /gateways/mqttsn/clients/{id} shows it, or undefined when it is not listed. */
export async function listed(r: Rig, clientid: string): Promise<Record<string, unknown> | undefined> {
  const res = await api(r.node, 'GET', `/gateways/mqttsn/clients/${encodeURIComponent(clientid)}`);
  return res.status === 200 ? (res.body as Record<string, unknown>) : undefined;
}

/** Wait until the node lists `filter` among the device's subscriptions. */
export async function routed(r: Rig, clientid: string, filter: string): Promise<void> {
  await until(async () => {
    const res = await api(r.node, 'GET', `/gateways/mqttsn/clients/${encodeURIComponent(clientid)}/subscriptions`);
    return res.status === 200 && (res.body as Array<{ topic: string }>).some((s) => s.topic === filter);
  }, `subscription ${filter}`);
}
