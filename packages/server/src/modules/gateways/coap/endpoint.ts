/**
 * The CoAP message layer (RFC 7252 §4) over one UDP socket: duplicate detection of incoming requests (the cached
 * answer is sent again), retransmission of our confirmable messages with exponential back-off, and matching of
 * responses to the requests we send (piggybacked or separate). Shared by the CoAP and LwM2M gateways; everything
 * above it (paths, observe, sessions) belongs to the gateway that owns the endpoint.
 */
import type { RemoteInfo, Socket } from 'node:dgram';
import { randomInt } from 'node:crypto';
import { decode, emptyAck, encode, isEmpty, isRequest, reset, type CoapMessage } from './message';

/** RFC 7252 §4.8 transmission parameters (EMQX's emqx_coap_transport uses the same). */
export const ACK_TIMEOUT_MS = 2000;
export const ACK_RANDOM_FACTOR = 1.5;
export const MAX_RETRANSMIT = 4;
export const EXCHANGE_LIFETIME_MS = 247_000;
export const NON_LIFETIME_MS = 145_000;

export interface Peer {
  address: string;
  port: number;
}

export function peerKey(p: Peer): string {
  return p.address.includes(':') ? `[${p.address}]:${p.port}` : `${p.address}:${p.port}`;
}

export type ConfirmResult = 'ack' | 'reset' | 'timeout';

export interface EndpointHandlers {
  /** Every datagram from a peer, decodable or not (keepalive counts packets). */
  onDatagram?(peer: Peer, bytes: number): void;
  /** Every datagram we send (retransmissions included), for traffic stats. */
  onSent?(peer: Peer, bytes: number): void;
  /**
   * A new (non-duplicate) request. The returned message is the answer (an ACK for a CON request, a NON for a NON
   * one); undefined sends nothing, as EMQX does for requests it ignores.
   */
  onRequest(peer: Peer, req: CoapMessage): Promise<CoapMessage | undefined> | CoapMessage | undefined;
  /** An RST or a response nobody waits for, carrying the token of something we sent (e.g. an observe notification). */
  onReset?(peer: Peer, token: Buffer, messageId: number): void;
  /**
   * A response (CON or NON) that answers none of the requests sent with request(): e.g. an observe notification or the
   * separate response to a request sent with sendConfirmable. true = taken (a CON one is acknowledged); otherwise RST.
   */
  onResponse?(peer: Peer, msg: CoapMessage): boolean;
  onDecodeError?(peer: Peer, err: Error): void;
}

interface Outstanding {
  peer: Peer;
  buf: Buffer;
  timer: NodeJS.Timeout;
  token: Buffer;
  resolve(r: ConfirmResult, msg?: CoapMessage): void;
}

interface PendingRequest {
  resolve(m: CoapMessage): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout;
}

interface Seen {
  expires: number;
  /** The answer once it exists; while the handler runs a duplicate is ignored. */
  reply?: Buffer;
}

export class CoapEndpoint {
  private nextMid = randomInt(1, 0xffff);
  private readonly outstanding = new Map<string, Outstanding>();
  private readonly requests = new Map<string, PendingRequest>();
  private readonly seen = new Map<string, Seen>();
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;

  constructor(
    readonly socket: Socket,
    private readonly handlers: EndpointHandlers,
  ) {
    socket.on('message', (buf: Buffer, rinfo: RemoteInfo) => this.onMessage(buf, { address: rinfo.address, port: rinfo.port }));
    this.sweeper = setInterval(() => this.sweep(), 10_000);
    this.sweeper.unref();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    for (const o of this.outstanding.values()) {
      clearTimeout(o.timer);
      o.resolve('timeout');
    }
    this.outstanding.clear();
    for (const r of this.requests.values()) {
      clearTimeout(r.timer);
      r.reject(new Error('endpoint closed'));
    }
    this.requests.clear();
  }

  allocMessageId(): number {
    const id = this.nextMid;
    this.nextMid = this.nextMid >= 0xffff ? 1 : this.nextMid + 1;
    return id;
  }

  newToken(): Buffer {
    return Buffer.from(randomInt(0, 0xffffffff).toString(16).padStart(8, '0'), 'hex');
  }

  private write(buf: Buffer, peer: Peer): void {
    this.socket.send(buf, peer.port, peer.address);
    this.handlers.onSent?.(peer, buf.length);
  }

  /** Sends without reliability (NON, ACK, RST). */
  send(peer: Peer, msg: CoapMessage): void {
    if (this.closed) return;
    this.write(encode(msg), peer);
  }

