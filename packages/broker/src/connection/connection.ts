import { STREAM_CONN as CONN, type ByteStream } from '../transports/byte-stream';
import type { Packet } from 'mqtt-packet';
import type { ClientIdentity, ConnInfo, ProtoVer, RateLimit } from '../types';
import type { BrokerCore } from '../core';
import type { Session } from '../session/session';
import { MessageStats, clientStatsOf } from '../metrics';
import { handlePacket } from '../packets/handle-packet';
import { Keepalive } from './keepalive';
import { readPlainPackets } from './plain-packets';
import { ConnLimiter, bucketFor } from './limiter';
import { INITIAL_SETTINGS, borrowParser, isIdle, returnParser, settingsOf, type MqttParser, type ParserOwner } from './parser-pool';
import { dropBatch, flushBatch, sendPacket, writeRaw } from './write-batch';
import { connectLevel } from './fixed-header';
import { C } from '../metrics';
import { PacketError } from '../packets/validate';
import { pressureOf, type Pressure } from './pressure';
import { NO_CLIENT_ATTRS } from '../client-attrs/init';
import { Extras } from './extras';

/** bytes buffered for one socket above which QoS 0 messages go to the mqueue instead (slow consumer guard);
 * a listener's tcp_options.high_watermark (ConnInfo.highWatermark) replaces it */
const WRITE_HIGH_WATER = 4 * 1024 * 1024;
/** packets parsed but not handled yet above which reading pauses */
const INBOX_HIGH_WATER = 1000;
/** how long a closed connection may linger half-open (peer still sending) before it is destroyed */
const CLOSE_GRACE_MS = 2000;

/** the connection a stream belongs to, for the stream listeners below (one set of functions, no closures per connection) */
type ConnStream = ByteStream & { [CONN]: Connection };

export type ConnState = 'new' | 'authenticating' | 'connected' | 'closed';

export type { WillMessage } from './extras';

/** One transport stream: parse, run packet handlers in order, encode and write. */
export class Connection implements ParserOwner {
  state: ConnState = 'new';
  protoVer: ProtoVer = 4;
  protoName: 'MQTT' | 'MQIsdp' = 'MQTT';
  clientid = '';
  username: string | null = null;
  identity!: ClientIdentity;
  session: Session | null = null;
  cleanStart = true;
  keepalive = 0;
  connectedAt = 0;
  readonly createdAt = Date.now();
  isSuperuser = false;
  clientAttrs: Record<string, string> = NO_CLIENT_ATTRS;
  mountpoint = '';
  /** the CONNECT being authenticated (enhanced auth keeps it across AUTH round-trips) */
  pendingConnect?: import('mqtt-packet').IConnectPacket;
  // limits the client announced in CONNECT (v5)
  clientReceiveMax = 65535;
  clientMaxPacketSize = Infinity;
  clientTopicAliasMax = 0;
  // ClientInfo.stats recv_oct ... send_pkt (every connect moves them); the rest at the first message (msgStats)
  recvOct = 0;
  recvCnt = 0;
  recvPkt = 0;
  sendOct = 0;
  sendCnt = 0;
  sendPkt = 0;
  private msgCounts: MessageStats | null = null;
  /** will, auth method, topic aliases, limiter...: built at the first of them set (see Extras, more()) */
  extras: Extras | null = null;
  closeReason = '';
  /** unique per connection (AuthnRequest.connId), set when CONNECT arrives */
  connId = '';

  // the write batch, worked by write-batch.ts: on the connection itself, so a packet written touches one object
  /** packets written this turn, sent together by flush() */
  readonly outBuf: Buffer[] = [];
  outBytes = 0;
  /** (offset in the batch, packet id) pairs stamped into shared PUBLISH encodings at flush */
  outIds: number[] | null = null; // built at the first stamped PUBLISH: idle connections and publishers never need it
  outStamps = 0; // how many numbers of outIds (offset, packet id pairs) belong to the current batch
  /** a parser of its own only while a packet is partly received (see parser-pool.ts), else one is borrowed per chunk */
  private parser: MqttParser | null = null;
  private parserSettings = INITIAL_SETTINGS;
  /** the next packet to handle, apart from the ones behind it (`inbox`): packets that come one at a time, the usual
   * case, then never grow the array, which gives its store back each time it empties */
  private inboxHead: Packet | null = null;
  private readonly inbox: Packet[] = [];
  busy = false; // a packet is being handled (an async handler holds the ones behind it)
  private firstChunk?: Buffer;
  readonly keepaliveTimer: Keepalive;
  /** the node's back-pressure monitor (pressure.ts): pauses this stream's reads while the node is the bottleneck */
  readonly pressure: Pressure;

