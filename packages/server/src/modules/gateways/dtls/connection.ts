/**
 * One peer's DTLS 1.2 association (RFC 6347): the server side of the full handshake after a valid cookie, flights
 * retransmitted on timeout (§4.2.4, 1 s doubling to 60 s) or when the client repeats its previous flight, then
 * application data under AES-128-GCM at epoch 1, alerts and close_notify.
 *
 *   ClientHello(cookie) ->  <- ServerHello, Certificate, ServerKeyExchange, [CertificateRequest], ServerHelloDone
 *   [Certificate], ClientKeyExchange, [CertificateVerify], ChangeCipherSpec, Finished ->  <- ChangeCipherSpec, Finished
 */
import { randomBytes, timingSafeEqual, type X509Certificate } from 'node:crypto';
import { chooseGroup, ephemeral, type Ephemeral } from './ecdhe';
import { HS, Reassembler, fragmentMessage, fullMessage, parseFragments } from './handshake';
import { ACCEPTED_CLIENT_SIGS, signWith, verifyClientChain, verifyWith, type DtlsPolicy } from './identity';

export type { DtlsPolicy } from './identity';
import {
  ALERT,
  ALERT_NAME,
  Alert,
  DecodeError,
  EXT,
  SUITE,
  alertBody,
  certificateMessage,
  certificateRequest,
  clientGroups,
  clientSigAlgs,
  digitallySigned,
  ecdhParams,
  parseCertificateMessage,
  parseDigitallySigned,
  parseEcdhClientKeyExchange,
  serverHello,
  type ClientHello,
} from './messages';
import { finishedData, keyBlock, masterSecret, sha256 } from './prf';
import { CONTENT, DTLS12, GcmProtection, ReplayWindow, recordHeader, type DtlsRecord } from './record';

export interface ConnectionHost {
  policy: DtlsPolicy;
  /** writes a datagram to the peer */
  write(datagram: Buffer): void;
  /** decrypted application data */
  data(payload: Buffer): void;
  /** the association ended (close_notify, fatal alert, timeout); `reason` is for the log */
  closed(reason: string, established: boolean): void;
  log(level: 'debug' | 'warn', obj: object, msg: string): void;
}

/** handshake fragment body size: flights stay below a 1280-byte IPv6 minimum MTU with headers and GCM overhead */
const MAX_FRAGMENT = 1000;
const MAX_DATAGRAM = 1200;
const INITIAL_RTO = 1000;
const MAX_RTO = 60_000;

type Pending = { type: number; epoch: number; body: Buffer };
type Expect = 'certificate' | 'client_key_exchange' | 'certificate_verify' | 'change_cipher_spec' | 'finished' | 'done';

export class DtlsConnection {
  established = false;
  /** when a record last authenticated from the peer (Date.now()) */
  lastActivity = Date.now();
  private closedFlag = false;
  private readonly reasm: Reassembler;
  private sendSeq: number;
  private readonly transcript: Buffer[] = [];
  private writeEpoch = 0;
  private readonly writeSeq = [0, 0];
  private readonly replay = [new ReplayWindow(), new ReplayWindow()];
  private readCipher?: GcmProtection;
  private writeCipher?: GcmProtection;
  private pendingRead?: GcmProtection;
  private pendingWrite?: GcmProtection;
  private flight: Pending[] = [];
  private rto = INITIAL_RTO;
  private timer?: NodeJS.Timeout;
  private readonly deadline: NodeJS.Timeout;
  private expect: Expect = 'client_key_exchange';
  private readonly serverRandom = randomBytes(32);
  private clientRandom: Buffer = Buffer.alloc(0);
  private eph?: Ephemeral;
  private ems = false;
  private master?: Buffer;
  private clientCert?: X509Certificate;
  private lastRetransmitAt = 0;

  constructor(
    private readonly host: ConnectionHost,
    firstRecordSeq: number,
    clientHelloSeq: number,
  ) {
    this.reasm = new Reassembler(clientHelloSeq + 1);
    this.sendSeq = clientHelloSeq;
    // RFC 6347 §4.2.1: the server's records continue from the sequence number of the ClientHello it answers
    this.writeSeq[0] = firstRecordSeq;
    this.replay[0].mark(firstRecordSeq);
    this.deadline = setTimeout(() => {
      if (!this.established) this.fail(ALERT.handshake_failure, 'handshake did not complete within handshake_timeout', 'debug');
    }, host.policy.handshakeTimeoutMs);
    this.deadline.unref();
  }

