// Broker events → the columns EMQX gives a rule for each (emqx_rule_events eventmsg_*). Values that need a look-up
// of the client (its address and port, its attributes) are getters, computed only when the SQL reads them.
import { isUtf8 } from 'node:buffer';
import type { AuthzAction, AuthzResult, ClientIdentity, ClientInfo, ConnackInfo, PublishMessage, PublishProperties, SubscriptionInfo } from '@mqdeck/broker';
import { reasonName } from './reason-codes';
import type { Alarm } from '../../alarms/alarms.service';

export type Columns = Record<string, unknown>;

/** what the adapters need from the node */
export interface ColumnsEnv {
  node: string;
  client(clientid: string): ClientInfo | undefined;
  /** the bind host of a listener ("0.0.0.0"), for `sockname` */
  bindHost(listener: string): string | undefined;
}

/** What a message's columns need of its publisher; looked up once per connection, not per message. */
export interface Publisher {
  peerhost: string | undefined;
  peername: string | undefined;
  clientAttrs: Record<string, string>;
}

/** a binary payload reads as text when it is UTF-8, as a Buffer otherwise */
export const payloadValue = (p: Buffer): string | Buffer => (isUtf8(p) ? p.toString('utf8') : p);

/** MQTT 5 properties with EMQX's names; `User-Property` is always there (EMQX's printable_maps) */
export function printableProps(p: PublishProperties | undefined): Columns {
  const out: Columns = { 'User-Property': {} };
  if (!p) return out;
  if (p.payloadFormatIndicator !== undefined) out['Payload-Format-Indicator'] = p.payloadFormatIndicator ? 1 : 0;
  if (p.messageExpiryInterval !== undefined) out['Message-Expiry-Interval'] = p.messageExpiryInterval;
  if (p.contentType !== undefined) out['Content-Type'] = p.contentType;
  if (p.responseTopic !== undefined) out['Response-Topic'] = p.responseTopic;
  if (p.correlationData !== undefined) out['Correlation-Data'] = payloadValue(p.correlationData);
  if (p.subscriptionIdentifier !== undefined) out['Subscription-Identifier'] = p.subscriptionIdentifier;
  if (p.userProperties) {
    const map: Record<string, string> = {};
    const pairs: { key: string; value: string }[] = [];
    for (const [key, v] of Object.entries(p.userProperties)) {
      for (const value of Array.isArray(v) ? v : [v]) {
        map[key] = value;
        pairs.push({ key, value });
      }
    }
    out['User-Property'] = map;
    out['User-Property-Pairs'] = pairs;
  }
  return out;
}

const flagsOf = (m: PublishMessage) => ({ retain: m.retain, dup: m.dup ?? false });
const hexId = (m: PublishMessage) => m.id.toUpperCase();
const address = (host: string | undefined, port: number | undefined) => (port === undefined ? undefined : `${host}:${port}`);
const peername = (c: ClientInfo | undefined) => (c ? `${c.ipAddress}:${c.port}` : undefined);

/** $events/message_publish (and a message rule's input); `publisher` is the sending client, if one is connected */
export function publishColumns(env: ColumnsEnv, m: PublishMessage, publisher: Publisher | undefined): Columns {
  return {
    event: 'message.publish',
    id: hexId(m),
    clientid: m.fromClientid ?? undefined,
    username: m.fromUsername ?? undefined,
    payload: payloadValue(m.payload),
    peerhost: publisher?.peerhost,
    peername: publisher?.peername,
    topic: m.topic,
    qos: m.qos,
    flags: flagsOf(m),
    pub_props: printableProps(m.properties),
    publish_received_at: m.timestamp,
    client_attrs: publisher?.clientAttrs ?? {},
    timestamp: Date.now(),
    node: env.node,
  };
}

export function droppedColumns(env: ColumnsEnv, m: PublishMessage, reason: string, publisher: Publisher | undefined): Columns {
  const { event: _e, client_attrs: _a, ...rest } = publishColumns(env, m, publisher);
  return { event: 'message.dropped', reason, ...rest };
}

/** $events/schema_validation_failed and $events/message_transformation_failed (EMQX eventmsg_validation_failed /
 * eventmsg_transformation_failed): the message as published, with the failed validation's or transformation's name */
export function failedColumns(
  env: ColumnsEnv,
  event: 'schema.validation_failed' | 'message.transformation_failed',
  name: string,
  m: PublishMessage,
  publisher: Publisher | undefined,
): Columns {
  const { event: _e, client_attrs: _a, peerhost, ...rest } = publishColumns(env, m, publisher);
  return event === 'schema.validation_failed' ? { event, validation: name, ...rest, peerhost } : { event, transformation: name, ...rest };
}

/** message_delivered, message_acked, delivery_dropped: the receiver is `clientid`, the publisher `from_clientid` */
export function deliveryColumns(env: ColumnsEnv, event: string, c: ClientIdentity, m: PublishMessage, reason?: string): Columns {
  return {
    event,
    id: hexId(m),
    ...(reason !== undefined ? { reason } : {}),
    from_clientid: m.fromClientid ?? undefined,
    from_username: m.fromUsername ?? undefined,
    clientid: c.clientid,
    username: c.username ?? undefined,
    payload: payloadValue(m.payload),
    peerhost: c.peerhost,
    get peername() {
      return peername(env.client(c.clientid));
    },
    topic: m.topic,
    qos: m.qos,
    flags: flagsOf(m),
    get pub_props() {
      return printableProps(m.properties);
    },
    ...(event === 'message.acked' ? { puback_props: { 'User-Property': {} } } : {}),
    publish_received_at: m.timestamp,
    timestamp: Date.now(),
    node: env.node,
  };
}

