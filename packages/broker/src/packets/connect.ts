import mqttPacket, { type IConnackPacket, type IConnectPacket } from 'mqtt-packet';
import type { Connection } from '../connection/connection';
import { writeRaw } from '../connection/write-batch';
import { ANONYMOUS_ALLOW, type AuthnResult, type ConnackInfo, type PublishMessage } from '../types';
import { isValidTopicName } from '../topics/validate';
import { newMessageId } from '../ids';
import { peerCertAs } from '../transports/peer-cert';
import { initClientAttrs } from '../client-attrs/init';

/** the accepting v3.1/v3.1.1 CONNACK, encoded once per (version, session present): the same bytes for every client */
const CONNACK_OK = [3, 4].flatMap((v) => [false, true].map((present) => mqttPacket.generate({ cmd: 'connack', returnCode: 0, sessionPresent: present }, { protocolVersion: v })));

/** v5 CONNACK reason code → v3.1.1 return code (EMQX mapping) */
export function v3ReturnCode(reason: number): number {
  switch (reason) {
    case 0x84:
      return 1; // unacceptable protocol version
    case 0x85:
      return 2; // identifier rejected
    case 0x88:
    case 0x89:
      return 3; // server unavailable / busy
    case 0x86:
      return 4; // bad user name or password
    default:
      return 5; // not authorized (0x87, 0x8A banned, everything else)
  }
}

/** the client.connack / client.check_authn_complete report of this connection */
export function connackInfo(conn: Connection, reasonCode: number): ConnackInfo {
  const asked = conn.pendingConnect?.properties?.sessionExpiryInterval;
  return {
    clientid: conn.clientid,
    username: conn.username,
    peerhost: conn.info.peerhost,
    reasonCode,
    peerport: conn.info.peerport,
    sockport: conn.info.sockport,
    listener: conn.info.listener,
    protoName: conn.protoName,
    protoVer: conn.protoVer,
    cleanStart: conn.cleanStart,
    keepalive: conn.keepalive,
    expiryInterval: asked ?? conn.session?.expiryInterval ?? 0,
  };
}

export function refuse(conn: Connection, reasonCode: number, reason = 'connack_error'): void {
  const b = conn.core;
  b.counters.incr('packets.connack.error');
  if (reasonCode === 0x86 || reasonCode === 0x87) b.counters.incr('packets.connack.auth_error');
  b.counters.incr('client.connack');
  const packet: IConnackPacket =
    conn.protoVer === 5 ? { cmd: 'connack', reasonCode, sessionPresent: false } : { cmd: 'connack', returnCode: v3ReturnCode(reasonCode), sessionPresent: false };
  conn.send(packet);
  b.events.emit('client.connack', connackInfo(conn, reasonCode));
  // no DISCONNECT after a refused CONNACK [MQTT-3.2.2-7]
  conn.close(reason);
}

function buildWill(conn: Connection, packet: IConnectPacket): PublishMessage | null {
  const w = packet.will;
  if (!w) return null;
  const props = w.properties;
  return {
    id: newMessageId(),
    topic: conn.mount(w.topic),
    payload: typeof w.payload === 'string' ? Buffer.from(w.payload) : w.payload,
    qos: Math.min(w.qos ?? 0, conn.core.settings.maxQosAllowed) as 0 | 1 | 2,
    retain: !!w.retain,
    fromClientid: conn.clientid,
    fromUsername: conn.username,
    timestamp: Date.now(),
    properties:
      conn.protoVer === 5 && props
        ? {
            payloadFormatIndicator: props.payloadFormatIndicator,
            messageExpiryInterval: props.messageExpiryInterval,
            contentType: props.contentType,
            responseTopic: props.responseTopic,
            correlationData: props.correlationData,
            userProperties: props.userProperties,
          }
        : undefined,
  };
}