  /** the ClientHello that carried a valid cookie, as its whole message for the transcript */
  start(ch: ClientHello, raw: Buffer): void {
    try {
      this.transcript.push(raw);
      this.onClientHello(ch);
    } catch (err) {
      this.onError(err);
    }
  }

  /** one record from the peer */
  receive(rec: DtlsRecord): void {
    if (this.closedFlag) return;
    try {
      this.onRecord(rec);
    } catch (err) {
      this.onError(err);
    }
  }

  /** application data to the peer; false before the handshake completed */
  send(payload: Buffer): boolean {
    if (!this.established || this.closedFlag) return false;
    this.host.write(this.record(CONTENT.application_data, payload));
    return true;
  }

  /** close_notify, then forget the association */
  close(reason = 'closed by the server'): void {
    if (this.closedFlag) return;
    this.sendAlert(1, ALERT.close_notify);
    this.finish(reason);
  }

  private onError(err: unknown): void {
    if (err instanceof Alert) this.fail(err.description, err.message, 'warn');
    else if (err instanceof DecodeError) this.fail(ALERT.decode_error, err.message, 'warn');
    else this.fail(ALERT.internal_error, err instanceof Error ? err.message : String(err), 'warn');
  }

  private fail(description: number, reason: string, level: 'debug' | 'warn'): void {
    if (this.closedFlag) return;
    this.host.log(level, { alert: ALERT_NAME[description], reason }, 'dtls: handshake refused, fatal alert sent');
    this.sendAlert(2, description);
    this.finish(`${ALERT_NAME[description]}: ${reason}`);
  }

  private finish(reason: string): void {
    this.closedFlag = true;
    clearTimeout(this.timer);
    clearTimeout(this.deadline);
    this.host.closed(reason, this.established);
  }

  private sendAlert(level: 1 | 2, description: number): void {
    this.host.write(this.record(CONTENT.alert, alertBody(level, description)));
  }

  /** one record at the current write epoch, sealed from epoch 1 on */
  private record(type: number, body: Buffer, epoch = this.writeEpoch): Buffer {
    const seq = this.writeSeq[epoch]++;
    const payload = epoch === 0 ? body : this.writeCipher!.seal(type, DTLS12, epoch, seq, body);
    return Buffer.concat([recordHeader(type, DTLS12, epoch, seq, payload.length), payload]);
  }

  private onRecord(rec: DtlsRecord): void {
    if (rec.epoch > 1 || !this.replay[rec.epoch].check(rec.seq)) return;
    let body = rec.fragment;
    if (rec.epoch === 1) {
      // epoch 1 records are read only once the client's ChangeCipherSpec arrived (earlier ones come again)
      if (!this.readCipher) return;
      const plain = this.readCipher.open(rec);
      if (!plain) return; // RFC 6347 §4.1.2.7: invalid records are dropped silently
      body = plain;
    } else if (rec.type === CONTENT.application_data) {
      return; // application data is never plaintext
    }
    this.replay[rec.epoch].mark(rec.seq);
    this.lastActivity = Date.now();
    switch (rec.type) {
      case CONTENT.handshake:
        return this.onHandshakeRecord(rec.epoch, body);
      case CONTENT.change_cipher_spec:
        return this.onChangeCipherSpec(body);
      case CONTENT.alert:
        return this.onAlert(body);
      case CONTENT.application_data:
        if (rec.epoch !== 1 || !this.established) return;
        this.host.data(body);
        return;
    }
  }

  private onAlert(body: Buffer): void {
    if (body.length !== 2) return;
    const [level, description] = body;
    if (description === ALERT.close_notify) {
      this.sendAlert(1, ALERT.close_notify);
      this.finish('close_notify from the peer');
    } else if (level === 2) {
      this.host.log('debug', { alert: ALERT_NAME[description] ?? description }, 'dtls: fatal alert from the peer');
      this.finish(`fatal alert ${ALERT_NAME[description] ?? description} from the peer`);
    }
  }

  private onChangeCipherSpec(body: Buffer): void {
    if (body.length !== 1 || body[0] !== 1) throw new Alert(ALERT.unexpected_message, 'malformed ChangeCipherSpec');
    if (this.expect !== 'change_cipher_spec') {
      // a repeated flight after our Finished: the client did not get it
      if (this.established) this.retransmit();
      return;
    }
    this.readCipher = this.pendingRead;
    this.expect = 'finished';
  }

