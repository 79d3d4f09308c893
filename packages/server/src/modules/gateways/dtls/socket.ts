/**
 * A DTLS 1.2 server that looks like a node:dgram socket to the UDP gateways: 'message' carries one peer's decrypted
 * datagram with its rinfo, send(buf, port, address) encrypts to an established peer, plus bind/address/close.
 * New peers go through a stateless HelloVerifyRequest cookie exchange before any state is kept (RFC 6347 §4.2.1).
 */
import { X509Certificate } from 'node:crypto';
import dgram, { type RemoteInfo } from 'node:dgram';
import { EventEmitter } from 'node:events';
import { parseDuration } from '../../../config/units';
import type { GatewayContext, GatewayListenerConfig } from '../protocol';
import { CookieJar } from './cookie';
import { DtlsConnection, type ConnectionHost, type DtlsPolicy } from './connection';
import { HS, fullMessage, parseFragments } from './handshake';
import { pemBlocks, serverIdentity } from './identity';
import { DecodeError, SUITE, helloVerifyRequest, parseClientHello } from './messages';
import { CONTENT, DTLS10, parseRecords, recordHeader } from './record';

export interface DtlsLog {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface DtlsSocketOptions {
  type: 'udp4' | 'udp6';
  /** the listener's certificate (chain), key and CA bundle, PEM (GatewayContext.tls) */
  tls: { cert: string | Buffer; key: string | Buffer; ca?: string | Buffer };
  /** the listener's dtls_options as EMQX stores them */
  dtlsOptions: Record<string, unknown>;
  log: DtlsLog;
  /** an established session that hears nothing from its peer this long is forgotten (default 24 h) */
  idleMs?: number;
  /** the listener's access_rules: a refused address gets no handshake (and costs no ECDHE key or signature) */
  allow?: (address: string) => boolean;
}

/** a new peer's handshakes in flight beyond this are dropped (each one costs an ECDHE key and a signature) */
const MAX_HANDSHAKES = 2000;

const CIPHER_NAMES: Record<string, number> = {
  'ECDHE-ECDSA-AES128-GCM-SHA256': SUITE.ECDHE_ECDSA_AES_128_GCM_SHA256,
  TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256: SUITE.ECDHE_ECDSA_AES_128_GCM_SHA256,
  'ECDHE-RSA-AES128-GCM-SHA256': SUITE.ECDHE_RSA_AES_128_GCM_SHA256,
  TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256: SUITE.ECDHE_RSA_AES_128_GCM_SHA256,
};
const OFFERED = 'ECDHE-ECDSA-AES128-GCM-SHA256 (EC certificate) or ECDHE-RSA-AES128-GCM-SHA256 (RSA certificate)';

/** What a listener's dtls_options ask for, checked: throws an Error with a plain sentence for what this server cannot do. */
export function dtlsPolicy(tls: DtlsSocketOptions['tls'], opts: Record<string, unknown>): DtlsPolicy {
  const identity = serverIdentity(tls.cert, tls.key);
  const versions = opts.versions;
  if (Array.isArray(versions) && versions.length > 0 && !versions.includes('dtlsv1.2')) {
    throw new Error('dtls_options.versions must include dtlsv1.2: the DTLS server speaks DTLS 1.2 only.');
  }
  const raw = typeof opts.ciphers === 'string' ? opts.ciphers.split(',') : Array.isArray(opts.ciphers) ? (opts.ciphers as unknown[]) : [];
  const names = raw.map((c) => String(c).trim()).filter(Boolean);
  const suites = names.map((n) => CIPHER_NAMES[n]).filter((s): s is number => s !== undefined);
  if (names.length > 0 && !suites.includes(identity.suite)) {
    throw new Error(`dtls_options.ciphers must include the suite of the listener's certificate: the DTLS server offers ${OFFERED}.`);
  }
  const verifyPeer = opts.verify === 'verify_peer';
  const cas = tls.ca ? pemBlocks(tls.ca).map((d) => new X509Certificate(d)) : [];
  if (verifyPeer && cas.length === 0) throw new Error('dtls_options.verify = verify_peer needs a CA bundle in dtls_options.cacertfile.');
  const depth = typeof opts.depth === 'number' && opts.depth >= 0 ? opts.depth : 10;
  const timeout = parseDuration(opts.handshake_timeout ?? '15s');
  return {
    identity,
    suites,
    verifyPeer,
    failIfNoPeerCert: opts.fail_if_no_peer_cert === true,
    cas,
    depth,
    handshakeTimeoutMs: typeof timeout === 'number' && timeout > 0 ? timeout : 15_000,
  };
}

const peerKey = (address: string, port: number) => `${address}:${port}`;

export class DtlsSocket extends EventEmitter {
  private readonly udp: dgram.Socket;
  private readonly policy: DtlsPolicy;
  private readonly cookies = new CookieJar();
  private readonly conns = new Map<string, { conn: DtlsConnection; rinfo: RemoteInfo }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly opts: DtlsSocketOptions) {
    super();
    this.policy = dtlsPolicy(opts.tls, opts.dtlsOptions);
    this.udp = dgram.createSocket({ type: opts.type, reuseAddr: false });
    this.udp.on('message', (buf, rinfo) => this.onDatagram(buf, rinfo));
    this.udp.on('listening', () => this.emit('listening'));
    this.udp.on('error', (err) => this.emit('error', err));
    this.udp.on('close', () => this.emit('close'));
    const idleMs = opts.idleMs ?? 24 * 3600_000;
    this.sweeper = setInterval(() => this.sweep(idleMs), Math.min(60_000, Math.max(100, idleMs / 4)));
    this.sweeper.unref();
  }

