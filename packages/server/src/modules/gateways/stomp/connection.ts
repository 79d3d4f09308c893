/**
 * One STOMP connection (emqx_stomp_channel): CONNECT/STOMP with version negotiation, login/passcode authentication
 * and heart-beating; SEND → a QoS 0 publish; SUBSCRIBE/UNSUBSCRIBE with the ack modes auto, client and
 * client-individual; MESSAGE out with subscription, message-id, destination (and ack) headers; ACK/NACK;
 * BEGIN/COMMIT/ABORT transactions (SEND, ACK and NACK wait for COMMIT); RECEIPT; ERROR frames in EMQX's words.
 * Like EMQX, acknowledgements are accepted but nothing is redelivered: deliveries are at most once.
 */
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { parseDuration } from '../../../config/units';
import type { DeliveredMessage, GatewayChannel, GatewayContext, GatewayListenerConfig } from '../protocol';
import { DEFAULT_FRAME_LIMITS, StompFrameError, StompParser, encodeFrame, header, type FrameLimits, type StompFrame } from './frame';

const VERSIONS = ['1.0', '1.1', '1.2'];
const SERVER = 'emqx-stomp/1.2';
type AckMode = 'auto' | 'client' | 'client-individual';

interface Sub {
  id: string;
  topic: string;
  ack: AckMode;
}