  private onHandshakeRecord(epoch: number, body: Buffer): void {
    const frags = parseFragments(body);
    if (!frags) throw new DecodeError('malformed handshake fragment');
    for (const f of frags) {
      if (this.established && epoch === 0 && f.msgType === HS.client_hello) return; // a new handshake is the socket's business
      const r = this.reasm.add(f);
      if (r === 'old') {
        this.retransmit();
        continue;
      }
      if (r === 'bad') throw new DecodeError('inconsistent handshake fragments');
    }
    for (let m = this.reasm.next(); m; m = this.reasm.next()) {
      if (this.closedFlag) return;
      if (m.msgType === HS.finished && epoch !== 1) throw new Alert(ALERT.unexpected_message, 'Finished before ChangeCipherSpec');
      this.onMessage(m.msgType, m.messageSeq, m.body);
    }
  }

  /** the client repeated its previous flight: ours was lost; resend it at most once per 250 ms */
  private retransmit(): void {
    if (Date.now() - this.lastRetransmitAt < 250 || this.flight.length === 0) return;
    this.lastRetransmitAt = Date.now();
    this.sendFlight();
  }

  private onMessage(type: number, seq: number, body: Buffer): void {
    const raw = fullMessage(type, seq, body);
    const policy = this.host.policy;
    switch (this.expect) {
      case 'certificate': {
        if (type !== HS.certificate) throw new Alert(ALERT.unexpected_message, `expected Certificate, got handshake type ${type}`);
        this.transcript.push(raw);
        const chain = parseCertificateMessage(body);
        this.stopTimer(); // the client's flight is arriving
        if (chain.length === 0) {
          if (policy.failIfNoPeerCert) throw new Alert(ALERT.handshake_failure, 'the client sent no certificate and fail_if_no_peer_cert is true');
        } else {
          const v = verifyClientChain(chain, policy.cas, policy.depth);
          if (!v.ok) throw new Alert(ALERT[v.alert], v.reason);
          this.clientCert = v.leaf;
        }
        this.expect = 'client_key_exchange';
        return;
      }
      case 'client_key_exchange': {
        if (type !== HS.client_key_exchange) throw new Alert(ALERT.unexpected_message, `expected ClientKeyExchange, got handshake type ${type}`);
        this.stopTimer();
        this.transcript.push(raw);
        let pms: Buffer;
        try {
          pms = this.eph!.derive(parseEcdhClientKeyExchange(body));
        } catch (err) {
          throw new Alert(ALERT.illegal_parameter, `invalid ECDHE public value: ${(err as Error).message}`);
        }
        this.master = masterSecret(pms, this.clientRandom, this.serverRandom, this.ems ? sha256(Buffer.concat(this.transcript)) : undefined);
        const kb = keyBlock(this.master, this.clientRandom, this.serverRandom);
        this.pendingRead = new GcmProtection(kb.clientKey, kb.clientIv);
        this.pendingWrite = new GcmProtection(kb.serverKey, kb.serverIv);
        this.expect = this.clientCert ? 'certificate_verify' : 'change_cipher_spec';
        return;
      }
      case 'certificate_verify': {
        if (type !== HS.certificate_verify) throw new Alert(ALERT.unexpected_message, `expected CertificateVerify, got handshake type ${type}`);
        const { sigAlg, signature } = parseDigitallySigned(body);
        if (!ACCEPTED_CLIENT_SIGS.includes(sigAlg as (typeof ACCEPTED_CLIENT_SIGS)[number]))
          throw new Alert(ALERT.illegal_parameter, `CertificateVerify uses an algorithm we did not offer (0x${sigAlg.toString(16)})`);
        if (!verifyWith(sigAlg, this.clientCert!, Buffer.concat(this.transcript), signature))
          throw new Alert(ALERT.decrypt_error, 'the CertificateVerify signature does not match the client certificate');
        this.transcript.push(raw);
        this.expect = 'change_cipher_spec';
        return;
      }
      case 'finished': {
        if (type !== HS.finished) throw new Alert(ALERT.unexpected_message, `expected Finished, got handshake type ${type}`);
        const expected = finishedData(this.master!, 'client', sha256(Buffer.concat(this.transcript)));
        if (body.length !== 12 || !timingSafeEqual(body, expected)) throw new Alert(ALERT.decrypt_error, 'the client Finished does not verify');
        this.transcript.push(raw);
        const verify = finishedData(this.master!, 'server', sha256(Buffer.concat(this.transcript)));
        this.writeCipher = this.pendingWrite;
        this.flight = [
          { type: CONTENT.change_cipher_spec, epoch: 0, body: Buffer.from([1]) },
          { type: CONTENT.handshake, epoch: 1, body: fullMessage(HS.finished, this.sendSeq++, verify) },
        ];
        this.writeEpoch = 1;
        this.sendFlight();
        this.expect = 'done';
        this.established = true;
        clearTimeout(this.deadline);
        this.transcript.length = 0;
        this.host.log('debug', { peerCert: this.clientCert?.subject }, 'dtls: handshake complete');
        return;
      }
      default:
        throw new Alert(ALERT.unexpected_message, `unexpected handshake type ${type}`);
    }
  }

