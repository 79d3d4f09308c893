// Example columns of each event: the `columns` list of /rule_events and the defaults /rule_test fills in for the
// columns a test context leaves out (EMQX's columns_with_exam). Times and ids are made when asked for.
import { randomBytes } from 'node:crypto';
import type { EventName } from './names';

type Columns = Record<string, unknown>;

const userProps = { 'User-Property': { foo: 'bar' }, 'User-Property-Pairs': [{ key: 'foo', value: 'bar' }] };
const props = {
  pub_props: () => ({ 'Payload-Format-Indicator': 0, 'Message-Expiry-Interval': 30, ...userProps }),
  puback_props: () => ({ 'Reason-String': 'OK', ...userProps }),
  conn_props: () => ({ 'Session-Expiry-Interval': 7200, 'Receive-Maximum': 32, ...userProps }),
  disconn_props: () => ({ 'Session-Expiry-Interval': 7200, 'Reason-String': 'Redirect to another server', 'Server Reference': '192.168.22.129', ...userProps }),
  sub_props: () => ({ ...userProps }),
  unsub_props: () => ({ ...userProps }),
};
const clientAttrs = () => ({ test: 'example' });
const messageId = () => randomBytes(16).toString('hex').toUpperCase();
const PAYLOAD = '{"msg": "hello"}';

/** the columns every message event has after its clients' names */
function messageColumns(node: string): Columns {
  const now = Date.now();
  return {
    payload: PAYLOAD,
    peerhost: '192.168.0.10',
    peername: '192.168.0.10:32781',
    topic: 't/a',
    qos: 1,
    flags: {},
    publish_received_at: now,
    pub_props: props.pub_props(),
    timestamp: now,
    node,
  };
}

function publishLike(event: EventName, node: string, extra: Columns = {}): Columns {
  return { event, id: messageId(), ...extra, clientid: 'c_emqx', username: 'u_emqx', ...messageColumns(node) };
}

function deliveredLike(event: EventName, node: string, extra: Columns = {}): Columns {
  return {
    ...extra,
    event,
    id: messageId(),
    from_clientid: 'c_emqx_1',
    from_username: 'u_emqx_1',
    clientid: 'c_emqx_2',
    username: 'u_emqx_2',
    ...messageColumns(node),
  };
}

function subLike(event: EventName, node: string, propKey: 'sub_props' | 'unsub_props'): Columns {
  return {
    [propKey]: props[propKey](),
    client_attrs: clientAttrs(),
    event,
    clientid: 'c_emqx',
    username: 'u_emqx',
    peerhost: '192.168.0.10',
    peername: '192.168.0.10:32781',
    topic: 't/a',
    qos: 1,
    timestamp: Date.now(),
    node,
  };
}

/** the example columns of one event, in EMQX's order */
export function exampleColumns(event: EventName, node: string): Columns {
  const now = Date.now();
  switch (event) {
    case 'message.publish':
      return { ...publishLike(event, node), client_attrs: clientAttrs() };
    case 'message.dropped':
      return publishLike(event, node, { reason: 'no_subscribers' });
    case 'message.delivered':
      return deliveredLike(event, node);
    case 'message.acked':
      return deliveredLike(event, node, { puback_props: props.puback_props() });
    case 'delivery.dropped': {
      const { id, ...rest } = deliveredLike(event, node);
      return { event, id, reason: 'queue_full', ...rest };
    }
    case 'client.connected':
      return {
        event,
        clientid: 'c_emqx',
        username: 'u_emqx',
        mountpoint: undefined,
        peername: '192.168.0.10:56431',
        sockname: '0.0.0.0:1883',
        proto_name: 'MQTT',
        proto_ver: 5,
        keepalive: 60,
        clean_start: true,
        expiry_interval: 3600,
        is_bridge: false,
        conn_props: props.conn_props(),
        connected_at: now,
        timestamp: now,
        node,
        client_attrs: clientAttrs(),
      };
    case 'client.disconnected':
      return {
        event,
        reason: 'normal',
        clientid: 'c_emqx',
        username: 'u_emqx',
        peername: '192.168.0.10:56431',
        sockname: '0.0.0.0:1883',
        proto_name: 'MQTT',
        proto_ver: 5,
        disconn_props: props.disconn_props(),
        connected_at: now,
        disconnected_at: now,
        timestamp: now,
        node,
        client_attrs: clientAttrs(),
      };
    case 'client.connack':
      return {
        event,
        reason_code: 'success',
        clientid: 'c_emqx',
        username: 'u_emqx',
        peername: '192.168.0.10:56431',
        sockname: '0.0.0.0:1883',
        proto_name: 'MQTT',
        proto_ver: 5,
        keepalive: 60,
        clean_start: true,
        expiry_interval: 3600,
        connected_at: now,
        conn_props: props.conn_props(),
        timestamp: now,
        node,
      };
    case 'alarm.activated':
      // EMQX's columns_with_exam: no timestamp or node here
      return { event, name: 'alarm_name', details: { extra: 'details' }, message: 'something is wrong', activated_at: 1736512728666 };
    case 'alarm.deactivated':
      return { event, name: 'alarm_name', details: { extra: 'details' }, message: 'something is wrong', activated_at: 1736512728666, deactivated_at: 1736512728999 };
    case 'client.check_authz_complete':
      return {
        event,
        clientid: 'c_emqx',
        username: 'u_emqx',
        peerhost: '192.168.0.10',
        peername: '192.168.0.10:32781',
        topic: 't/a',
        action: 'publish',
        authz_source: 'cache',
        result: 'allow',
        timestamp: now,
        node,
        client_attrs: clientAttrs(),
      };
    case 'client.check_authn_complete':
      return {
        event,
        clientid: 'c_emqx',
        username: 'u_emqx',
        peername: '192.168.0.10:56431',
        reason_code: 'success',
        is_superuser: true,
        is_anonymous: false,
        timestamp: now,
        node,
        client_attrs: clientAttrs(),
      };
    case 'session.subscribed':
      return subLike(event, node, 'sub_props');
    case 'session.unsubscribed':
      return subLike(event, node, 'unsub_props');
    case 'schema.validation_failed':
      return { event, validation: 'my_validation', ...publishLike(event, node) };
    case 'message.transformation_failed': {
      // EMQX's example names the column `validation`; the event itself carries `transformation` (eventmsg_transformation_failed)
      const { peerhost: _h, ...rest } = publishLike(event, node);
      return { event, transformation: 'my_transformation', ...rest };
    }
  }
}