  constructor(
    readonly core: BrokerCore,
    readonly stream: ByteStream,
    public info: ConnInfo,
  ) {
    this.keepaliveTimer = new Keepalive(this);
    this.pressure = pressureOf(core);
    (stream as ConnStream)[CONN] = this;
    stream.on('data', Connection.onStreamData);
    stream.on('error', Connection.onStreamError);
    stream.on('close', Connection.onStreamEnd);
    stream.on('end', Connection.onStreamEnd);
    stream.on('drain', Connection.onStreamDrain);
    if (info.messagesRate || info.bytesRate) this.more().limiter = this.newLimiter();
    const idle = core.settings.idleTimeout;
    if (idle !== null) this.keepaliveTimer.startIdle(idle); // until CONNECT arrives (connectReceived)
  }

  /** the rarely used fields (Extras), built at the first write of one: `extras` stays null for most connections */
  more(): Extras {
    return (this.extras ??= new Extras());
  }

  private get ownLimiter(): ConnLimiter | null {
    return this.extras === null ? null : this.extras.limiter;
  }

  /** the message counters (recv_msg..., send_msg...), built at the first message */
  get msgStats(): MessageStats {
    return (this.msgCounts ??= new MessageStats());
  }

  /** ClientInfo.stats with EMQX's names: a new object each read */
  get stats(): Readonly<Record<string, number>> {
    return clientStatsOf(this, this.msgCounts);
  }

  /** no CONNECT within mqtt.idle_timeout (the keepalive wheel's idle deadline) */
  idleExpired(): void {
    this.close('idle_timeout');
  }

  /** called by the keepalive timer when the client stayed silent too long */
  keepaliveExpired(): void {
    this.close('keepalive_timeout', 0x8d);
  }

  // stream listeners: `this` is the stream
  private static onStreamData(this: ConnStream, chunk: Buffer): void {
    this[CONN].onData(chunk);
  }

  // EMQX names the reason after the transport: tcp_closed / ssl_closed, *_error on a socket error
  private static onStreamError(this: ConnStream): void {
    const c = this[CONN];
    c.onStreamClosed(c.info.isSsl ? 'ssl_error' : 'tcp_error');
  }

  private static onStreamEnd(this: ConnStream): void {
    const c = this[CONN];
    c.onStreamClosed(c.info.isSsl ? 'ssl_closed' : 'tcp_closed');
  }

  private static onStreamDrain(this: ConnStream): void {
    const c = this[CONN];
    if (c.extras !== null) c.extras.busyWrites = 0;
    c.session?.drain();
  }

  /** inbound flow control (listener messages_rate / bytes_rate, node limiter), built on first use */
  get limiter(): ConnLimiter {
    return (this.more().limiter ??= this.newLimiter());
  }

  private newLimiter(): ConnLimiter {
    return new ConnLimiter(
      { messages: bucketFor(this.info.messagesRate), bytes: bucketFor(this.info.bytesRate) },
      this.core.nodeBuckets,
      () => this.stream.pause(),
      () => {
        if (this.state !== 'closed' && !this.busy) this.pump(); // resumes the stream once the inbox is short
      },
    );
  }

  /**
   * The listener's per-client rates changed (EMQX applies them to open connections too). `info` is replaced, not
   * edited, and a limiter is built only when a rate is set: a change to `infinity` costs idle connections nothing.
   */
  setRates(messagesRate: RateLimit | null, bytesRate: RateLimit | null): void {
    this.info = { ...this.info, messagesRate, bytesRate };
    if (this.ownLimiter !== null) this.ownLimiter.retune({ messages: bucketFor(messagesRate), bytes: bucketFor(bytesRate) });
    else if (messagesRate !== null || bytesRate !== null) this.more().limiter = this.newLimiter();
  }

  /** true: handle the PUBLISH now; without own rates nor node rates no limiter is built */
  private admit(bytes: number): boolean {
    if (this.ownLimiter === null) {
      const node = this.core.nodeBuckets;
      if (!node.messages && !node.bytes) return true;
    }
    return this.limiter.admit(bytes);
  }

