/**
 * One LwM2M device (one peer address of a UDP listener) as EMQX 5.8's emqx_lwm2m_channel + emqx_lwm2m_session see it:
 *  - the registration interface (OMA-TS-LightweightM2M-V1_0_2 §5.3): POST /rd?ep=..&lt=..&lwm2m=.. registers (2.01 and
 *    Location-Path rd/{ep}), POST /rd/{ep} updates (2.04), DELETE /rd/{ep} deregisters (2.02); the device is forgotten
 *    when its lifetime passes without a datagram;
 *  - the MQTT side: after authentication the device is a gateway client (clientid = endpoint name, or device_id),
 *    subscribed to the command translator topic, publishing register/update/response/notify messages as JSON;
 *  - commands from MQTT become confirmable CoAP requests, one at a time (the next leaves when the device answered),
 *    buffered while a queue-mode device (b=UQ/SQ/UQS or a PSM apn) sleeps: they leave at its next update.
 * Message shapes are EMQX's (emqx_lwm2m_cmd, emqx_lwm2m_SUITE).
 */
import type { CoapEndpoint, Peer } from '../coap/endpoint';
import { CODE, getUintOption, OPT, reply, type CoapMessage, type CoapOption } from '../coap/message';
import type { DeliveredMessage, GatewayChannel, GatewayChannelSink, GatewayContext, GatewayListenerConfig } from '../protocol';
import { answerToMqtt, commandError, CommandError, commandToRequest, requestPath, type Command, type CommandRequest } from './cmd';
import type { Lwm2mSettings, TranslatorName } from './config';
import type { ObjectDefs } from './objects';
import { autoObservePaths, deviceChannelInfo, lifetimeOf, isCacheMode, mountpointOf, rawPath, rawQuery, regInfoOf, type RegInfo } from './registration';
import { CmdRecords, requestOptions } from './records';
import { CommandBlocks, type BlockOutcome } from './blocks';
import { bindSession } from './sessions';

/** What a session needs from its listener. */
export interface Lwm2mHost {
  ctx: GatewayContext;
  listener: GatewayListenerConfig;
  settings(): Lwm2mSettings;
  endpoint: CoapEndpoint;
  defs: ObjectDefs;
}

const VERSIONS = ['1.0', '1', '1.1'];
/** EMQX publishes notifications of object 5 (firmware update) on this topic (mounted) */
const DM_TOPIC = '/v1/up/dm';

type Queued = { ctx: Command; req: CommandRequest };

export class Lwm2mSession {
  registered = false;
  endpointName = '';
  clientid = '';
  username: string | undefined;
  regInfo: RegInfo = {};
  /** the device's lifetime in seconds (lifetime_max until it registers) */
  lifetimeS: number;
  private location: string[] = [];
  private mqtt: GatewayChannel | undefined;
  private mountpoint = '';
  private cacheMode = false;
  private lastActiveAt = Date.now();
  private lifeTimer: NodeJS.Timeout | undefined;
  private readonly queue: Queued[] = [];
  private waiting: Command | undefined;
  /** token (hex) → the observe command whose notifications carry it */
  private readonly observes = new Map<string, Command>();
  /** token (hex) → a command the device acknowledged empty; its answer comes separately */
  private readonly separate = new Map<string, Command>();
  private readonly blocks: CommandBlocks; // Block1/Block2 transfers of the commands
  /** the last answer per path and command type (GET …/lookup) */
  readonly records = new CmdRecords();
  private chain: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** how the core reaches this device (deliveries, kick); also the key the API finds the session by */
  private readonly sink: GatewayChannelSink = { deliver: (m) => this.deliver(m), kick: (reason) => this.close(reason) };