  bind(port: number, host?: string, cb?: () => void): this {
    this.udp.bind(port, host, cb);
    return this;
  }

  address() {
    return this.udp.address();
  }

  setBroadcast(flag: boolean): void {
    this.udp.setBroadcast(flag);
  }

  /** established associations */
  sessions(): number {
    let n = 0;
    for (const { conn } of this.conns.values()) if (conn.established) n++;
    return n;
  }

  /** encrypts `msg` to the peer; the callback gets an error when no DTLS session with it is established */
  send(msg: Buffer | string, port: number, address: string, cb?: (err: Error | null, bytes: number) => void): void {
    const buf = typeof msg === 'string' ? Buffer.from(msg) : msg;
    const entry = this.conns.get(peerKey(address, port));
    const ok = entry?.conn.send(buf) === true;
    if (cb) queueMicrotask(() => (ok ? cb(null, buf.length) : cb(new Error(`no DTLS session with ${address}:${port}`), 0)));
  }

  /** ends the peer's session with close_notify */
  closePeer(address: string, port: number): void {
    this.conns.get(peerKey(address, port))?.conn.close();
  }

  close(cb?: () => void): void {
    clearInterval(this.sweeper);
    for (const { conn } of [...this.conns.values()]) conn.close('listener stopped');
    this.conns.clear();
    this.udp.close(cb);
  }

  /** forgets established sessions idle for `idleMs` (close_notify is sent in case the peer is still there) */
  private sweep(idleMs: number): void {
    const before = Date.now() - idleMs;
    for (const { conn } of [...this.conns.values()]) if (conn.established && conn.lastActivity < before) conn.close('idle');
  }

  private onDatagram(buf: Buffer, rinfo: RemoteInfo): void {
    const key = peerKey(rinfo.address, rinfo.port);
    for (const rec of parseRecords(buf)) {
      const entry = this.conns.get(key);
      // (an established peer's epoch-0 handshake that is not a ClientHello is its repeated last flight: the session's)
      if (rec.type === CONTENT.handshake && rec.epoch === 0 && (!entry || (entry.conn.established && rec.fragment[0] === HS.client_hello))) {
        // only a ClientHello opens (or, from an established peer, re-opens) an association
        this.onClientHello(rec.seq, rec.fragment, rinfo, key);
        continue;
      }
      entry?.conn.receive(rec);
    }
  }

