/**
 * One MQTT-SN client (one UDP peer) through its life: idle → (will handshake) → connected ⇄ asleep/awake → closed.
 * Behaviour follows the MQTT-SN 1.2 specification and EMQX's emqx_mqttsn_channel where the spec leaves a choice:
 * registered topic ids start after the predefined range (1025), SUBACK of a predefined or short topic carries
 * TopicIdType 0, QoS -1 publishes from idle peers need `enable_qos3`, and custom return codes from 0x80.
 */
import { encode, flags as mkFlags, RC, type SnMessage } from './codec';
import { clientInfo, credentials, type ConnEnv, type Peer } from './env';
import { SnOutbox } from './outbox';
import { publishNegativeQos } from './qos-neg1';
import { netQos, onPublish, onSubscribe, onUnsubscribe, type Inbound } from './inbound';
import { hasWildcard, TopicRegistry, type SnOutMessage } from './topics';
import type { GatewayChannel } from '../protocol';

export type SnState = 'idle' | 'connecting' | 'connected' | 'asleep' | 'awake' | 'closed';

interface Will {
  topic: string;
  qos: 0 | 1 | 2;
  retain: boolean;
  payload: Buffer;
}

export class SnConnection {
  state: SnState = 'idle';
  clientId = '';
  username: string | undefined;
  keepalive = 0;
  cleanSession = true;
  private will: Will | undefined;
  private channel: GatewayChannel | undefined;
  private readonly topics: TopicRegistry;
  private readonly outbox: SnOutbox;
  private readonly inbound: Inbound;
  private readonly awaitingRel = new Set<number>();
  private keepaliveTimer: NodeJS.Timeout | undefined;
  private sleepTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private sleepDuration = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly env: ConnEnv,
    public peer: Peer,
  ) {
    this.topics = new TopicRegistry(() => env.cfg().predefined);
    this.outbox = new SnOutbox(
      {
        out: (m) => this.out(m),
        log: env.ctx.log,
        timings: env.timings,
        clientId: () => this.clientId,
        active: () => this.state === 'connected' || this.state === 'awake',
        closed: () => this.state === 'closed',
        giveUp: (reason) => {
          this.close(reason, true, true);
        },
        settled: () => this.maybeBackToSleep(),
      },
      this.topics,
    );
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const self = this;
    this.inbound = {
      cfg: env.cfg,
      out: (m) => this.out(m),
      channel: () => this.channel,
      topics: this.topics,
      awaitingRel: this.awaitingRel,
      log: env.ctx.log,
      get clientId() {
        return self.clientId;
      },
    };
    this.idleTimer = setTimeout(() => {
      if (this.state === 'idle' || this.state === 'connecting') this.close('idle_timeout');
    }, env.timings.idleTimeoutMs);
  }

  /** Messages of one peer are handled one after the other, also across the awaits of CONNECT and PUBLISH. */
  receive(msg: SnMessage): void {
    this.chain = this.chain.then(
      () => this.handle(msg),
      () => this.handle(msg),
    );
    this.chain.catch((err: unknown) => this.env.ctx.log.warn({ err, clientid: this.clientId }, 'mqttsn: handling a message failed'));
  }

  /** Known to the broker (counted in the gateway's clients) from CONNACK until closed. */
  get online(): boolean {
    return this.state === 'connected' || this.state === 'asleep' || this.state === 'awake';
  }

  get inflightCount(): number {
    return this.outbox.inflightCount;
  }

  get bufferedCount(): number {
    return this.outbox.bufferedCount;
  }

  // ---- outbound helpers -------------------------------------------------------------------------------------------

  private out(m: SnMessage): void {
    const buf = encode(m);
    this.channel?.count('out', buf.length);
    this.env.send(buf, this.peer);
  }

  /** A datagram for this client arrived (counted in its stats once it has a channel). */
  countIn(bytes: number): void {
    this.channel?.count('in', bytes);
  }

  // ---- inbound ----------------------------------------------------------------------------------------------------

  private async handle(msg: SnMessage): Promise<void> {
    if (this.state === 'closed') return;
    this.keepaliveTimer?.refresh();
    switch (msg.type) {
      case 'SEARCHGW':
        this.out({ type: 'GWINFO', gwId: this.env.cfg().gateway_id, gwAdd: Buffer.alloc(0) });
        return;
      case 'ADVERTISE':
      case 'GWINFO':
        return;
      default:
        break;
    }
    if (this.state === 'idle') return this.handleIdle(msg);
    if (this.state === 'connecting') return this.handleConnecting(msg);
    return this.handleOnline(msg);
  }

  private async handleIdle(msg: SnMessage): Promise<void> {
    switch (msg.type) {
      case 'CONNECT': {
        this.clientId = msg.clientId;
        this.keepalive = msg.duration;
        this.cleanSession = msg.flags.cleanSession;
        if (msg.flags.will) {
          this.state = 'connecting';
          this.out({ type: 'WILLTOPICREQ' });
          return;
        }
        return this.connect();
      }
      case 'DISCONNECT':
        this.close('normal', true, false);
        return;
      case 'PUBLISH':
        if (msg.flags.qos === -1) {
          await publishNegativeQos(this.env, this.peer, msg, (m) => this.out(m), this.topics);
          this.close('normal');
          return;
        }
        this.close('unexpected_packet');
        return;
      case 'PINGREQ': // answered, as EMQX does; a sleeping client that moved was rebound by the listener
        this.out({ type: 'PINGRESP' });
        this.close('normal');
        return;
      default:
        this.close('unexpected_packet');
    }
  }

  private async handleConnecting(msg: SnMessage): Promise<void> {
    switch (msg.type) {
      case 'CONNECT':
        return;
      case 'DISCONNECT':
        this.close('normal', true, false);
        return;
      case 'WILLTOPIC':
        if (msg.topic === undefined) {
          this.will = undefined;
          return this.connect();
        }
        this.will = { topic: msg.topic, qos: netQos((msg.flags ?? mkFlags()).qos), retain: (msg.flags ?? mkFlags()).retain, payload: Buffer.alloc(0) };
        this.out({ type: 'WILLMSGREQ' });
        return;
      case 'WILLMSG':
        if (!this.will) {
          this.close('willmsg_before_willtopic', true, false);
          return;
        }
        this.will.payload = msg.payload;
        return this.connect();
      default:
        this.close('unexpected_packet', true, false);
    }
  }

  private async connect(): Promise<void> {
    const cred = credentials(this.env, this.clientId || 'mqttsn-' + Math.random().toString(16).slice(2, 18), this.peer.address);
    this.clientId = cred.clientid;
    this.username = cred.username;
    const auth = await this.env.ctx.authenticate({ ...cred, peerhost: this.peer.address, listenerId: this.env.listenerId });
    if (this.state === 'closed') return;
    if (!auth.ok) {
      this.env.ctx.log.warn({ clientid: this.clientId, reason: auth.reason }, 'mqttsn: client login failed');
      this.out({ type: 'CONNACK', returnCode: RC.NOT_AUTHORIZED });
      this.close('not_authorized');
      return;
    }
    try {
      this.channel = await this.env.ctx.openChannel(clientInfo(this.env, this.peer, { ...this.identity(), isSuperuser: auth.isSuperuser }), {
        deliver: (m) => this.deliver(m),
        kick: (reason) => this.kick(reason),
      });
    } catch (err) {
      this.env.ctx.log.warn({ err, clientid: this.clientId }, 'mqttsn: opening the session failed');
      this.out({ type: 'CONNACK', returnCode: RC.FAILED_SESSION });
      this.close('failed_session');
      return;
    }
    if ((this.state as SnState) === 'closed') {
      this.channel.close('closed');
      return;
    }
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    this.state = 'connected';
    this.out({ type: 'CONNACK', returnCode: RC.ACCEPTED });
    this.startKeepalive();
  }

  private identity() {
    return { clientid: this.clientId, username: this.username, keepalive: this.keepalive, cleanStart: this.cleanSession };
  }

  private startKeepalive(): void {
    clearTimeout(this.keepaliveTimer);
    this.keepaliveTimer = undefined;
    if (this.keepalive > 0) {
      this.keepaliveTimer = setTimeout(() => this.keepaliveExpired(), this.keepalive * 1000 * this.env.timings.keepaliveBackoff);
    }
  }

  private keepaliveExpired(): void {
    if (this.state === 'connected' || this.state === 'awake') {
      this.close('keepalive_timeout', true, true);
    }
  }

  private async handleOnline(msg: SnMessage): Promise<void> {
    switch (msg.type) {
      case 'CONNECT':
        if (this.state === 'asleep' || this.state === 'awake') {
          if (msg.clientId !== this.clientId) return;
          // Back to active: buffered messages go out now.
          clearTimeout(this.sleepTimer);
          this.sleepTimer = undefined;
          this.state = 'connected';
          this.keepalive = msg.duration;
          this.out({ type: 'CONNACK', returnCode: RC.ACCEPTED });
          this.startKeepalive();
          this.outbox.flush();
          return;
        }
        this.close('duplicate_connect', true, false);
        return;
      case 'REGISTER': {
        const id = hasWildcard(msg.topicName) || msg.topicName === '' ? undefined : this.topics.register(msg.topicName);
        if (id === undefined) this.out({ type: 'REGACK', topicId: 0, msgId: msg.msgId, returnCode: RC.NOT_SUPPORTED });
        else this.out({ type: 'REGACK', topicId: id, msgId: msg.msgId, returnCode: RC.ACCEPTED });
        return;
      }
      case 'REGACK':
        return this.outbox.onRegack(msg.topicId, msg.returnCode);
      case 'PUBLISH':
        return onPublish(this.inbound, msg);
      case 'PUBREL':
        this.awaitingRel.delete(msg.msgId);
        this.out({ type: 'PUBCOMP', msgId: msg.msgId });
        return;
      case 'PUBACK':
        return this.outbox.onPuback(msg.topicId, msg.msgId, msg.returnCode);
      case 'PUBREC':
        return this.outbox.onPubrec(msg.msgId);
      case 'PUBCOMP':
        return this.outbox.onPubcomp(msg.msgId);
      case 'SUBSCRIBE':
        return onSubscribe(this.inbound, msg);
      case 'UNSUBSCRIBE':
        return onUnsubscribe(this.inbound, msg);
      case 'PINGREQ':
        if (msg.clientId && (this.state === 'asleep' || this.state === 'awake')) {
          if (msg.clientId !== this.clientId) return;
          this.awake();
          return;
        }
        if (msg.clientId && msg.clientId !== this.clientId) return;
        this.out({ type: 'PINGRESP' });
        return;
      case 'DISCONNECT':
        if (msg.duration === undefined) {
          this.close('normal', true, false);
          return;
        }
        this.out({ type: 'DISCONNECT' });
        this.asleep(msg.duration);
        return;
      case 'WILLTOPICUPD':
        if (msg.topic === undefined) this.will = undefined;
        else {
          const f = msg.flags ?? mkFlags();
          this.will = { topic: msg.topic, qos: netQos(f.qos), retain: f.retain, payload: this.will?.payload ?? Buffer.alloc(0) };
        }
        this.out({ type: 'WILLTOPICRESP', returnCode: RC.ACCEPTED });
        return;
      case 'WILLMSGUPD':
        if (!this.will) {
          this.out({ type: 'WILLMSGRESP', returnCode: RC.NOT_SUPPORTED });
          return;
        }
        this.will.payload = msg.payload;
        this.out({ type: 'WILLMSGRESP', returnCode: RC.ACCEPTED });
        return;
      default:
        return;
    }
  }

  // ---- delivery to the client -------------------------------------------------------------------------------------

  private deliver(m: SnOutMessage): void {
    if (this.state === 'closed') return;
    const msg: SnOutMessage = { topic: m.topic, payload: m.payload, qos: m.qos, retain: m.retain };
    if (this.state === 'asleep' || this.state === 'idle' || this.state === 'connecting') this.outbox.hold(msg);
    else this.outbox.transmit(msg);
  }

  // ---- sleep --------------------------------------------------------------------------------------------------------

  private asleep(duration: number): void {
    clearTimeout(this.keepaliveTimer);
    this.keepaliveTimer = undefined;
    this.state = 'asleep';
    this.sleepDuration = duration;
    this.armSleepTimer();
  }

  private armSleepTimer(): void {
    clearTimeout(this.sleepTimer);
    // §6.14: a client not heard of before its sleep timer ends is lost, as if its keep alive had expired.
    this.sleepTimer = setTimeout(() => this.close('asleep_timeout', false, true), this.sleepDuration * 1000 * this.env.timings.keepaliveBackoff);
  }

  /** PINGREQ with the client id: send what was buffered, then PINGRESP once all of it is acknowledged (§6.14). */
  private awake(): void {
    clearTimeout(this.sleepTimer);
    this.sleepTimer = undefined;
    this.state = 'awake';
    this.outbox.flush();
    this.maybeBackToSleep();
  }

  private maybeBackToSleep(): void {
    if (this.state !== 'awake') return;
    if (!this.outbox.idle) return;
    this.out({ type: 'PINGRESP' });
    this.state = 'asleep';
    this.armSleepTimer();
  }

  // ---- end ----------------------------------------------------------------------------------------------------------

  /** A PINGREQ from a new address for this sleeping client: the client moved (NAT rebinding). */
  rebind(peer: Peer): void {
    this.peer = peer;
  }

  /** The core kicked the client (operator, takeover, gateway disabled): DISCONNECT it and close the channel. */
  kick(reason = 'kicked'): void {
    if (this.state === 'closed') return;
    this.close(reason, true, false);
  }

  /** Stop the connection: optionally publish the will first, then close the core's channel. */
  close(reason: string, disconnect = false, will = false): void {
    if (this.state === 'closed') return;
    const wasOnline = this.online;
    this.state = 'closed';
    if (disconnect) this.out({ type: 'DISCONNECT' });
    clearTimeout(this.keepaliveTimer);
    clearTimeout(this.sleepTimer);
    clearTimeout(this.idleTimer);
    this.outbox.stop();
    const ch = this.channel;
    const w = this.will;
    if (ch && wasOnline && will && w) {
      Promise.resolve(ch.publish(w.topic, w.payload, { qos: w.qos, retain: w.retain }))
        .catch((err: unknown) => this.env.ctx.log.info({ err, clientid: this.clientId }, 'mqttsn: will message refused'))
        .finally(() => ch.close(reason));
    } else ch?.close(reason);
    this.env.closed(this);
  }
}
