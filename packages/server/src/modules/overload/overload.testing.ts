// Helpers shared by the overload tests (the live one and the restart one).
import mqtt from 'mqtt';
import type { TestNode } from '../../../test/test-node';
import { putConfigText } from '../../shared/testing';

/** 'accepted' on CONNACK, 'closed' when the node drops the socket first */
export function tryConnect(node: TestNode): Promise<'accepted' | 'closed'> {
  return new Promise((resolve) => {
    const c = mqtt.connect({ host: '127.0.0.1', port: node.mqttPort, protocolVersion: 5, reconnectPeriod: 0, connectTimeout: 5000 });
    c.once('connect', () => {
      c.end(true);
      resolve('accepted');
    });
    c.once('close', () => resolve('closed'));
    c.once('error', () => undefined);
  });
}

/** keeps the event loop busy, as a node too loaded to keep up would be */
export function block(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

export const putHocon = (node: TestNode, text: string) => putConfigText(node, text);
export const refused = (node: TestNode) => node.app.broker.metrics()['overload_protection.new_conn'] ?? 0;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