  constructor(
    readonly peer: Peer,
    private readonly host: Lwm2mHost,
    private readonly onClosed: (s: Lwm2mSession) => void,
  ) {
    this.lifetimeS = host.settings().lifetimeMaxS;
    this.blocks = new CommandBlocks(host, peer);
    bindSession(this.sink, this);
    this.touch();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** any datagram from the device: it is awake, and its lifetime starts again */
  touch(): void {
    if (this.closed) return;
    this.lastActiveAt = Date.now();
    if (this.lifeTimer) clearTimeout(this.lifeTimer);
    this.lifeTimer = setTimeout(() => {
      this.host.ctx.log.info({ clientid: this.clientid, lifetime: this.lifetimeS }, 'lwm2m: lifetime expired');
      this.close('timeout');
    }, this.lifetimeS * 1000);
    this.lifeTimer.unref();
  }

  count(direction: 'in' | 'out', bytes: number): void {
    this.mqtt?.count(direction, bytes);
  }

  /** requests of one device are handled in order */
  handle(req: CoapMessage): Promise<CoapMessage | undefined> {
    const next = this.chain.then(() => (this.closed ? undefined : this.dispatch(req)));
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async dispatch(req: CoapMessage): Promise<CoapMessage | undefined> {
    const path = rawPath(req);
    if (req.code === CODE.POST) {
      if (path.length === 1 && path[0] === 'rd') return this.register(req);
      if (!this.isLocation(path)) return reply(req, CODE.not_found);
      return this.update(req, 'update');
    }
    if (req.code === CODE.DELETE) {
      if (!this.isLocation(path)) return reply(req, CODE.not_found);
      const answer = reply(req, CODE.deleted);
      setImmediate(() => this.close('normal'));
      return answer;
    }
    return reply(req, CODE.method_not_allowed);
  }

  private isLocation(path: string[]): boolean {
    return this.registered && path.length === this.location.length && path.every((p, i) => p === this.location[i]);
  }

  // ---- registration interface ------------------------------------------------------------------------------------

  private async register(req: CoapMessage): Promise<CoapMessage> {
    const fail = (why: string): CoapMessage => {
      if (!this.registered) this.close('normal');
      return reply(req, CODE.bad_request, `Login Failed: ${why}`);
    };
    const q = rawQuery(req);
    if (!VERSIONS.includes(q.lwm2m ?? '')) {
      this.host.ctx.log.warn({ peer: this.peer, version: q.lwm2m }, 'lwm2m: registration refused, unsupported version');
      return fail('invalid lwm2m version');
    }
    let info: RegInfo;
    try {
      info = regInfoOf(req);
    } catch {
      return fail('invalid queries');
    }
    if (typeof q.ep !== 'string' || q.ep === '' || typeof info.lt !== 'number') return fail('invalid queries');
    const clientid = q.device_id || q.ep;
    const username = q.imei || q.ep;
    const auth = await this.host.ctx.authenticate({
      clientid,
      username,
      peerhost: this.peer.address,
      listenerId: this.host.listener.id,
      ...(q.password !== undefined ? { password: q.password } : {}),
    });
    if (this.closed) return reply(req, CODE.bad_request, 'Login Failed: closed');
    if (!auth.ok) {
      this.host.ctx.log.warn({ clientid, username, reason: auth.reason }, 'lwm2m: client login failed');
      return fail(auth.reason);
    }
    // the same device registering again on its address: EMQX treats it as an update published on the register topic
    if (this.registered && clientid === this.clientid) return this.update(req, 'register');
    if (this.registered) {
      this.mqtt?.close('takenover');
      this.mqtt = undefined;
      this.observes.clear();
      this.separate.clear();
      this.queue.length = 0;
      this.waiting = undefined;
    }
    const settings = this.host.settings();
    this.endpointName = q.ep;
    this.clientid = clientid;
    this.username = username;
    this.regInfo = info;
    this.location = ['rd', q.ep];
    this.lifetimeS = lifetimeOf(info.lt, settings);
    this.cacheMode = isCacheMode(info);
    this.mountpoint = mountpointOf(this.host.listener.mountpoint || settings.mountpoint, q.ep, clientid, username);
    this.mqtt = this.host.ctx.openChannel(
      {
        ...deviceChannelInfo(this.peer, this.host.listener.id, clientid, username, info.lt, auth.isSuperuser, this.mountpoint),
        extra: () => ({ endpoint_name: this.endpointName, lifetime: this.regInfo.lt }),
      },
      this.sink,
    );
    this.registered = true;
    this.touch();
    const cmd = settings.translators.command;
    const granted = await this.mqtt.subscribe(cmd.topic, cmd.qos).catch((e: unknown) => {
      this.host.ctx.log.warn({ clientid, topic: cmd.topic, err: (e as Error).message }, 'lwm2m: command topic subscription failed');
      return 'denied' as const;
    });
    if (granted === 'denied') this.host.ctx.log.warn({ clientid, topic: cmd.topic }, 'lwm2m: command topic subscription denied');
    this.autoObserve(settings);
    await this.publish('register', { msgType: 'register', data: this.regInfo });
    setImmediate(() => this.pump());
    return reply(
      req,
      CODE.created,
      '',
      this.location.map((p): CoapOption => ({ number: OPT.LOCATION_PATH, value: Buffer.from(p, 'utf8') })),
    );
  }

  private async update(req: CoapMessage, type: 'update' | 'register'): Promise<CoapMessage> {
    let info: RegInfo;
    try {
      info = regInfoOf(req);
    } catch {
      return reply(req, CODE.bad_request);
    }
    const settings = this.host.settings();
    this.regInfo = { ...this.regInfo, ...info };
    if (typeof info.lt === 'number') this.lifetimeS = lifetimeOf(info.lt, settings);
    this.cacheMode = isCacheMode(this.regInfo);
    this.touch();
    const withObjects = req.payload.length > 0;
    if (type === 'register' || settings.updateMsgPublishCondition === 'always' || withObjects) {
      await this.publish(type, { msgType: type, data: this.regInfo });
    }
    // a sleeping device is awake now: what was buffered for it leaves
    setImmediate(() => this.pump());
    return reply(req, CODE.changed);
  }

  private autoObserve(settings: Lwm2mSettings): void {
    const paths = autoObservePaths(settings.autoObserve, this.regInfo, this.host.defs, (objectId) =>
      this.host.ctx.log.warn({ clientid: this.clientid, object_id: objectId }, 'lwm2m: auto observe skips an object without definition'),
    );
    for (const path of paths) this.submit({ msgType: 'observe', data: { path }, is_auto_observe: true }, false);
  }

  // ---- MQTT → device -----------------------------------------------------------------------------------------------

  /** a message on the command topic: one JSON command */
  deliver(m: DeliveredMessage): void {
    if (this.closed) return;
    let cmd: unknown;
    try {
      cmd = JSON.parse(m.payload.toString('utf8'));
    } catch {
      cmd = undefined;
    }
    if (typeof cmd !== 'object' || cmd === null || Array.isArray(cmd)) {
      this.host.ctx.log.warn({ clientid: this.clientid, topic: m.topic }, 'lwm2m: a command that is not a JSON object was dropped');
      return;
    }
    this.submit(cmd as Command, this.inCacheMode());
  }

  /** a command from the API (read, write, observe): as a delivered one */
  sendCommand(cmd: Command): void {
    if (this.closed) return;
    this.submit(cmd, this.inCacheMode());
  }

  private inCacheMode(): boolean {
    return this.cacheMode && Date.now() - this.lastActiveAt >= this.host.settings().qmodeTimeWindowS * 1000;
  }

  private submit(cmd: Command, cacheMode: boolean): void {
    let req: CommandRequest;
    try {
      req = commandToRequest(String(this.regInfo.alternatePath ?? '/'), cmd);
    } catch (e) {
      if (!(e instanceof CommandError)) throw e;
      this.host.ctx.log.warn({ clientid: this.clientid, err: e.message }, 'lwm2m: bad command');
      void this.publish('response', { ...commandError(cmd), msgType: String(cmd.msgType ?? '') });
      return;
    }
    const path = requestPath(cmd);
    if (path !== null) this.records.set(path, String(cmd.msgType), undefined);
    if (!cacheMode && this.queue.length === 0 && this.waiting === undefined) this.send({ ctx: cmd, req });
    else this.queue.push({ ctx: cmd, req });
  }

  /** the next buffered command, when none waits for the device's answer */
  private pump(): void {
    if (this.closed || this.waiting !== undefined) return;
    const next = this.queue.shift();
    if (next) this.send(next);
  }

  private done(ctx: Command): void {
    if (this.waiting === ctx) {
      this.waiting = undefined;
      this.pump();
    }
  }

  private send(q: Queued): void {
    this.waiting = q.ctx;
    void this.transmit(q);
  }

  private async transmit({ ctx, req }: Queued): Promise<void> {
    const token = this.host.endpoint.newToken();
    // a write of a long value leaves in Block1 blocks first (blocks.ts)
    const r = await this.blocks.start(token, { code: req.code, options: requestOptions(req), payload: req.payload });
    if (this.closed) return;
    if ('lost' in r) return this.lost(ctx, r.lost);
    if ('answer' in r) return this.receive(ctx, token, r.answer, true);
    void this.host.endpoint.sendConfirmable(this.peer, { ...r.last, token }).then(({ result, reply: answer }) => {
      if (this.closed) return;
      if (result === 'ack' && answer && answer.code !== CODE.EMPTY) {
        this.receive(ctx, token, answer, true);
        return;
      }
      if (result === 'ack') {
        // an empty ACK: the answer comes as a separate response (EMQX publishes msgType "ack" meanwhile)
        this.separate.set(token.toString('hex'), ctx);
        this.done(ctx);
        void this.publish('response', { ...ctx, msgType: 'ack' });
        return;
      }
      const type = result === 'reset' ? 'coap_reset' : 'coap_timeout';
      if (this.inCacheMode()) {
        if (this.waiting === ctx) this.waiting = undefined;
      } else this.done(ctx);
      void this.publish('response', { ...ctx, msgType: type });
    });
  }

  /** An answer with more Block2 blocks to come is completed by GETs for them first (blocks.ts). */
  private receive(ctx: Command, token: Buffer, msg: CoapMessage, isAck: boolean): void {
    const settle = (r: BlockOutcome): void => {
      if (this.closed) return;
      if ('lost' in r) this.lost(ctx, r.lost);
      else this.answer(ctx, token, r.answer, isAck);
    };
    const r = this.blocks.whole(token, msg);
    return 'then' in r ? void r.then(settle) : settle(r);
  }

  /** the device did not answer (or reset) a block of a transfer */
  private lost(ctx: Command, e: Error): void {
    this.done(ctx);
    void this.publish('response', { ...ctx, msgType: e.message === 'reset' ? 'coap_reset' : 'coap_timeout' });
  }

  /** a response the endpoint did not match: a separate answer or an observe notification; false = unknown token */
  onResponse(msg: CoapMessage): boolean {
    if (this.closed) return false;
    const key = msg.token.toString('hex');
    const ctx = this.separate.get(key) ?? this.observes.get(key);
    if (!ctx) return false;
    this.separate.delete(key);
    this.receive(ctx, msg.token, msg, false);
    return true;
  }

  private answer(ctx: Command, token: Buffer, msg: CoapMessage, isAck: boolean): void {
    const observe = getUintOption(msg, OPT.OBSERVE);
    const out = answerToMqtt(
      ctx,
      { code: msg.code, payload: msg.payload, contentFormat: getUintOption(msg, OPT.CONTENT_FORMAT), ...(observe !== undefined ? { observe } : {}) },
      this.host.defs,
    );
    const data = out.data as { reqPath?: unknown; code: string; codeMsg: string; content?: unknown };
    if (typeof data.reqPath === 'string')
      this.records.set(data.reqPath, String(ctx.msgType), { code: data.code, codeMsg: data.codeMsg, ...(data.content !== undefined ? { content: data.content } : {}) });
    const ok = msg.code.startsWith('2.');
    if (ctx.msgType === 'observe' && ok) this.observes.set(token.toString('hex'), ctx);
    if (ctx.msgType === 'cancel-observe') {
      const path = requestPath(ctx);
      for (const [k, c] of this.observes) if (requestPath(c) === path) this.observes.delete(k);
    }
    if (ctx.msgType === 'observe' && !isAck) {
      const obj = (requestPath(ctx) ?? '').replace(/^\/+/, '').split('/')[0];
      if (obj === '5') void this.publishTo({ topic: DM_TOPIC, qos: 0 }, { ...out, msgType: 'notify' });
      else void this.publish('notify', { ...out, msgType: 'notify' });
    } else void this.publish('response', { ...out, msgType: String(ctx.msgType) });
    this.done(ctx);
  }

  // ---- device → MQTT -----------------------------------------------------------------------------------------------

  private publish(translator: TranslatorName, body: Record<string, unknown>): Promise<void> {
    return this.publishTo(this.host.settings().translators[translator], body);
  }

  private async publishTo(t: { topic: string; qos: 0 | 1 | 2 }, body: Record<string, unknown>): Promise<void> {
    if (!this.mqtt) return;
    const r = await this.mqtt.publish(t.topic, Buffer.from(JSON.stringify(body)), { qos: t.qos }).catch((e: unknown) => {
      this.host.ctx.log.warn({ clientid: this.clientid, topic: t.topic, err: (e as Error).message }, 'lwm2m: publish failed');
      return 'ok' as const;
    });
    if (r === 'denied') this.host.ctx.log.warn({ clientid: this.clientid, topic: t.topic }, 'lwm2m: publish denied');
  }

  close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    if (this.lifeTimer) clearTimeout(this.lifeTimer);
    this.queue.length = 0;
    this.observes.clear();
    this.separate.clear();
    const mqtt = this.mqtt;
    this.mqtt = undefined;
    mqtt?.close(reason);
    this.onClosed(this);
  }
}