function expandMountpoint(mp: string | undefined, clientid: string, username: string | null, attrs: Record<string, string> = {}): string {
  if (!mp) return '';
  return mp
    .replaceAll('${clientid}', clientid)
    .replaceAll('${username}', username ?? '')
    .replace(/\$\{client_attrs\.([^}]*)\}/g, (whole, name: string) => (Object.hasOwn(attrs, name) ? attrs[name] : whole)); // unknown: kept as written, as EMQX does
}

/**
 * Not async: an async function this size allocates its frame (over a kilobyte) at every CONNECT. It returns the
 * promise of what is left when a step answers later (the client.connect hook, authentication), as handlePacket may.
 */
export function handleConnect(conn: Connection, packet: IConnectPacket): void | Promise<void> {
  const b = conn.core;
  const s = b.settings;
  if (conn.state !== 'new') {
    // [MQTT-3.1.0-2] a second CONNECT is a protocol violation
    b.counters.incr('packets.connect.received');
    conn.close('protocol_error', 0x82);
    return;
  }
  b.counters.incr('packets.connect.received');
  b.counters.incr('client.connect');
  conn.connectReceived();
  conn.connId = newMessageId();
  conn.state = 'authenticating';
  conn.protoVer = packet.protocolVersion ?? 4;
  conn.protoName = packet.protocolId === 'MQIsdp' ? 'MQIsdp' : 'MQTT';
  // EMQX peer_cert_as_username / _clientid: the certificate's value wins over the packet's (TLS with a client cert)
  const cert = conn.info.peerCert;
  const certUsername = cert ? peerCertAs(s.peerCertAsUsername, cert) : undefined;
  const certClientid = cert ? peerCertAs(s.peerCertAsClientid, cert) : undefined;
  conn.username = certUsername ?? packet.username ?? null;
  conn.cleanStart = packet.clean !== false;
  conn.keepalive = packet.keepalive ?? 0;
  let clientid = certClientid ?? packet.clientId ?? '';
  if (s.useUsernameAsClientid && conn.username) clientid = conn.username;
  const props = packet.properties ?? {};
  if (b.events.listenerCount('client.connect') > 0) {
    // connackInfo's fields without reasonCode, built in one object
    const i = conn.info;
    b.events.emit('client.connect', {
      clientid,
      username: conn.username,
      peerhost: i.peerhost,
      peerport: i.peerport,
      sockport: i.sockport,
      listener: i.listener,
      protoName: conn.protoName,
      protoVer: conn.protoVer,
      cleanStart: conn.cleanStart,
      keepalive: conn.keepalive,
      expiryInterval: props.sessionExpiryInterval ?? 0,
    });
  }

  if (conn.protoVer === 5) {
    // [MQTT-3.1.2-?] zero Receive Maximum / Maximum Packet Size are protocol errors
    if (props.receiveMaximum === 0 || props.maximumPacketSize === 0) return refuse(conn, 0x82, 'protocol_error');
    conn.clientReceiveMax = props.receiveMaximum ?? 65535;
    conn.clientMaxPacketSize = props.maximumPacketSize ?? Infinity;
    conn.clientTopicAliasMax = props.topicAliasMaximum ?? 0;
    if (props.authenticationMethod !== undefined) conn.more().authMethod = props.authenticationMethod;
  }

  if (clientid === '') {
    // [MQTT-3.1.3-8] v3.1.1: an empty id needs clean session; v5 and clean v3.1.1 get a server-assigned id
    if (conn.protoVer !== 5 && !conn.cleanStart) return refuse(conn, 0x85, 'client_identifier_not_valid');
    clientid = `mqdeck-${newMessageId().slice(16)}`;
    conn.more().assignedClientid = clientid;
  }
  if (clientid.length > s.maxClientidLen) return refuse(conn, 0x85, 'client_identifier_not_valid');
  conn.clientid = clientid;
  conn.mountpoint = expandMountpoint(conn.info.mountpoint, clientid, conn.username);

  if (packet.will) {
    if (!isValidTopicName(packet.will.topic, s.maxTopicLevels)) return refuse(conn, 0x90, 'topic_name_invalid');
    if ((packet.will.qos ?? 0) > s.maxQosAllowed && conn.protoVer === 5) return refuse(conn, 0x9b, 'qos_not_supported');
    if (packet.will.retain && !s.retainAvailable) return refuse(conn, 0x9a, 'retain_not_supported');
  }

  const hooks = b.hooks;
  if (hooks.clientConnect) {
    const answer = hooks.clientConnect(conn.info, clientid, conn.username);
    // a synchronous answer (the server's ban check) is used at once: no promise per CONNECT
    if (answer instanceof Promise) return answer.then((code) => afterClientConnect(conn, packet, code));
    return afterClientConnect(conn, packet, answer);
  }
  return afterClientConnect(conn, packet, undefined);
}