  /** v5 topic aliases the client set (alias → topic) */
  get inboundAliases(): Map<number, string> {
    return (this.more().inAliases ??= new Map());
  }

  /** v5 topic aliases this side assigned (topic → alias) */
  get outboundAliases(): Map<string, number> {
    return (this.more().outAliases ??= new Map());
  }

  get isClosed(): boolean {
    return this.state === 'closed';
  }

  /** packets parsed and not yet handled */
  get inboxLength(): number {
    return (this.inboxHead === null ? 0 : 1) + this.inbox.length;
  }

  get isConnected(): boolean {
    return this.state === 'connected';
  }

  /** false while the socket has too much unsent data buffered */
  get writable(): boolean {
    return this.state === 'connected' && this.stream.writableLength + this.outBytes < (this.info.highWatermark ?? WRITE_HIGH_WATER);
  }

  connectReceived(): void {
    this.firstChunk = undefined;
    this.keepaliveTimer.stop(); // the idle deadline
  }

  private onData(chunk: Buffer): void {
    if (this.state === 'closed') return;
    if (this.state === 'new' && !this.firstChunk) this.firstChunk = chunk;
    this.recvOct += chunk.length;
    this.recvCnt++;
    this.core.counters.add(C['bytes.received'], chunk.length);
    this.keepaliveTimer.touch();
    let data = chunk;
    const own = this.parser;
    if (this.state === 'connected' && (own === null || isIdle(own))) {
      const used = readPlainPackets(this, chunk);
      if (used === chunk.length) return;
      data = used > 0 ? chunk.subarray(used) : chunk;
    }
    const parser = own ?? borrowParser(this, this.parserSettings);
    try {
      parser.parse(data);
    } catch (err) {
      if (own === null) returnParser(parser, true);
      this.onParsedError(err as Error);
      return;
    }
    // the settings the parser ended with (a CONNECT sets the protocol version), without keeping the packet
    parser.settings = this.parserSettings = settingsOf(parser, this.parserSettings);
    // the parser knows the remaining length once the fixed header is read: refuse oversized packets
    // before buffering their body [MQTT-3.2.2-?]: Maximum Packet Size announced in CONNACK
    const partial = parser.packet;
    const oversized = partial && typeof partial.length === 'number' && partial.length > this.core.settings.maxPacketSize;
    if (own === null) this.parser = returnParser(parser, oversized);
    if (oversized) {
      this.core.counters.incr('packets.received');
      this.close('frame_too_large', 0x95);
    }
  }

  onParsedError(err: Error): void {
    if (this.state === 'closed') return;
    this.core.counters.incr('packets.received');
    const message = String(err?.message ?? err);
    if (this.state === 'new' && /protocol version/i.test(message)) {
      // [MQTT-3.1.2-2] unsupported protocol level: CONNACK 0x84 / return code 1, then close
      this.core.counters.incr('packets.connect.received');
      // a level above 5 is a newer client: answer in v5 form (0x84); older levels get the v3 return code 1
      const level = connectLevel(this.firstChunk);
      writeRaw(this, level !== undefined && level > 5 ? Buffer.from([0x20, 0x03, 0x00, 0x84, 0x00]) : Buffer.from([0x20, 0x02, 0x00, 0x01]), 'connack');
      this.core.counters.incr('packets.connack.error');
      this.close('unsupported_protocol_version');
      return;
    }
    if (err instanceof PacketError) {
      // a v5 client that has not been accepted yet is told in CONNACK [MQTT-4.13.1-1]; after CONNACK, DISCONNECT (close())
      if (this.state === 'new' && connectLevel(this.firstChunk) === 5) writeRaw(this, Buffer.from([0x20, 0x03, 0x00, err.reasonCode, 0x00]), 'connack');
      this.close(err.reason, err.reasonCode);
      return;
    }
    const malformed = /malformed|utf|too short|length|invalid|parse|must/i.test(message);
    this.close(malformed ? 'malformed_packet' : 'protocol_error', malformed ? 0x81 : 0x82);
  }