  /**
   * Sends a CON message (a fresh message id is set) and settles when the peer acknowledges it, resets it, or the
   * retransmissions run out. A piggybacked answer comes with the 'ack'.
   */
  sendConfirmable(peer: Peer, msg: Omit<CoapMessage, 'messageId' | 'type'>): Promise<{ result: ConfirmResult; reply?: CoapMessage }> {
    const messageId = this.allocMessageId();
    const full: CoapMessage = { ...msg, type: 'CON', messageId };
    const buf = encode(full);
    const key = `${peerKey(peer)}#${messageId}`;
    return new Promise((resolve) => {
      if (this.closed) return resolve({ result: 'timeout' });
      let timeout = ACK_TIMEOUT_MS * (1 + Math.random() * (ACK_RANDOM_FACTOR - 1));
      let tries = 0;
      const fire = (): void => {
        if (tries >= MAX_RETRANSMIT) {
          this.outstanding.delete(key);
          resolve({ result: 'timeout' });
          return;
        }
        tries += 1;
        timeout *= 2;
        this.write(buf, peer);
        entry.timer = setTimeout(fire, timeout);
      };
      const entry: Outstanding = {
        peer,
        buf,
        token: full.token,
        timer: setTimeout(fire, timeout),
        resolve: (result, reply) => {
          resolve(reply ? { result, reply } : { result });
        },
      };
      this.outstanding.set(key, entry);
      this.write(buf, peer);
    });
  }

  /**
   * A confirmable request to the peer; resolves with its response (piggybacked or separate). The token is a fresh one
   * unless the caller names it (the CoAP request API sends the operator's token, possibly empty).
   */
  async request(peer: Peer, msg: Omit<CoapMessage, 'messageId' | 'type' | 'token'>, timeoutMs: number, token: Buffer = this.newToken()): Promise<CoapMessage> {
    const rkey = `${peerKey(peer)}#t${token.toString('hex')}`;
    let entry!: PendingRequest;
    // another request with the same token (the API's operator-chosen one) may take the key later: each request
    // settles its own entry and removes the key only while it is still its own
    const release = (): void => {
      if (this.requests.get(rkey) === entry) this.requests.delete(rkey);
      clearTimeout(entry.timer);
    };
    const answer = new Promise<CoapMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        release();
        reject(new Error('timeout'));
      }, timeoutMs);
      entry = { resolve, reject, timer };
      this.requests.set(rkey, entry);
    });
    void this.sendConfirmable(peer, { ...msg, token }).then(({ result, reply }) => {
      if (result === 'ack' && reply && !isEmpty(reply)) {
        release();
        entry.resolve(reply);
      } else if (result !== 'ack') {
        release();
        entry.reject(new Error(result));
      }
      // an empty ACK: the separate response arrives later with the same token
    });
    return answer;
  }

  private onMessage(buf: Buffer, peer: Peer): void {
    this.handlers.onDatagram?.(peer, buf.length);
    let msg: CoapMessage;
    try {
      msg = decode(buf);
    } catch (e) {
      this.handlers.onDecodeError?.(peer, e as Error);
      return;
    }
    const pk = peerKey(peer);
    if (msg.type === 'ACK' || msg.type === 'RST') {
      const key = `${pk}#${msg.messageId}`;
      const o = this.outstanding.get(key);
      if (o) {
        clearTimeout(o.timer);
        this.outstanding.delete(key);
        if (msg.type === 'RST') {
          this.handlers.onReset?.(peer, o.token, msg.messageId);
          o.resolve('reset');
        } else o.resolve('ack', msg);
      }
      return;
    }
    if (isEmpty(msg)) {
      // CoAP ping (an empty CON) is answered with RST (RFC 7252 §4.3); an empty NON is ignored.
      if (msg.type === 'CON') this.send(peer, reset(msg.messageId));
      return;
    }
    if (isRequest(msg)) {
      this.onRequest(peer, pk, msg);
      return;
    }
    // A separate response (CON or NON) to one of our requests.
    const rkey = `${pk}#t${msg.token.toString('hex')}`;
    const pending = this.requests.get(rkey);
    if (pending) {
      this.requests.delete(rkey);
      clearTimeout(pending.timer);
      if (msg.type === 'CON') this.send(peer, emptyAck(msg.messageId));
      pending.resolve(msg);
      return;
    }
    if (this.handlers.onResponse?.(peer, msg)) {
      if (msg.type === 'CON') this.send(peer, emptyAck(msg.messageId));
      return;
    }
    this.send(peer, reset(msg.messageId));
  }

  private onRequest(peer: Peer, pk: string, req: CoapMessage): void {
    const key = `${pk}#r${req.messageId}`;
    const dup = this.seen.get(key);
    if (dup && dup.expires > Date.now()) {
      if (dup.reply) this.write(dup.reply, peer);
      return;
    }
    const entry: Seen = { expires: Date.now() + (req.type === 'CON' ? EXCHANGE_LIFETIME_MS : NON_LIFETIME_MS) };
    this.seen.set(key, entry);
    const finish = (answer: CoapMessage | undefined): void => {
      if (!answer || this.closed) return;
      const out = encode(answer);
      entry.reply = out;
      this.write(out, peer);
    };
    let result: Promise<CoapMessage | undefined> | CoapMessage | undefined;
    try {
      result = this.handlers.onRequest(peer, req);
    } catch (e) {
      this.handlers.onDecodeError?.(peer, e as Error);
      return;
    }
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<CoapMessage | undefined>).then(finish, (e: unknown) => this.handlers.onDecodeError?.(peer, e as Error));
    } else finish(result as CoapMessage | undefined);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [k, v] of this.seen) if (v.expires <= now) this.seen.delete(k);
  }
}