export class StompConnection {
  private readonly parser: StompParser;
  private state: 'idle' | 'connected' | 'closed' = 'idle';
  private channel?: GatewayChannel;
  private clientid = '';
  private readonly subs = new Map<string, Sub>();
  private readonly trans = new Map<string, Array<() => Promise<boolean>>>();
  private msgId = 1;
  private ackId = 1;
  private timers: NodeJS.Timeout[] = [];
  private recvFrames = 0;
  private sentBytes = 0;
  /** frames are handled one after the other (a SEND's publish may wait for an asynchronous hook) */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: GatewayContext,
    private readonly listener: GatewayListenerConfig,
    private readonly socket: Socket,
    private readonly onClosed: () => void,
  ) {
    const frame = (ctx.config().frame ?? {}) as Partial<FrameLimits>;
    this.parser = new StompParser({ ...DEFAULT_FRAME_LIMITS, ...frame });
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('close', () => this.shutdown('sock_closed'));
    socket.on('error', () => socket.destroy());
    // EMQX idle_timeout: a connection that sends no CONNECT in time is closed
    const idle = parseDuration(ctx.config().idle_timeout) ?? 30_000;
    this.timers.push(
      setTimeout(() => {
        if (this.state === 'idle') socket.destroy();
      }, idle),
    );
  }

  private onData(chunk: Buffer): void {
    if (this.state === 'closed') return;
    let frames: StompFrame[];
    try {
      frames = this.parser.push(chunk);
    } catch (err) {
      if (!(err instanceof StompFrameError)) throw err;
      if (this.state === 'idle') this.socket.destroy();
      else this.fatal(err.message);
      return;
    }
    for (const f of frames) {
      this.recvFrames++;
      this.channel?.count('in', f.body.length + f.command.length + f.headers.reduce((n, [k, v]) => n + k.length + v.length + 2, 2));
      this.queue = this.queue.then(() => this.handle(f)).catch((err: unknown) => this.fatal(`Internal error: ${(err as Error).message}`));
    }
  }

  private send(frame: { command: string; headers?: Array<[string, string]>; body?: Buffer | string }): void {
    if (this.state === 'closed' || this.socket.destroyed) return;
    const bytes = encodeFrame(frame);
    this.sentBytes += bytes.length;
    this.channel?.count('out', bytes.length);
    this.socket.write(bytes);
  }

  private receipt(f: StompFrame): void {
    const id = header(f, 'receipt');
    if (id !== undefined) this.send({ command: 'RECEIPT', headers: [['receipt-id', id]] });
  }

  private error(message: string, receipt?: string, extra: Array<[string, string]> = []): void {
    const headers: Array<[string, string]> = receipt !== undefined ? [['receipt-id', receipt]] : [];
    this.send({ command: 'ERROR', headers: [...headers, ...extra, ['content-type', 'text/plain']], body: message });
  }

  /** ERROR then close, as EMQX's shutdown with an ERROR frame */
  private fatal(message: string, receipt?: string, extra: Array<[string, string]> = []): void {
    if (this.state === 'closed') return;
    this.error(message, receipt, extra);
    this.close();
  }

  private close(): void {
    if (this.state === 'closed') return;
    this.socket.end();
    // a peer that never reads must not keep the socket: destroy after a grace period
    const t = setTimeout(() => this.socket.destroy(), 2000);
    t.unref();
    this.shutdown('closed');
  }

  private shutdown(_reason: string): void {
    if (this.state === 'closed') {
      return;
    }
    this.state = 'closed';
    for (const t of this.timers) {
      clearTimeout(t);
      clearInterval(t);
    }
    this.timers = [];
    this.channel?.close();
    this.onClosed();
  }

  /** the core kicks this client (API kick, takeover, gateway disabled) */
  kick(reason: string): void {
    if (this.state === 'closed') return;
    const text = reason === 'kicked' ? 'Kicked out' : reason === 'takenover' ? 'Discarded' : undefined;
    if (text) this.fatal(text);
    else {
      this.shutdown(reason);
      this.socket.destroy();
    }
  }

  private async handle(f: StompFrame): Promise<void> {
    if (this.state === 'closed') return;
    const receipt = header(f, 'receipt');
    switch (f.command) {
      case 'HEARTBEAT':
        return;
      case 'CONNECT':
      case 'STOMP':
        return this.connect(f);
    }
    if (this.state !== 'connected') return this.fatal('Not connected', receipt);
    switch (f.command) {
      case 'SEND':
        return this.transactional(f, () => this.publish(f));
      case 'SUBSCRIBE':
        return this.subscribe(f);
      case 'UNSUBSCRIBE':
        return this.unsubscribe(f);
      case 'ACK':
      case 'NACK':
        return this.transactional(f, async () => true);
      case 'BEGIN': {
        const tx = header(f, 'transaction');
        if (tx === undefined) return this.error('Missing transaction header', receipt);
        if (this.trans.has(tx)) return this.error(`Transaction ${tx} already started`, receipt);
        this.trans.set(tx, []);
        return this.receipt(f);
      }
      case 'COMMIT':
      case 'ABORT': {
        const tx = header(f, 'transaction') ?? '';
        const actions = this.trans.get(tx);
        if (!actions) return this.error(`Transaction ${tx} not found`, receipt);
        this.trans.delete(tx);
        if (f.command === 'COMMIT') {
          for (const run of actions) if (!(await run())) return;
        }
        return this.receipt(f);
      }
      case 'DISCONNECT':
        this.receipt(f);
        this.close();
        return;
      default:
        return this.fatal(`Unknown command ${f.command}`, receipt);
    }
  }

  /** SEND, ACK and NACK with a transaction header wait for its COMMIT */
  private async transactional(f: StompFrame, run: () => Promise<boolean>): Promise<void> {
    const tx = header(f, 'transaction');
    if (tx === undefined) {
      if (await run()) this.receipt(f);
      return;
    }
    const actions = this.trans.get(tx);
    if (!actions) return this.error(`Transaction ${tx} not found`, header(f, 'receipt'));
    actions.push(run);
    this.receipt(f);
  }

  private async connect(f: StompFrame): Promise<void> {
    if (this.state === 'connected') return this.fatal('Unexpected CONNECT: the client is already connected', header(f, 'receipt'));
    const accept = header(f, 'accept-version');
    const version =
      accept === undefined
        ? '1.0'
        : VERSIONS.filter((v) =>
            accept
              .split(',')
              .map((s) => s.trim())
              .includes(v),
          ).pop();
    if (!version) {
      return this.fatal('Supported protocol versions < 1.2', undefined, [['version', VERSIONS.join(',')]]);
    }
    const hb = (header(f, 'heart-beat') ?? '0,0').split(',').map((s) => Number(s.trim()));
    if (hb.length !== 2 || hb.some((n) => !Number.isInteger(n) || n < 0)) return this.fatal('Invalid heart-beat header: expected two whole numbers such as 10000,10000');
    const [cx, cy] = hb;
    const conf = this.ctx.config();
    const override = (conf.clientinfo_override ?? {}) as Record<string, string>;
    const env = (tpl: string) => tpl.replace(/\$\{Packet\.headers\.([^}]+)\}/g, (_m, k: string) => header(f, k) ?? '');
    const username = override.username !== undefined ? env(override.username) : header(f, 'login');
    const password = override.password !== undefined ? env(override.password) : header(f, 'passcode');
    const clientid = (override.clientid !== undefined ? env(override.clientid) : '') || randomBytes(8).toString('hex');
    const peerhost = this.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '';
    const auth = await this.ctx.authenticate({ clientid, username, password, peerhost, listenerId: this.listener.id });
    if (this.state === 'closed') return;
    if (!auth.ok) {
      this.ctx.log.warn({ clientid, username, reason: auth.reason }, 'stomp client login failed');
      return this.fatal(`Login Failed: ${auth.reason}`);
    }
    this.clientid = clientid;
    this.channel = this.ctx.openChannel(
      {
        clientid,
        username,
        peerhost,
        peerport: this.socket.remotePort ?? 0,
        listenerId: this.listener.id,
        protoName: 'STOMP',
        protoVer: version,
        keepalive: Math.floor(cx / 1000),
        cleanStart: true,
        isSuperuser: auth.isSuperuser,
        mountpoint: this.listener.mountpoint,
      },
      { deliver: (m) => this.deliver(m), kick: (r) => this.kick(r) },
    );
    this.state = 'connected';
    this.send({
      command: 'CONNECTED',
      headers: [
        ['server', SERVER],
        ['version', version],
        ['heart-beat', `${cy},${cx}`],
      ],
    });
    this.heartbeats(cx, cy);
  }

  /** EMQX emqx_stomp_heartbeat: incoming silent for two intervals closes; outgoing sends an EOL when we were silent */
  private heartbeats(cx: number, cy: number): void {
    if (cx > 0) {
      let last = this.recvFrames;
      let misses = 0;
      this.timers.push(
        setInterval(() => {
          if (this.recvFrames !== last) {
            last = this.recvFrames;
            misses = 0;
            return;
          }
          if (++misses >= 2) {
            this.ctx.log.info({ clientid: this.clientid }, 'stomp heart-beat timeout');
            this.shutdown('heartbeat_timeout');
            this.socket.destroy();
          }
        }, cx),
      );
    }
    if (cy > 0) {
      let last = this.sentBytes;
      this.timers.push(
        setInterval(() => {
          if (this.sentBytes === last) this.send({ command: 'HEARTBEAT' });
          last = this.sentBytes;
        }, cy),
      );
    }
  }

  private async publish(f: StompFrame): Promise<boolean> {
    const receipt = header(f, 'receipt');
    const topic = header(f, 'destination');
    if (!topic) {
      this.fatal('Missing destination header', receipt);
      return false;
    }
    let verdict: 'ok' | 'denied';
    try {
      verdict = await this.channel!.publish(topic, f.body, { qos: 0, retain: false });
    } catch (err) {
      this.fatal(`Cannot publish to ${topic}: ${(err as Error).message}`, receipt);
      return false;
    }
    if (verdict === 'denied') {
      this.fatal(`Insufficient permissions for ${topic}`, receipt);
      return false;
    }
    return true;
  }

  private async subscribe(f: StompFrame): Promise<void> {
    const receipt = header(f, 'receipt');
    const topic = header(f, 'destination');
    if (!topic) return this.fatal('Missing destination header', receipt);
    const id = header(f, 'id') ?? topic;
    const ack = (header(f, 'ack') ?? 'auto') as AckMode;
    if (!['auto', 'client', 'client-individual'].includes(ack)) return this.fatal(`Invalid ack mode ${ack}: expected auto, client or client-individual`, receipt);
    if (this.subs.has(id)) return this.fatal(`Subscription id ${id} is in used`, receipt);
    if ([...this.subs.values()].some((s) => s.topic === topic)) return this.fatal(`Topic ${topic} already in subscribed`, receipt);
    // registered first: retained messages are delivered while subscribing
    this.subs.set(id, { id, topic, ack });
    let granted: number | 'denied';
    try {
      granted = await this.channel!.subscribe(topic, 0);
    } catch (err) {
      this.subs.delete(id);
      return this.fatal(`Cannot subscribe to ${topic}: ${(err as Error).message}`, receipt);
    }
    if (granted === 'denied') {
      this.subs.delete(id);
      return this.fatal(`Insufficient permissions for ${topic}`, receipt);
    }
    this.receipt(f);
  }

  private async unsubscribe(f: StompFrame): Promise<void> {
    const id = header(f, 'id') ?? header(f, 'destination');
    const sub = id === undefined ? undefined : this.subs.get(id);
    if (sub) {
      this.subs.delete(sub.id);
      await this.channel!.unsubscribe(sub.topic);
    }
    this.receipt(f);
  }

  private deliver(m: DeliveredMessage): void {
    // a subscription the API added (POST /gateways/stomp/clients/{id}/subscriptions) has no STOMP id: its filter is
    // the subscription header, ack auto
    const sub = [...this.subs.values()].find((s) => s.topic === m.filter) ?? { id: m.filter, topic: m.filter, ack: 'auto' as const };
    const headers: Array<[string, string]> = [
      ['subscription', sub.id],
      ['message-id', String(this.msgId++)],
      ['destination', m.topic],
      ['content-type', m.contentType ?? 'text/plain'],
    ];
    if (sub.ack !== 'auto') headers.push(['ack', String(this.ackId++)]);
    this.send({ command: 'MESSAGE', headers, body: m.payload });
  }
}
