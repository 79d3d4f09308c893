/**
 * A LwM2M client for the tests, written from OMA-TS-LightweightM2M-V1_0_2 (registration interface §5.3, TLV §6.4.3)
 * over RFC 7252 messages framed by `coap-packet`: one UDP socket (one peer address, as a device has), CON requests
 * with their piggybacked answers, answers to the gateway's requests.
 */
import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { generate, parse, type OptionName, type ParsedPacket } from 'coap-packet';
import { waitFor } from '../../../shared/testing';

export type Opt = { name: OptionName; value: Buffer };
export const uint = (n: number): Buffer => {
  const out: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v & 0xff);
  return Buffer.from(out);
};
export const opts = (p: ParsedPacket, name: string): Buffer[] => p.options.filter((o) => String(o.name) === name).map((o) => Buffer.from(o.value));
export const uintOpt = (p: ParsedPacket, name: string): number | undefined => {
  const v = opts(p, name)[0];
  return v === undefined ? undefined : [...v].reduce((a, b) => a * 256 + b, 0);
};
export const path = (p: ParsedPacket): string => '/' + opts(p, 'Uri-Path').map(String).join('/');

/** A LwM2M client on its own UDP socket (one peer address, as a device has). */
export class Device {
  private readonly inbox: ParsedPacket[] = [];
  private mid = 100;
  constructor(
    readonly sock: Socket,
    private readonly port: number,
  ) {
    sock.on('message', (b: Buffer) => this.inbox.push(parse(b)));
  }

  static async open(port: number): Promise<Device> {
    const sock = createSocket('udp4');
    sock.bind(0, '127.0.0.1');
    await once(sock, 'listening');
    return new Device(sock, port);
  }

  send(p: Partial<ParsedPacket> & { options?: Opt[] }): void {
    this.sock.send(generate(p), this.port, '127.0.0.1');
  }

  /** the next datagram matching `pred` */
  async next(pred: (p: ParsedPacket) => boolean, what: string, timeoutMs = 10_000): Promise<ParsedPacket> {
    let found: ParsedPacket | undefined;
    await waitFor(
      () => {
        const i = this.inbox.findIndex(pred);
        if (i >= 0) found = this.inbox.splice(i, 1)[0];
        return found !== undefined;
      },
      timeoutMs,
      what,
    );
    return found!;
  }

  /** a request from the gateway (CON) */
  nextRequest(what: string): Promise<ParsedPacket> {
    return this.next((p) => p.confirmable && p.code.startsWith('0.'), what);
  }

  pending(): ParsedPacket[] {
    return [...this.inbox];
  }

  /** a CON request; resolves with the piggybacked answer */
  async request(code: string, segs: string[], query: string[], payload = '', contentFormat?: number): Promise<ParsedPacket> {
    const messageId = ++this.mid;
    const options: Opt[] = [
      ...segs.map((s): Opt => ({ name: 'Uri-Path', value: Buffer.from(s) })),
      ...(contentFormat !== undefined ? [{ name: 'Content-Format' as const, value: uint(contentFormat) }] : []),
      ...query.map((q): Opt => ({ name: 'Uri-Query', value: Buffer.from(q) })),
    ];
    this.send({ confirmable: true, code, messageId, token: Buffer.from([messageId & 0xff, 0x42]), options, payload: Buffer.from(payload) });
    return this.next((p) => p.ack && p.messageId === messageId, `the answer to ${code} /${segs.join('/')}`);
  }

  /** answers a gateway request piggybacked in the ACK */
  answer(req: ParsedPacket, code: string, payload: Buffer | string, extra: Opt[] = []): void {
    this.send({ ack: true, code, messageId: req.messageId, token: req.token, options: extra, payload: Buffer.from(payload) });
  }

  close(): void {
    this.sock.close();
  }
}

/** TLV resource with value (§6.4.3.1): type 11, 8-bit id, length inline (< 8) or in one byte */
export const tlvRes = (id: number, value: Buffer): Buffer =>
  value.length < 8 ? Buffer.concat([Buffer.from([0xc0 | value.length, id]), value]) : Buffer.concat([Buffer.from([0xc8, id, value.length]), value]);

/** The JSON messages an MQTT subscriber got, and `message(topic, pred)` that waits for (and takes) the first match. */
export function jsonInbox() {
  const got: Array<{ topic: string; body: Record<string, unknown> }> = [];
  const push = (topic: string, p: Buffer) => got.push({ topic, body: JSON.parse(p.toString()) as Record<string, unknown> });
  const message = async (topic: string, pred: (b: Record<string, unknown>) => boolean = () => true): Promise<Record<string, unknown>> => {
    let found: Record<string, unknown> | undefined;
    await waitFor(
      () => {
        const i = got.findIndex((m) => m.topic === topic && pred(m.body));
        if (i >= 0) found = got.splice(i, 1)[0].body;
        return found !== undefined;
      },
      10_000,
      `an MQTT message on ${topic}`,
    );
    return found!;
  };
  return { got, push, message };
}
