// One ExProto connection (emqx_exproto_channel): a raw TCP/SSL socket or a UDP peer whose bytes go to the operator's
// handler (OnSocketCreated, OnReceivedBytes, OnTimerTimeout, OnReceivedMessages, OnSocketClosed, in order, one at a
// time) and which the handler drives through the ConnectionAdapter calls (send, close, authenticate, keepalive
// timer, publish, subscribe, unsubscribe). A handler that cannot be reached closes the connection, logged as a warning.
import type { GatewayChannel, GatewayContext, GatewayListenerConfig, DeliveredMessage } from '../protocol';
import type { CodeResponse, HandlerClient, HandlerMethod } from './grpc';
import { Code } from './grpc';
import { parseDuration } from '../../../config/units';

/** EMQX renders reasons with io_lib "~0p": binaries as <<"...">>, atoms bare */
export const bin = (s: string) => `<<${JSON.stringify(s)}>>`;

export interface Transport {
  socktype: 'TCP' | 'SSL' | 'UDP' | 'DTLS';
  peer: { host: string; port: number };
  sock: { host: string; port: number };
  peercert?: { cn: string; dn: string };
  write(bytes: Buffer): void;
  /** close the socket (the transport calls conn.closed() when it is gone) */
  end(): void;
}

export interface ConnDeps {
  ctx: GatewayContext;
  listener: GatewayListenerConfig;
  handler: () => HandlerClient | undefined;
  /** the node name EMQX puts in Message.node */
  node: string;
  forget: (conn: ExprotoConn) => void;
}

type State = 'connecting' | 'connected' | 'disconnected';

export class ExprotoConn {
  state: State = 'connecting';
  private channel?: GatewayChannel;
  private queue: Promise<void> = Promise.resolve();
  private closedReason?: string;
  private gone = false;
  private keepaliveTimer?: NodeJS.Timeout;
  private idleTimer?: NodeJS.Timeout;
  private recvCount = 0;

  constructor(
    readonly id: string,
    private readonly t: Transport,
    private readonly d: ConnDeps,
  ) {
    const conninfo: Record<string, unknown> = { socktype: t.socktype, peername: t.peer, sockname: t.sock };
    if (t.peercert) conninfo.peercert = t.peercert;
    this.dispatch('OnSocketCreated', { conn: id, conninfo });
    // idle_timeout: a TCP/SSL socket that sends nothing is closed (emqx_gateway_conn cancels the timer at the first
    // bytes); a UDP peer is closed unless the handler starts a keepalive (start_idle_checking_timer)
    const ms = parseDuration(d.ctx.config().idle_timeout);
    if (ms !== null) this.idleTimer = setTimeout(() => this.shutdown('idle_timeout'), ms ?? 30_000);
  }

  /** bytes from the device */
  received(bytes: Buffer): void {
    this.recvCount++;
    if (this.t.socktype === 'TCP' || this.t.socktype === 'SSL') clearTimeout(this.idleTimer);
    this.channel?.count('in', bytes.length);
    this.dispatch('OnReceivedBytes', { conn: this.id, bytes });
  }

  /** the socket is gone: unlist, tell the handler (OnSocketClosed) */
  closed(reason = 'closed'): void {
    if (this.gone) return;
    this.gone = true;
    this.state = 'disconnected';
    clearInterval(this.keepaliveTimer);
    clearTimeout(this.idleTimer);
    this.channel?.close(this.closedReason ?? reason);
    this.dispatch('OnSocketClosed', { conn: this.id, reason: this.closedReason ?? reason });
    void this.queue.then(() => this.d.forget(this));
  }

  /** close the socket for `reason` */
  shutdown(reason: string): void {
    this.closedReason ??= reason;
    this.t.end();
  }

  /** one handler callback, after the ones before it; a failure closes the connection */
  private dispatch(method: HandlerMethod, req: unknown): void {
    this.queue = this.queue.then(async () => {
      const h = this.d.handler();
      try {
        if (!h) throw new Error('no handler');
        await h.call(method, req);
      } catch (err) {
        this.d.ctx.log.warn(
          { listener: this.d.listener.id, conn: this.id, call: method, err: (err as Error).message },
          `exproto handler ${this.d.ctx.config().handler ? String((this.d.ctx.config().handler as { address?: string }).address) : ''} did not take ${method}; the connection is closed`,
        );
        if (method !== 'OnSocketClosed') this.shutdown(`{error,{${snake(method)},unreachable}}`);
      }
    });
  }

  // ------------------------------------------------------------------ ConnectionAdapter calls

  send(bytes: Buffer): CodeResponse {
    if (this.gone) return notAlive();
    this.channel?.count('out', bytes.length);
    this.t.write(bytes);
    return { code: Code.SUCCESS };
  }

