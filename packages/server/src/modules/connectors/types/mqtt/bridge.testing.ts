// Fixtures of the mqtt type's tests: one private mosquitto per test file, a TypeContext, and the connectors,
// actions, sources and plain peer clients a test opens, all closed after each test.
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ActionInstance, ConnectorInstance, SourceInstance, SourceMessage, TypeContext } from '../../resource/types';
import { mqttType } from './index';
import { startMosquitto, type Mosquitto } from './mosquitto.testing';

export const NODE = 'mqdeck@127.0.0.1';

export type PeerMessage = { topic: string; payload: string; packet: mqtt.IPublishPacket };

export interface Bridge {
  broker: Mosquitto;
  warnings: string[];
  /** run after the current test */
  cleanup: (() => Promise<unknown>)[];
  ctx(name?: string): TypeContext;
  connector(config: Record<string, unknown>, name?: string): Promise<ConnectorInstance>;
  action(c: ConnectorInstance, parameters: Record<string, unknown>): Promise<ActionInstance>;
  source(c: ConnectorInstance, parameters: Record<string, unknown>, got: SourceMessage[]): Promise<SourceInstance>;
  /** a plain client on the private mosquitto, subscribed to `filter`, collecting what it receives */
  peer(filter: string, protocolVersion?: 4 | 5): Promise<{ client: MqttClient; got: PeerMessage[] }>;
  /** a plain client on the private mosquitto, to publish */
  publisher(): Promise<MqttClient>;
  /** one rule output through render and send */
  deliver(a: ActionInstance, selected: Record<string, unknown>): ReturnType<ActionInstance['send']>;
  /** runs the cleanups now (a test that opens several rounds) */
  clean(): Promise<void>;
}

/** the fixture of a test file: call at its top level */
export function useBridge(): Bridge {
  const cleanup: (() => Promise<unknown>)[] = [];
  const warnings: string[] = [];
  const b: Bridge = {
    broker: undefined as unknown as Mosquitto,
    warnings,
    cleanup,
    ctx: (name = 'c1') => ({
      connectorId: `mqtt:${name}`,
      nodeName: NODE,
      tls: () => undefined,
      log: { info: () => undefined, warn: (msg) => void warnings.push(msg) },
    }),
    async connector(config, name = 'c1') {
      const c = await mqttType.start({ server: b.broker.server, pool_size: 1, ...config }, b.ctx(name));
      cleanup.push(() => c.stop());
      return c;
    },
    async action(c, parameters) {
      const a = await mqttType.action!.start(parameters, c, b.ctx());
      cleanup.push(async () => a.stop?.());
      return a;
    },
    async source(c, parameters, got) {
      const s = await mqttType.source!.start(parameters, c, { ...b.ctx(), sourceId: 'mqtt:s1' }, (m) => got.push(m));
      cleanup.push(() => s.stop());
      return s;
    },
    async peer(filter, protocolVersion = 5) {
      const client = await mqtt.connectAsync({ host: '127.0.0.1', port: b.broker.port, protocolVersion, reconnectPeriod: 0 });
      cleanup.push(() => client.endAsync(true));
      const got: PeerMessage[] = [];
      client.on('message', (topic, payload, packet) => got.push({ topic, payload: payload.toString(), packet }));
      await client.subscribeAsync(filter, { qos: 1 });
      return { client, got };
    },
    async publisher() {
      const client = await mqtt.connectAsync({ host: '127.0.0.1', port: b.broker.port, protocolVersion: 5, reconnectPeriod: 0 });
      cleanup.push(() => client.endAsync(true));
      return client;
    },
    deliver: (a, selected) => a.send([a.render(selected, {})]),
    async clean() {
      for (const f of cleanup.splice(0).reverse()) await f().catch(() => undefined);
    },
  };
  beforeAll(async () => {
    b.broker = await startMosquitto();
  });
  afterAll(async () => {
    await b.broker.close();
  });
  afterEach(() => b.clean());
  return b;
}