  private onClientHello(ch: ClientHello): void {
    const policy = this.host.policy;
    if (ch.version > 0xfefd) throw new Alert(ALERT.protocol_version, 'the client offers only DTLS 1.0; DTLS 1.2 is required');
    if (!ch.compressions.includes(0)) throw new Alert(ALERT.illegal_parameter, 'the client offers no null compression');
    const suite = policy.identity.suite;
    if (!ch.suites.includes(suite) || (policy.suites.length > 0 && !policy.suites.includes(suite))) {
      throw new Alert(ALERT.handshake_failure, `no cipher suite in common (the server offers 0x${suite.toString(16)} for its certificate)`);
    }
    const groups = clientGroups(ch);
    const certGroup = policy.identity.curveGroup;
    if (certGroup !== undefined && groups.length > 0 && !groups.includes(certGroup))
      throw new Alert(ALERT.handshake_failure, 'the client does not support the curve of the server certificate');
    const group = chooseGroup(groups);
    if (group === undefined) throw new Alert(ALERT.handshake_failure, 'no elliptic curve in common (x25519, secp256r1, secp384r1)');
    const sigAlg = policy.identity.sigAlg(clientSigAlgs(ch));
    if (sigAlg === undefined) throw new Alert(ALERT.handshake_failure, 'no signature algorithm in common for the server certificate');
    this.clientRandom = ch.random;
    this.ems = ch.extensions.has(EXT.extended_master_secret);
    const exts: Array<[number, Buffer]> = [];
    if (ch.extensions.has(EXT.renegotiation_info) || ch.suites.includes(SUITE.EMPTY_RENEGOTIATION_INFO_SCSV)) exts.push([EXT.renegotiation_info, Buffer.from([0])]);
    if (ch.extensions.has(EXT.ec_point_formats)) exts.push([EXT.ec_point_formats, Buffer.from([1, 0])]);
    if (this.ems) exts.push([EXT.extended_master_secret, Buffer.alloc(0)]);

    this.eph = ephemeral(group);
    const params = ecdhParams(group, this.eph.publicKey);
    const signature = signWith(sigAlg, policy.identity.key, Buffer.concat([this.clientRandom, this.serverRandom, params]));
    const messages: Array<[number, Buffer]> = [
      [HS.server_hello, serverHello(this.serverRandom, suite, exts)],
      [HS.certificate, certificateMessage(policy.identity.chain)],
      [HS.server_key_exchange, Buffer.concat([params, digitallySigned(sigAlg, signature)])],
    ];
    if (policy.verifyPeer) messages.push([HS.certificate_request, certificateRequest(ACCEPTED_CLIENT_SIGS, [])]);
    messages.push([HS.server_hello_done, Buffer.alloc(0)]);
    this.flight = [];
    for (const [type, body] of messages) {
      const seq = this.sendSeq++;
      this.transcript.push(fullMessage(type, seq, body));
      for (const frag of fragmentMessage(type, seq, body, MAX_FRAGMENT)) this.flight.push({ type: CONTENT.handshake, epoch: 0, body: frag });
    }
    this.expect = policy.verifyPeer ? 'certificate' : 'client_key_exchange';
    this.sendFlight();
    this.armTimer();
  }

  /** writes the current flight, records packed into datagrams of at most MAX_DATAGRAM bytes, with fresh sequence numbers */
  private sendFlight(): void {
    let datagram: Buffer[] = [];
    let size = 0;
    for (const p of this.flight) {
      const rec = this.record(p.type, p.body, p.epoch);
      if (size > 0 && size + rec.length > MAX_DATAGRAM) {
        this.host.write(Buffer.concat(datagram));
        datagram = [];
        size = 0;
      }
      datagram.push(rec);
      size += rec.length;
    }
    if (size > 0) this.host.write(Buffer.concat(datagram));
  }

  private armTimer(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.closedFlag || this.established) return;
      this.rto = Math.min(this.rto * 2, MAX_RTO);
      this.host.log('debug', { rtoMs: this.rto }, 'dtls: no answer to the server flight, retransmitting');
      this.sendFlight();
      this.armTimer();
    }, this.rto);
    this.timer.unref();
  }

  private stopTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