/** the client.connect hook answered: refused (a reason code), or client attributes and authentication */
function afterClientConnect(conn: Connection, packet: IConnectPacket, code: number | undefined): void | Promise<void> {
  if (conn.isClosed) return;
  if (code !== undefined && code !== 0) return refuse(conn, code);
  conn.clientAttrs = initClientAttrs(conn.core.settings.clientAttrsInit, { clientid: conn.clientid, username: conn.username, info: conn.info, packet });
  conn.pendingConnect = packet;
  return authenticate(conn, packet.properties?.authenticationData);
}

/** EMQX quick_deny_anonymous: clients without credentials are refused before the authenticator chain runs */
const QUICK_DENY: AuthnResult = Object.freeze({ result: 'deny', reasonCode: 0x87 });

/**
 * Runs the authenticate hook for CONNECT or for an AUTH continuation (enhanced auth). Not async: a hook that
 * answers at once (no authenticator enabled, the default) goes on to CONNACK in the same turn, without a promise.
 */
export function authenticate(conn: Connection, authData: Buffer | undefined): void | Promise<void> {
  const b = conn.core;
  const packet = conn.pendingConnect!;
  b.counters.incr('client.authenticate');
  const enable = conn.info.enableAuthn ?? true;
  const hook = b.hooks.authenticate;
  let answer: AuthnResult | Promise<AuthnResult>;
  if (enable === 'quick_deny_anonymous' && hook && conn.username === null && !packet.password) {
    answer = QUICK_DENY;
  } else if (enable !== false && hook) {
    answer = hook({
      clientid: conn.clientid,
      username: conn.username,
      password: packet.password ?? null,
      protoVer: conn.protoVer,
      peerhost: conn.info.peerhost,
      listener: conn.info.listener,
      cleanStart: conn.cleanStart,
      keepalive: conn.keepalive,
      isSsl: conn.info.isSsl,
      peerCert: conn.info.peerCert,
      clientAttrs: conn.clientAttrs,
      authMethod: conn.extras?.authMethod,
      authData,
      connId: conn.connId,
    });
  } else {
    answer = ANONYMOUS_ALLOW;
  }
  if (answer instanceof Promise) return answer.then((result) => authenticated(conn, packet, result));
  authenticated(conn, packet, answer);
}

/** the authenticator chain answered: refuse, ask the client for more (enhanced auth), or accept */
function authenticated(conn: Connection, packet: IConnectPacket, result: AuthnResult): void {
  const b = conn.core;
  if (conn.isClosed) return;
  if (result.result !== 'continue' && b.events.listenerCount('client.check_authn_complete') > 0) {
    const allowed = result.result === 'allow' ? result : undefined;
    b.events.emit('client.check_authn_complete', {
      ...connackInfo(conn, result.result === 'deny' ? result.reasonCode : 0),
      isSuperuser: !!allowed?.isSuperuser,
      isAnonymous: !!allowed?.anonymous,
    });
  }
  if (result.result === 'deny') {
    b.counters.incr('authentication.failure');
    return refuse(conn, result.reasonCode, 'not_authorized');
  }
  if (result.result === 'continue') {
    if (conn.protoVer !== 5 || !conn.extras?.authMethod) {
      b.counters.incr('authentication.failure');
      return refuse(conn, 0x8c, 'bad_authentication_method');
    }
    conn.send({
      cmd: 'auth',
      reasonCode: 0x18,
      properties: { authenticationMethod: conn.extras.authMethod, authenticationData: result.authData },
    });
    return;
  }
  if (result.anonymous) {
    b.counters.incr('client.auth.anonymous');
    b.counters.incr('authentication.success.anonymous');
  }
  b.counters.incr('authentication.success');
  conn.isSuperuser = !!result.isSuperuser;
  if (result.clientAttrs) conn.clientAttrs = { ...conn.clientAttrs, ...result.clientAttrs };
  // the attributes are final now: a mountpoint may name them (EMQX fix_mountpoint after authentication)
  conn.mountpoint = expandMountpoint(conn.info.mountpoint, conn.clientid, conn.username, conn.clientAttrs);
  accept(conn, packet, result.authData);
}