  close(): CodeResponse {
    if (this.gone) return notAlive();
    this.shutdown('normal');
    return { code: Code.SUCCESS };
  }

  async authenticate(ci: { proto_name: string; proto_ver: string; clientid: string; username: string; mountpoint?: string }, password: string): Promise<CodeResponse> {
    if (this.gone) return notAlive();
    if (this.state === 'connected') return { code: Code.PERMISSION_DENY, message: bin('Duplicated authenticate command') };
    const clientid = ci.clientid;
    const username = ci.username || undefined;
    if (ci.mountpoint) {
      this.d.ctx.log.warn({ conn: this.id, requested_mountpoint: ci.mountpoint }, 'The mountpoint in AuthenticateRequest has been deprecated; the gateway mountpoint applies');
    }
    const verdict = await this.d.ctx.authenticate({ clientid, username, password, peerhost: this.t.peer.host, listenerId: this.d.listener.id });
    if (this.gone) return { code: Code.PERMISSION_DENY, message: bin('Client socket disconnected') };
    if (!verdict.ok) {
      this.d.ctx.log.warn({ clientid, username, reason: verdict.reason }, 'exproto client login failed');
      return { code: Code.PERMISSION_DENY, message: verdict.reason };
    }
    this.channel = this.d.ctx.openChannel(
      {
        clientid,
        username,
        peerhost: this.t.peer.host,
        peerport: this.t.peer.port,
        listenerId: this.d.listener.id,
        protoName: ci.proto_name || 'exproto',
        protoVer: ci.proto_ver || '1.0',
        keepalive: 0,
        cleanStart: true,
        isSuperuser: verdict.isSuperuser,
        mountpoint: this.d.listener.mountpoint,
      },
      { deliver: (m) => this.deliver(m), kick: (r) => this.shutdown(r) },
    );
    this.state = 'connected';
    return { code: Code.SUCCESS };
  }

  startKeepalive(interval: number): CodeResponse {
    if (this.gone) return notAlive();
    clearTimeout(this.idleTimer);
    clearInterval(this.keepaliveTimer);
    this.channel?.update({ keepalive: interval });
    // emqx_keepalive: checked every interval against the bytes received at the previous check, the first check always
    // passes (its reference is 0): a silent device is closed between one and two intervals after its last bytes
    let seen = -1;
    this.keepaliveTimer = setInterval(() => {
      if (this.recvCount !== seen) {
        seen = this.recvCount;
        return;
      }
      clearInterval(this.keepaliveTimer);
      this.closedReason ??= 'keepalive_timeout';
      this.dispatch('OnTimerTimeout', { conn: this.id, type: 'KEEPALIVE' });
      this.shutdown('keepalive_timeout');
    }, interval * 1000);
    return { code: Code.SUCCESS };
  }

  async publish(topic: string, qos: 0 | 1 | 2, payload: Buffer): Promise<CodeResponse> {
    if (this.gone) return notAlive();
    if (this.state !== 'connected' || !this.channel) return unexpected();
    const r = await this.channel.publish(topic, payload, { qos });
    return r === 'denied' ? { code: Code.PERMISSION_DENY, message: bin('Authorization deny') } : { code: Code.SUCCESS };
  }

  async subscribe(topic: string, qos: 0 | 1 | 2): Promise<CodeResponse> {
    if (this.gone) return notAlive();
    if (this.state !== 'connected' || !this.channel) return unexpected();
    try {
      const r = await this.channel.subscribe(topic, qos);
      return r === 'denied' ? { code: Code.PERMISSION_DENY, message: bin('Authorization deny') } : { code: Code.SUCCESS };
    } catch (err) {
      return { code: Code.PARAMS_TYPE_ERROR, message: bin((err as Error).message) };
    }
  }

  async unsubscribe(topic: string): Promise<CodeResponse> {
    if (this.gone) return notAlive();
    if (this.state !== 'connected' || !this.channel) return unexpected();
    await this.channel.unsubscribe(topic);
    return { code: Code.SUCCESS };
  }

  private deliver(m: DeliveredMessage): void {
    this.dispatch('OnReceivedMessages', {
      conn: this.id,
      messages: [{ node: this.d.node, id: m.id, qos: m.qos, from: m.from ?? '', topic: m.topic, payload: m.payload, timestamp: m.timestamp }],
    });
  }
}

const notAlive = (): CodeResponse => ({ code: Code.CONN_PROCESS_NOT_ALIVE, message: bin('Connection process is not alive') });
/** a call a connection does not take in its state (EMQX: {error,unexpected_call} rendered as UNKNOWN) */
const unexpected = (): CodeResponse => ({ code: Code.UNKNOWN, message: '{error,unexpected_call}' });

const snake = (m: string) => m.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
