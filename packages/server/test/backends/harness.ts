// Helpers for the backend integration tests: a node, CONNACK codes of real MQTT.js clients, and
// publish/subscribe checks that observe what a subscriber really receives.
import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { expect } from 'vitest';
import { api, connackCode, connectClient } from '../../src/shared/testing';
import type { TestNode } from '../test-node';

export { api, connackCode, connectClient };

/** a name unique to this run, for tables, keys and users */
export const unique = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

export async function addAuthenticator(node: TestNode, config: Record<string, unknown>): Promise<string> {
  const res = await api(node, 'POST', '/authentication', config);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
}

export async function addSource(node: TestNode, config: Record<string, unknown>): Promise<void> {
  const res = await api(node, 'POST', '/authorization/sources', config);
  expect(res.status, JSON.stringify(res.body)).toBe(204);
}

/** SUBACK reason codes for the filters, in order */
export async function subackCodes(client: MqttClient, filters: string[]): Promise<number[]> {
  try {
    const granted = await client.subscribeAsync(filters, { qos: 1 });
    return granted.map((g) => g.qos);
  } catch (err) {
    return (err as { packet: { granted: number[] } }).packet.granted;
  }
}

/** PUBACK reason code of a QoS 1 publish (MQTT 5): 0 accepted, 0x87 not authorized, … */
export async function pubackCode(client: MqttClient, topic: string): Promise<number> {
  try {
    const packet = await client.publishAsync(topic, 'x', { qos: 1 });
    return (packet as { reasonCode?: number } | undefined)?.reasonCode ?? 0;
  } catch (err) {
    return (err as { code: number }).code;
  }
}

/**
 * Publishes `topic` from `publisher` and reports whether `subscriber` (already subscribed to a filter
 * covering it) received it within `waitMs`. QoS 0 so a deny is observed at the subscriber only.
 */
export async function delivered(publisher: MqttClient, subscriber: MqttClient, topic: string, waitMs = 400): Promise<boolean> {
  const payload = randomBytes(6).toString('hex');
  return new Promise((resolve) => {
    const onMessage = (t: string, p: Buffer) => {
      if (t === topic && p.toString() === payload) finish(true);
    };
    const timer = setTimeout(() => finish(false), waitMs);
    function finish(v: boolean) {
      clearTimeout(timer);
      subscriber.off('message', onMessage);
      resolve(v);
    }
    subscriber.on('message', onMessage);
    publisher.publish(topic, payload, { qos: 0 });
  });
}

/** status of an authenticator or source, as the console reads it */
export async function statusOf(node: TestNode, url: string): Promise<string> {
  const res = await api(node, 'GET', url);
  expect(res.status).toBe(200);
  return res.body.status as string;
}

/** polls the status until it is `expected` (a new pool reports connecting first) */
export async function waitStatus(node: TestNode, url: string, expected: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = await statusOf(node, url);
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(last, `status of ${url}`).toBe(expected);
}