function accept(conn: Connection, packet: IConnectPacket, authData: Buffer | undefined): void {
  const b = conn.core;
  const s = b.settings;
  conn.pendingConnect = undefined;
  conn.identity = {
    clientid: conn.clientid,
    username: conn.username,
    peerhost: conn.info.peerhost,
    listener: conn.info.listener,
    protoVer: conn.protoVer,
    isSuperuser: conn.isSuperuser,
    clientAttrs: conn.clientAttrs,
    mountpoint: conn.mountpoint,
  };
  const will = buildWill(conn, packet);
  if (will) conn.more().will = { msg: will, delay: packet.will?.properties?.willDelayInterval ?? 0 };
  const expiry = conn.protoVer === 5 ? (packet.properties?.sessionExpiryInterval ?? 0) : conn.cleanStart ? 0 : s.sessionExpiryInterval;
  const { session, present } = b.sessions.open(conn, expiry);

  const props: NonNullable<IConnackPacket['properties']> = {};
  if (conn.protoVer === 5) {
    if (s.serverKeepalive !== null) {
      conn.keepalive = s.serverKeepalive; // [MQTT-3.1.2-21] the client must use the server's value
      props.serverKeepAlive = s.serverKeepalive;
    }
    if (s.maxQosAllowed < 2) props.maximumQoS = s.maxQosAllowed;
    if (!s.retainAvailable) props.retainAvailable = false;
    // QoS 2 ids awaiting PUBREL are bounded by max_awaiting_rel: announce it as our Receive Maximum
    if (s.maxAwaitingRel !== null && s.maxAwaitingRel > 0 && s.maxAwaitingRel < 65535) props.receiveMaximum = s.maxAwaitingRel;
    props.maximumPacketSize = s.maxPacketSize;
    props.topicAliasMaximum = s.maxTopicAlias;
    if (!s.wildcardSubscription) props.wildcardSubscriptionAvailable = false;
    if (!s.sharedSubscription) props.sharedSubscriptionAvailable = false;
    const x = conn.extras;
    if (x?.assignedClientid) props.assignedClientIdentifier = x.assignedClientid;
    if (packet.properties?.requestResponseInformation && s.responseInformation) props.responseInformation = s.responseInformation;
    if (x?.authMethod) {
      props.authenticationMethod = x.authMethod;
      // [MQTT-3.2.2.3.17] enhanced auth may end with data for the client (SCRAM server-final)
      if (authData) props.authenticationData = authData;
    }
  }
  const connack: IConnackPacket =
    conn.protoVer === 5 ? { cmd: 'connack', reasonCode: 0, sessionPresent: present, properties: props } : { cmd: 'connack', returnCode: 0, sessionPresent: present };
  conn.state = 'connected';
  conn.connectedAt = Date.now();
  if (conn.protoVer === 5) conn.send(connack);
  else writeRaw(conn, CONNACK_OK[(conn.protoVer === 3 ? 0 : 2) + (present ? 1 : 0)], 'connack');
  conn.keepaliveTimer.start(conn.keepalive, s.keepaliveMultiplier, s.keepaliveCheckInterval);
  b.sessions.connected(conn, session);
}
