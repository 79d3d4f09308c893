/**
 * One CoAP peer (address + port) as EMQX's emqx_coap_channel sees it: the publish/subscribe resources under `/ps/`,
 * the connection resource `/mqtt/connection` (POST opens, PUT is the heartbeat, DELETE closes), the token check of
 * connection mode, observe subscriptions whose notifications carry the MQTT messages, and the keepalive that drops a
 * silent peer. Answers and their payload texts are EMQX 5.8's (pubsub_handler, mqtt_handler, channel).
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { GatewayChannel, GatewayChannelSink, GatewayContext, GatewayListenerConfig, DeliveredMessage } from '../protocol';
import { Block2Store, blockwiseRequest, type BlockwiseSettings } from './blockwise';
import type { CoapEndpoint, Peer } from './endpoint';
import { CODE, encodeUint, getUintOption, methodName, OPT, reply, uriPath, uriQuery, type CoapMessage } from './message';

export type QosType = 'qos0' | 'qos1' | 'qos2' | 'coap';

export interface CoapSettings {
  heartbeatS: number;
  connectionRequired: boolean;
  notifyType: 'non' | 'con' | 'qos';
  subscribeQos: QosType;
  publishQos: QosType;
  mountpoint: string;
  blockwise: BlockwiseSettings;
}

/** What a channel needs from its listener. */
export interface CoapHost {
  ctx: GatewayContext;
  listener: GatewayListenerConfig;
  settings(): CoapSettings;
  endpoint: CoapEndpoint;
}

interface Observation {
  token: Buffer;
  seq: number;
}

const MAX_SEQ = 16_777_215;

export type ChannelState = 'idle' | 'connected' | 'disconnected';

export class CoapChannel {
  state: ChannelState = 'idle';
  clientid = randomBytes(16).toString('hex');
  username: string | undefined;
  token: string | undefined;
  private mqtt: GatewayChannel | undefined;
  private isSuperuser = false;
  private readonly observations = new Map<string, Observation>();
  private queue: Promise<unknown> = Promise.resolve();
  private keepaliveTimer: NodeJS.Timeout | undefined;
  private received = 0;
  private checkedAt = 0;
  private idleMs = 0;
  private closed = false;
  private readonly sink: GatewayChannelSink = { deliver: (m) => this.deliver(m), kick: (reason) => this.close(reason) };
  /** notifications larger than one block, by topic, for the device's follow-up GETs with Block2 */
  private readonly block2: Block2Store;

  constructor(
    readonly peer: Peer,
    private readonly host: CoapHost,
    /** Called once when the channel is gone (kick, DELETE, keepalive, listener stop). */
    private readonly onClosed: (ch: CoapChannel, reason: string) => void,
    /** Closes another peer's channel of this client id (a DELETE names the client, EMQX casts close to it). */
    private readonly closeClient: (clientid: string, except: CoapChannel) => void,
  ) {
    this.block2 = new Block2Store(() => this.host.settings().blockwise);
    channelsBySink.set(this.sink, this);
    this.startKeepalive();
  }

  /** EMQX: check_interval = clamp(30 s, 1 s, heartbeat / 2); the peer is dropped after 1.5 × heartbeat of silence. */
  keepaliveIntervalMs(): number {
    const ms = this.host.settings().heartbeatS * 1000;
    return Math.min(Math.max(30_000, 1000), Math.max(Math.floor(ms / 2), 1000));
  }

  private startKeepalive(): void {
    const hb = this.host.settings().heartbeatS;
    if (hb <= 0) return;
    const interval = this.keepaliveIntervalMs();
    const max = Math.ceil(hb * 1000 * 1.5);
    this.keepaliveTimer = setInterval(() => {
      if (this.received !== this.checkedAt) {
        this.checkedAt = this.received;
        this.idleMs = 0;
        return;
      }
      if (this.idleMs + interval >= max) {
        this.host.ctx.log.info({ clientid: this.clientid }, 'coap: keepalive timeout');
        this.close('keepalive_timeout');
        return;
      }
      this.idleMs += interval;
    }, interval);
    this.keepaliveTimer.unref();
  }

  touch(): void {
    this.received += 1;
  }