  private onClientHello(recordSeq: number, fragment: Buffer, rinfo: RemoteInfo, key: string): void {
    const frags = parseFragments(fragment);
    const f = frags?.length === 1 ? frags[0] : undefined;
    // a ClientHello must come whole in one record (RFC 6347 §4.2.1 lets the server keep no state before the cookie)
    if (!f || f.msgType !== HS.client_hello || f.offset !== 0 || f.body.length !== f.length) return;
    if (this.opts.allow && !this.opts.allow(rinfo.address)) {
      this.opts.log.debug({ peer: key }, 'dtls: ClientHello from an address the access rules refuse, dropped');
      return;
    }
    let ch;
    try {
      ch = parseClientHello(f.body);
    } catch (err) {
      if (err instanceof DecodeError) this.opts.log.debug({ peer: key, reason: err.message }, 'dtls: malformed ClientHello dropped');
      return;
    }
    if (!this.cookies.valid(rinfo.address, rinfo.port, ch)) {
      const cookie = this.cookies.make(rinfo.address, rinfo.port, ch);
      const body = fullMessage(HS.hello_verify_request, f.messageSeq, helloVerifyRequest(cookie));
      this.udp.send(Buffer.concat([recordHeader(CONTENT.handshake, DTLS10, 0, recordSeq, body.length), body]), rinfo.port, rinfo.address);
      return;
    }
    if (this.conns.size >= MAX_HANDSHAKES + this.sessions()) {
      this.opts.log.warn({ peer: key }, 'dtls: too many handshakes in progress, ClientHello dropped');
      return;
    }
    const old = this.conns.get(key);
    if (old) {
      // the peer started over (RFC 6347 §4.2.8): its old association is gone
      this.conns.delete(key);
      old.conn.close('the peer started a new handshake');
    }
    const host: ConnectionHost = {
      policy: this.policy,
      write: (d) => this.udp.send(d, rinfo.port, rinfo.address),
      data: (payload) => this.emit('message', payload, { ...rinfo, size: payload.length }),
      closed: (reason, established) => {
        if (this.conns.get(key)?.conn === conn) this.conns.delete(key);
        this.opts.log.debug({ peer: key, reason }, 'dtls: session ended');
        if (established) this.emit('peerclose', { address: rinfo.address, port: rinfo.port });
      },
      log: (level, obj, msg) => this.opts.log[level]({ peer: key, ...obj }, msg),
    };
    const conn: DtlsConnection = new DtlsConnection(host, recordSeq, f.messageSeq);
    this.conns.set(key, { conn, rinfo });
    conn.start(ch, fullMessage(HS.client_hello, f.messageSeq, f.body));
  }
}

/**
 * The socket of a UDP gateway listener: plain UDP, or for a `dtls` listener a DtlsSocket with the listener's
 * certificate (GatewayContext.tls) and dtls_options. The DtlsSocket has the part of dgram.Socket the gateways use
 * (bind, address, send, close, setBroadcast, 'message'/'listening'/'error'), hence the cast.
 */
export async function gatewaySocket(ctx: Pick<GatewayContext, 'tls' | 'log' | 'allowed'>, listener: GatewayListenerConfig, type: 'udp4' | 'udp6'): Promise<dgram.Socket> {
  if (listener.type !== 'dtls') return dgram.createSocket({ type, reuseAddr: false });
  const tls = await ctx.tls(listener);
  const dtlsOptions = (listener.raw.dtls_options ?? {}) as Record<string, unknown>;
  const allow = (address: string) => ctx.allowed(listener.id, address);
  return new DtlsSocket({ type, tls, dtlsOptions, log: ctx.log, allow }) as unknown as dgram.Socket;
}
