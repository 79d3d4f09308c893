// $SYS topics, as EMQX publishes them for one node (emqx_sys / emqx_sys_mon):
// every sys_msg_interval: $SYS/brokers, .../version, .../sysdescr, .../stats/<a/b>, .../metrics/<a/b>;
// every sys_heartbeat_interval: .../uptime and .../datetime;
// client events (sys_event_messages switches): .../clients/<clientid>/{connected,disconnected,subscribed,unsubscribed}.
// "disabled" (or 0) turns a timer off. Settings apply live (config.watch).
// A client event is built and published only when something would see it (broker.observes: a subscriber whose
// filter matches, or a publish hook / listener whose scope takes `$SYS`, as a rule with ignore_sys_message false):
// EMQX counts $SYS messages nowhere, so one nobody sees leaves no trace; skipping it saves a publish per connect.
import type { Broker, ClientIdentity, ClientInfo, SubscriptionInfo } from '@mqdeck/broker';
import type { ConfigService } from '../../config/config.service';
import { parseDuration } from '../../config/units';
import { EMQX_VERSION } from '../status/version';

/** the sender EMQX names on its $SYS messages (emqx_sys's module name): retained lists and rule events show it */
export const SYS_PUBLISHER = 'emqx_sys';

const SYSDESCR = 'EMQX';

export class SysTopicsPublisher {
  private msgTimer?: NodeJS.Timeout;
  private heartbeatTimer?: NodeJS.Timeout;
  private events = { client_connected: true, client_disconnected: true, client_subscribed: false, client_unsubscribed: false };
  private readonly prefix: string;
  private readonly unwatch: () => void;

  constructor(
    private readonly broker: Broker,
    private readonly config: ConfigService,
    private readonly startedAt: number,
  ) {
    this.prefix = `$SYS/brokers/${broker.nodeName}`;
    broker.events.on('client.connected', this.onConnected);
    broker.events.on('client.disconnected', this.onDisconnected);
    broker.events.on('session.subscribed', this.onSubscribed);
    broker.events.on('session.unsubscribed', this.onUnsubscribed);
    this.unwatch = config.watch('sys_topics', () => this.apply());
    this.apply();
  }

  close(): void {
    for (const t of [this.msgTimer, this.heartbeatTimer]) if (t) clearInterval(t);
    this.broker.events.off('client.connected', this.onConnected);
    this.broker.events.off('client.disconnected', this.onDisconnected);
    this.broker.events.off('session.subscribed', this.onSubscribed);
    this.broker.events.off('session.unsubscribed', this.onUnsubscribed);
    this.unwatch();
  }

  private apply(): void {
    const cfg = this.config.get<Record<string, any>>('sys_topics');
    this.events = { ...this.events, ...(cfg.sys_event_messages ?? {}) };
    for (const t of [this.msgTimer, this.heartbeatTimer]) if (t) clearInterval(t);
    this.msgTimer = this.every(cfg.sys_msg_interval, () => this.publishInfo());
    this.heartbeatTimer = this.every(cfg.sys_heartbeat_interval, () => this.publishHeartbeat());
  }

  private every(value: unknown, fn: () => void): NodeJS.Timeout | undefined {
    const ms = parseDuration(value);
    if (!ms) return undefined;
    const t = setInterval(fn, ms);
    t.unref();
    return t;
  }

  private send(topic: string, payload: string, retain = false): void {
    this.broker.publish({ topic, payload: Buffer.from(payload), qos: 0, retain, fromClientid: SYS_PUBLISHER, fromUsername: null }).catch(() => undefined);
  }

  publishInfo(): void {
    this.send('$SYS/brokers', this.broker.nodeName, true);
    this.send(`${this.prefix}/version`, EMQX_VERSION, true);
    this.send(`${this.prefix}/sysdescr`, SYSDESCR, true);
    for (const [name, value] of Object.entries(this.broker.stats())) this.send(`${this.prefix}/stats/${name.replace(/\./g, '/')}`, String(value));
    for (const [name, value] of Object.entries(this.broker.metrics())) this.send(`${this.prefix}/metrics/${name.replace(/\./g, '/')}`, String(value));
  }

  publishHeartbeat(): void {
    this.send(`${this.prefix}/uptime`, String(Math.floor((Date.now() - this.startedAt) / 1000)));
    this.send(`${this.prefix}/datetime`, new Date().toISOString());
  }

  private clientTopic(clientid: string, event: string): string {
    return `${this.prefix}/clients/${clientid}/${event}`;
  }

  private readonly onConnected = (c: ClientInfo) => {
    if (!this.events.client_connected) return;
    const topic = this.clientTopic(c.clientid, 'connected');
    if (!this.broker.observes(topic)) return; // nobody would see it (broker.observes): not built, not published
    const payload = {
      clientid: c.clientid,
      username: c.username,
      ipaddress: c.ipAddress,
      sockport: c.sockport,
      proto_name: c.protoName,
      proto_ver: c.protoVer,
      keepalive: c.keepalive,
      clean_start: c.cleanStart,
      expiry_interval: c.expiryInterval * 1000,
      is_bridge: c.isBridge,
      connected_at: c.connectedAt,
      ts: Date.now(),
    };
    this.send(topic, JSON.stringify(payload));
  };

  private readonly onDisconnected = (c: ClientInfo, reason: string) => {
    if (!this.events.client_disconnected) return;
    const topic = this.clientTopic(c.clientid, 'disconnected');
    if (!this.broker.observes(topic)) return;
    const payload = { clientid: c.clientid, username: c.username, reason, disconnected_at: c.disconnectedAt ?? Date.now(), ts: Date.now() };
    this.send(topic, JSON.stringify(payload));
  };

  private subscription(event: 'subscribed' | 'unsubscribed', client: ClientIdentity, sub: SubscriptionInfo): void {
    const topic = this.clientTopic(client.clientid, event);
    if (!this.broker.observes(topic)) return;
    const payload = { clientid: client.clientid, username: client.username, topic: sub.topic, subopts: { qos: sub.qos, nl: sub.nl, rap: sub.rap, rh: sub.rh }, ts: Date.now() };
    this.send(topic, JSON.stringify(payload));
  }

  private readonly onSubscribed = (client: ClientIdentity, sub: SubscriptionInfo) => {
    if (this.events.client_subscribed) this.subscription('subscribed', client, sub);
  };

  private readonly onUnsubscribed = (client: ClientIdentity, sub: SubscriptionInfo) => {
    if (this.events.client_unsubscribed) this.subscription('unsubscribed', client, sub);
  };
}