  /** Requests of one peer are handled in order (a connection must exist before the next request uses its token). */
  handle(req: CoapMessage): Promise<CoapMessage | undefined> {
    const next = this.queue.then(() => (this.closed ? undefined : this.dispatch(req)));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async dispatch(req: CoapMessage): Promise<CoapMessage | undefined> {
    const settings = this.host.settings();
    if (settings.connectionRequired && !this.isCreateConnection(req)) {
      const q = uriQuery(req);
      if (q.token === undefined) {
        // EMQX logs token_required_in_conn_mode at debug level and sends nothing.
        this.host.ctx.log.debug({ peer: this.peer }, 'coap: token required in connection mode');
        return undefined;
      }
      if (!(q.clientid === this.clientid && this.token !== undefined && q.token === this.token)) {
        if (this.token === undefined && this.isDelete(req)) {
          this.close('normal');
          return reply(req, CODE.deleted);
        }
        return reply(req, CODE.bad_request, 'Missing token or clientid in connection mode');
      }
    }
    const path = uriPath(req);
    if (path[0] === 'ps') return this.pubsub(path.slice(1), req);
    if (path[0] === 'mqtt') return this.connection(path.slice(1), req);
    return reply(req, CODE.bad_request);
  }

  private isCreateConnection(req: CoapMessage): boolean {
    const p = uriPath(req);
    return methodName(req.code) === 'POST' && p.length === 2 && p[0] === 'mqtt' && p[1] === 'connection';
  }

  private isDelete(req: CoapMessage): boolean {
    const p = uriPath(req);
    return methodName(req.code) === 'DELETE' && p.length === 2 && p[0] === 'mqtt' && p[1] === 'connection';
  }

  // ---- /mqtt/connection -------------------------------------------------------------------------------------------

  private async connection(rest: string[], req: CoapMessage): Promise<CoapMessage | undefined> {
    if (!(rest.length === 1 && rest[0] === 'connection')) return reply(req, CODE.bad_request);
    switch (methodName(req.code)) {
      case 'PUT':
        return reply(req, CODE.changed);
      case 'POST':
        return this.open(req);
      case 'DELETE': {
        const q = uriQuery(req);
        if (q.clientid !== undefined) this.closeClient(q.clientid, this);
        this.close('normal');
        return reply(req, CODE.deleted);
      }
      default:
        return reply(req, CODE.method_not_allowed);
    }
  }

  private async open(req: CoapMessage): Promise<CoapMessage | undefined> {
    const q = uriQuery(req);
    if (this.state === 'connected') {
      const why = q.clientid === this.clientid ? 'client has connected' : q.clientid !== undefined ? `channel has registered by: ${q.clientid}` : 'invalid queries';
      return reply(req, CODE.bad_request, `Bad Request: ${why}`);
    }
    const fail = (reason: string): CoapMessage => {
      this.close('normal');
      return reply(req, CODE.bad_request, `Login Failed: ${reason}`);
    };
    if (q.clientid === undefined) return fail('clientid is required');
    const auth = await this.host.ctx.authenticate({
      clientid: q.clientid,
      peerhost: this.peer.address,
      listenerId: this.host.listener.id,
      ...(q.username !== undefined ? { username: q.username } : {}),
      ...(q.password !== undefined ? { password: q.password } : {}),
    });
    if (!auth.ok) {
      this.host.ctx.log.warn({ clientid: q.clientid, username: q.username, reason: auth.reason }, 'coap: client login failed');
      return fail(auth.reason);
    }
    // The random client id of the idle channel is replaced by the one the client chose.
    if (this.mqtt) {
      this.mqtt.close('takeover');
      this.mqtt = undefined;
      this.observations.clear();
    }
    this.clientid = q.clientid;
    this.username = q.username;
    this.isSuperuser = auth.isSuperuser;
    this.ensureMqtt();
    this.state = 'connected';
    this.token = String(randomInt(1, 4_294_967_295));
    return reply(req, CODE.created, this.token);
  }

  /**
   * The broker side of the channel. Connection mode opens it after authentication; without connection_required a
   * peer's first /ps request opens it under the channel's random client id, unauthenticated, as EMQX does.
   */
  private ensureMqtt(): GatewayChannel {
    if (this.mqtt) return this.mqtt;
    const settings = this.host.settings();
    const mountpoint = this.host.listener.mountpoint || settings.mountpoint;
    this.mqtt = this.host.ctx.openChannel(
      {
        clientid: this.clientid,
        peerhost: this.peer.address,
        peerport: this.peer.port,
        listenerId: this.host.listener.id,
        protoName: 'CoAP',
        protoVer: '1',
        keepalive: Math.floor(this.keepaliveIntervalMs() / 1000),
        cleanStart: true,
        isSuperuser: this.isSuperuser,
        ...(this.username !== undefined ? { username: this.username } : {}),
        ...(mountpoint ? { mountpoint } : {}),
      },
      this.sink,
    );
    return this.mqtt;
  }

  /** Datagram sizes for the client's stats. */
  count(direction: 'in' | 'out', bytes: number): void {
    this.mqtt?.count(direction, bytes);
  }

  // ---- /ps/{topic} -----------------------------------------------------------------------------------------------

  private async pubsub(rest: string[], req: CoapMessage): Promise<CoapMessage | undefined> {
    if (rest.length === 0) return reply(req, CODE.bad_request, 'invalid topic');
    // Uri-Path segments are already percent-decoded by the client; EMQX decodes the joined topic once more.
    let topic = rest.join('/');
    try {
      topic = decodeURIComponent(topic);
    } catch {
      // not percent-encoded: keep it as it is
    }
    const settings = this.host.settings();
    switch (methodName(req.code)) {
      case 'GET': {
        // RFC 7959 §3.4: the rest of a notification sent in blocks, asked for by GETs with Block2
        const block = this.block2.serve(topic, req);
        if (block) return block;
        const observe = getUintOption(req, OPT.OBSERVE);
        if (observe === 0) return this.subscribe(topic, req, settings);
        if (observe === 1) return this.unsubscribe(topic, req);
        return reply(req, CODE.bad_request, 'invalid observe value');
      }
      case 'POST': {
        const q = uriQuery(req);
        const qos = q.qos !== undefined ? toQos(q.qos) : typeToQos(settings.publishQos, req);
        if (qos === undefined) return reply(req, CODE.bad_request, 'invalid qos');
        const retain = q.retain === 'true';
        const r = await this.ensureMqtt().publish(topic, req.payload, { qos, retain });
        return r === 'ok' ? reply(req, CODE.changed) : reply(req, CODE.unauthorized);
      }
      default:
        return reply(req, CODE.method_not_allowed);
    }
  }

  private async subscribe(topic: string, req: CoapMessage, settings: CoapSettings): Promise<CoapMessage> {
    if (req.token.length === 0) return reply(req, CODE.bad_request, 'observe without token');
    const q = uriQuery(req);
    const qos = q.qos !== undefined ? toQos(q.qos) : typeToQos(settings.subscribeQos, req);
    if (qos === undefined) return reply(req, CODE.bad_request, 'invalid qos');
    const r = await this.ensureMqtt().subscribe(topic, qos);
    if (r === 'denied') return reply(req, CODE.unauthorized);
    // EMQX keeps an existing observation of the topic (token and sequence) when it is observed again.
    let obs = this.observations.get(topic);
    if (!obs) {
      obs = { token: req.token, seq: 0 };
      this.observations.set(topic, obs);
    }
    return reply(req, CODE.content, '', [{ number: OPT.OBSERVE, value: encodeUint(obs.seq) }]);
  }

  private async unsubscribe(topic: string, req: CoapMessage): Promise<CoapMessage> {
    if (this.mqtt) await this.mqtt.unsubscribe(topic);
    this.observations.delete(topic);
    this.block2.forget(topic);
    return reply(req, CODE.nocontent);
  }

  // ---- MQTT → CoAP -----------------------------------------------------------------------------------------------

  /** An MQTT message for one of the observed topics becomes a 2.05 notification with the next Observe number. */
  deliver(m: DeliveredMessage): void {
    if (this.closed) return;
    const obs = this.observations.get(m.filter);
    if (!obs) return;
    const notifyType = this.host.settings().notifyType;
    const con = notifyType === 'con' || (notifyType === 'qos' && m.qos > 0);
    obs.seq = obs.seq + 1 > MAX_SEQ ? 1 : obs.seq + 1;
    // a payload larger than max_block_size goes out as its first block (Block2, Size2); the device GETs the rest
    const msg = this.block2.first(m.filter, {
      code: CODE.content,
      token: obs.token,
      options: [{ number: OPT.OBSERVE, value: encodeUint(obs.seq) }],
      payload: m.payload,
    });
    if (con) void this.host.endpoint.sendConfirmable(this.peer, msg);
    else this.host.endpoint.send(this.peer, { ...msg, type: 'NON', messageId: this.host.endpoint.allocMessageId() });
  }

  /** RFC 7641 §3.6: an RST to a notification cancels that observation. */
  onReset(token: Buffer): void {
    for (const [topic, obs] of this.observations) {
      if (obs.token.equals(token)) {
        this.observations.delete(topic);
        if (this.mqtt) void this.mqtt.unsubscribe(topic);
      }
    }
  }

  /**
   * The CoAP request API (EMQX emqx_coap_api): a confirmable request to this device and its answer, the payload sent in
   * Block1 blocks and a Block2 answer fetched to its end as the gateway's `blockwise` settings say.
   */
  request(msg: Omit<CoapMessage, 'messageId' | 'type' | 'token'>, token: Buffer, timeoutMs: number): Promise<CoapMessage> {
    return blockwiseRequest(this.host.endpoint, this.peer, msg, timeoutMs, this.host.settings().blockwise, token);
  }

  subscriptions(): string[] {
    return [...this.observations.keys()];
  }

  close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.state = 'disconnected';
    if (this.keepaliveTimer) clearInterval(this.keepaliveTimer);
    this.observations.clear();
    const mqtt = this.mqtt;
    this.mqtt = undefined;
    mqtt?.close(reason);
    this.onClosed(this, reason);
  }

  get isClosed(): boolean {
    return this.closed;
  }
}

function toQos(v: string): 0 | 1 | 2 | undefined {
  return v === '0' ? 0 : v === '1' ? 1 : v === '2' ? 2 : undefined;
}

/** EMQX's type_to_qos: `coap` maps a NON request to QoS 0 and a CON request to QoS 1. */
function typeToQos(t: QosType, req: CoapMessage): 0 | 1 | 2 {
  switch (t) {
    case 'qos0':
      return 0;
    case 'qos1':
      return 1;
    case 'qos2':
      return 2;
    default:
      return req.type === 'NON' ? 0 : 1;
  }
}

/** channel sink → its channel (the request API reaches a device through the core's client list) */
const channelsBySink = new WeakMap<GatewayChannelSink, CoapChannel>();

/** the CoAP channel behind a gateway client's sink, or undefined when the client is not a CoAP device */
export function channelOf(sink: GatewayChannelSink): CoapChannel | undefined {
  return channelsBySink.get(sink);
}