  onParsedPacket(packet: Packet): void {
    if (this.state === 'closed') return;
    this.recvPkt++;
    this.core.counters.add(C['packets.received']);
    if (packet.length !== undefined && packet.length > this.core.settings.maxPacketSize) {
      this.close('frame_too_large', 0x95);
      return;
    }
    if (this.inboxHead === null) this.inboxHead = packet;
    else if (this.inbox.push(packet) >= INBOX_HIGH_WATER) this.stream.pause();
    if (packet.cmd === 'publish') this.pressure.publish(this);
    this.core.checkMailbox(this);
    if (!this.busy) this.pump();
  }

  /** run handlers strictly in arrival order; async handlers (hooks) hold the queue */
  private pump(): void {
    this.busy = true;
    while (this.inboxHead !== null && this.state !== 'closed') {
      const packet = this.inboxHead;
      // flow control: a PUBLISH over the rate waits here (reading paused) until the limiter calls pump again
      // node pressure (pressure.ts): a PUBLISH already read waits here too, until publishers may go on
      if (packet.cmd === 'publish' && (!this.admit(packet.length ?? 0) || this.pressure.holds(this))) {
        this.busy = false;
        return;
      }
      this.inboxHead = this.inbox.length > 0 ? this.inbox.shift()! : null;
      let result: void | Promise<void>;
      try {
        result = handlePacket(this, packet);
      } catch (err) {
        this.fail(err);
        break;
      }
      if (result instanceof Promise) {
        result.then(
          () => this.pump(),
          (err) => this.fail(err),
        );
        return;
      }
    }
    this.busy = false;
    if (this.inbox.length === 0) this.inbox.length = 0; // gives the backing store back (shift() keeps it) when idle
    if (this.inboxLength < INBOX_HIGH_WATER / 2 && this.stream.isPaused() && !this.ownLimiter?.paused && !this.pressure.holds(this)) this.stream.resume();
  }

  /** node pressure is over (pressure.ts): read again once the inbox is short and no rate limit holds the stream */
  resumeReads(): void {
    if (this.state !== 'closed' && !this.busy) this.pump();
  }

  private fail(err: unknown): void {
    this.busy = false;
    this.core.emitError(err);
    this.close('internal_error', 0x80);
  }

  /** encode one packet and queue it on the write batch (write-batch.ts; writeRaw there for encoded ones) */
  send(packet: Packet): boolean {
    return sendPacket(this, packet);
  }

  /** write the packets queued this turn in one call (flush.ts calls it when the turn ends) */
  flush(): void {
    flushBatch(this);
  }

  mount(topic: string): string {
    return this.mountpoint ? this.mountpoint + topic : topic;
  }

  unmount(topic: string): string {
    return this.mountpoint && topic.startsWith(this.mountpoint) ? topic.slice(this.mountpoint.length) : topic;
  }

  /**
   * Close the connection. With a v5 reason code and a connected v5 peer, send DISCONNECT first [MQTT-4.13.1-1].
   * The session is handled by the broker when the stream reports closed.
   */
  close(reason: string, v5ReasonCode?: number): void {
    if (this.state === 'closed') return;
    if (!this.closeReason) this.closeReason = reason;
    // [MQTT-3.14.0-1] no DISCONNECT before a successful CONNACK
    if (v5ReasonCode !== undefined && this.protoVer === 5 && this.state === 'connected') {
      this.send({ cmd: 'disconnect', reasonCode: v5ReasonCode });
    }
    // graceful close: FIN after the queued packets; what the peer still sends meanwhile is read and ignored,
    // so it sees our DISCONNECT instead of a reset. A peer that never closes its side is cut off after a grace period.
    this.flush();
    this.stream.end();
    this.stream.resume();
    setTimeout(() => this.stream.destroy(), CLOSE_GRACE_MS).unref();
    this.onStreamClosed(reason, false);
  }

  private onStreamClosed(reason: string, destroy = true): void {
    if (this.state === 'closed') return;
    if (!this.closeReason) this.closeReason = reason;
    const wasConnected = this.state === 'connected';
    this.state = 'closed';
    this.keepaliveTimer.stop();
    this.ownLimiter?.stop();
    this.pressure.forget(this);
    this.inboxHead = null;
    this.inbox.length = 0;
    if (destroy) {
      dropBatch(this);
      if (!this.stream.destroyed) this.stream.destroy();
    }
    this.core.sessions.connectionClosed(this, wasConnected, this.closeReason);
  }
}
