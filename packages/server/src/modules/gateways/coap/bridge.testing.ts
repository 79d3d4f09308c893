/**
 * Test stand-in for the gateway core while its API is not there: a GatewayContext around a real broker
 * (createBroker from @mqdeck/broker, on a free TCP port). Each gateway channel is a real MQTT client of that
 * broker, so a CoAP publish reaches MQTT.js subscribers and MQTT publishes reach CoAP observers through the
 * broker's own routing; authentication checks a username/password table as a password-based authenticator would.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { createBroker, topicMatches, type Broker, type Listener } from '@mqdeck/broker';
import type { GatewayChannel, GatewayChannelSink, GatewayClientInfo, GatewayContext } from '../protocol';

export interface BridgedClient {
  info: GatewayClientInfo;
  sink: GatewayChannelSink;
  client: MqttClient;
  filters: Map<string, 0 | 1 | 2>;
  closed: boolean;
}

export interface BrokerBridge {
  broker: Broker;
  url: string;
  ctx: GatewayContext;
  clients: Map<string, BridgedClient>;
  /** what an operator's kick does: the core tells the protocol to close the device */
  kick(clientid: string): boolean;
  stop(): Promise<void>;
}

export async function brokerBridge(opts: { config: Record<string, unknown>; users?: Record<string, string> }): Promise<BrokerBridge> {
  const broker = createBroker({ nodeName: 'emqx@127.0.0.1' });
  const listener: Listener = broker.createListener({
    id: 'tcp:default',
    type: 'tcp',
    bind: { host: '127.0.0.1', port: 0 },
    maxConnections: null,
    mountpoint: '',
    zone: 'default',
    enableAuthn: false,
  });
  await listener.start();
  const url = `mqtt://127.0.0.1:${listener.port}`;
  const clients = new Map<string, BridgedClient>();
  const silent = { info() {}, warn() {}, error() {}, debug() {} };

  const ctx: GatewayContext = {
    gateway: 'coap',
    config: () => opts.config,
    log: silent,
    // no access_rules / max_conn_rate and no DTLS in the stand-in
    admit: () => true,
    allowed: () => true,
    tls: () => Promise.reject(new Error('The stand-in context has no TLS material.')),
    authenticate(req) {
      if (!opts.users) return Promise.resolve({ ok: true, isSuperuser: false });
      const ok = req.username !== undefined && opts.users[req.username] === req.password;
      return Promise.resolve(ok ? { ok: true, isSuperuser: false } : { ok: false, reason: 'bad_username_or_password' });
    },
    openChannel(info, sink): GatewayChannel {
      const old = clients.get(info.clientid);
      if (old && !old.closed) old.sink.kick('takenover');
      const mp = info.mountpoint ?? '';
      const client = mqtt.connect(url, { clientId: info.clientid, protocolVersion: 5, reconnectPeriod: 0, clean: true });
      const entry: BridgedClient = { info, sink, client, filters: new Map(), closed: false };
      clients.set(info.clientid, entry);
      client.on('message', (topic, payload, packet) => {
        const local = topic.startsWith(mp) ? topic.slice(mp.length) : topic;
        for (const [filter, sqos] of entry.filters) {
          if (!topicMatches(filter, local)) continue;
          sink.deliver({
            topic: local,
            payload,
            qos: Math.min(packet.qos, sqos) as 0 | 1 | 2,
            retain: packet.retain,
            filter,
            id: '0'.repeat(32),
            from: null,
            timestamp: Date.now(),
          });
        }
      });
      const ready = new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', reject);
      });
      return {
        async publish(topic, payload, o) {
          await ready;
          await client.publishAsync(mp + topic, payload, { qos: o.qos, retain: o.retain ?? false });
          return 'ok';
        },
        async subscribe(filter, qos) {
          await ready;
          const granted = await client.subscribeAsync(mp + filter, { qos });
          const g = granted[0]?.qos ?? 128;
          if (g >= 128) return 'denied';
          entry.filters.set(filter, g as 0 | 1 | 2);
          return g;
        },
        async unsubscribe(filter) {
          await ready;
          entry.filters.delete(filter);
          await client.unsubscribeAsync(mp + filter);
        },
        subscriptions: () => [...entry.filters].map(([topic, qos]) => ({ topic, qos })),
        count() {},
        update() {},
        close() {
          if (entry.closed) return;
          entry.closed = true;
          if (clients.get(info.clientid) === entry) clients.delete(info.clientid);
          client.end(true);
        },
      };
    },
  };

  return {
    broker,
    url,
    ctx,
    clients,
    kick(clientid) {
      const c = clients.get(clientid);
      if (!c) return false;
      c.sink.kick('kicked');
      return true;
    },
    async stop() {
      for (const c of clients.values()) c.client.end(true);
      await listener.stop();
    },
  };
}