const sockname = (env: ColumnsEnv, listener: string | undefined, port: number | undefined) => address((listener && env.bindHost(listener)) ?? '0.0.0.0', port);

export function connectedColumns(env: ColumnsEnv, c: ClientInfo): Columns {
  return {
    event: 'client.connected',
    clientid: c.clientid,
    username: c.username ?? undefined,
    mountpoint: c.mountpoint || undefined,
    peername: peername(c),
    sockname: sockname(env, c.listener, c.sockport),
    proto_name: c.protoName,
    proto_ver: c.protoVer,
    keepalive: c.keepalive,
    clean_start: c.cleanStart,
    expiry_interval: c.expiryInterval,
    is_bridge: c.isBridge,
    conn_props: { 'User-Property': {} },
    connected_at: c.connectedAt,
    client_attrs: c.clientAttrs,
    timestamp: Date.now(),
    node: env.node,
  };
}

export function disconnectedColumns(env: ColumnsEnv, c: ClientInfo, reason: string): Columns {
  return {
    event: 'client.disconnected',
    reason,
    clientid: c.clientid,
    username: c.username ?? undefined,
    peername: peername(c),
    sockname: sockname(env, c.listener, c.sockport),
    proto_name: c.protoName,
    proto_ver: c.protoVer,
    disconn_props: { 'User-Property': {} },
    connected_at: c.connectedAt,
    disconnected_at: c.disconnectedAt ?? Date.now(),
    client_attrs: c.clientAttrs,
    timestamp: Date.now(),
    node: env.node,
  };
}

export function connackColumns(env: ColumnsEnv, i: ConnackInfo): Columns {
  return {
    event: 'client.connack',
    reason_code: reasonName(i.reasonCode),
    clientid: i.clientid,
    clean_start: i.cleanStart,
    username: i.username ?? undefined,
    peername: address(i.peerhost, i.peerport),
    sockname: sockname(env, i.listener, i.sockport),
    proto_name: i.protoName,
    proto_ver: i.protoVer,
    keepalive: i.keepalive,
    expiry_interval: i.expiryInterval,
    conn_props: { 'User-Property': {} },
    timestamp: Date.now(),
    node: env.node,
  };
}

export function authnColumns(env: ColumnsEnv, i: ConnackInfo & { isSuperuser: boolean; isAnonymous: boolean }): Columns {
  return {
    event: 'client.check_authn_complete',
    clientid: i.clientid,
    username: i.username ?? undefined,
    peername: address(i.peerhost, i.peerport),
    reason_code: reasonName(i.reasonCode),
    is_anonymous: i.isAnonymous,
    is_superuser: i.isSuperuser,
    client_attrs: env.client(i.clientid)?.clientAttrs ?? {},
    timestamp: Date.now(),
    node: env.node,
  };
}

export function authzColumns(env: ColumnsEnv, c: ClientIdentity, action: AuthzAction, topic: string, result: AuthzResult, source: string | undefined): Columns {
  return {
    event: 'client.check_authz_complete',
    clientid: c.clientid,
    username: c.username ?? undefined,
    peerhost: c.peerhost,
    get peername() {
      return peername(env.client(c.clientid));
    },
    topic,
    action,
    // what decided, when the authorization hook reports it (cache, superuser, a source type, default)
    authz_source: source,
    result,
    client_attrs: c.clientAttrs,
    timestamp: Date.now(),
    node: env.node,
  };
}

/**
 * $events/sys/alarm_activated and …/alarm_deactivated (EMQX eventmsg_alarm_*): the alarm as emqx_alarm hands it to
 * the hook, times in microseconds as EMQX keeps them.
 */
export function alarmColumns(env: ColumnsEnv, op: 'activate' | 'deactivate', a: Alarm): Columns {
  const base = { name: a.name, details: a.details, message: a.message, activated_at: a.activateAt * 1000 };
  return op === 'activate'
    ? { ...base, event: 'alarm.activated', timestamp: Date.now(), node: env.node }
    : { ...base, deactivated_at: (a.deactivateAt ?? Date.now()) * 1000, event: 'alarm.deactivated', timestamp: Date.now(), node: env.node };
}

export function subscriptionColumns(env: ColumnsEnv, event: 'session.subscribed' | 'session.unsubscribed', c: ClientIdentity, sub: SubscriptionInfo): Columns {
  const props: Columns = { 'User-Property': {} };
  if (event === 'session.subscribed' && sub.subid !== undefined) props['Subscription-Identifier'] = sub.subid;
  return {
    event,
    clientid: c.clientid,
    username: c.username ?? undefined,
    peerhost: c.peerhost,
    get peername() {
      return peername(env.client(c.clientid));
    },
    [event === 'session.subscribed' ? 'sub_props' : 'unsub_props']: props,
    topic: sub.topic,
    qos: sub.qos,
    client_attrs: c.clientAttrs,
    timestamp: Date.now(),
    node: env.node,
  };
}
