/**
 * A bare MQTT-SN client for tests: it sends literal octets (as the specification's tables give them) over UDP and
 * hands back the datagrams the gateway sends, in order. It does not use the gateway's codec.
 */
import dgram from 'node:dgram';

export interface SnTestClient {
  port: number;
  send(bytes: number[] | Buffer): void;
  /** the next datagram from the gateway (waits up to `ms`) */
  next(ms?: number): Promise<Buffer>;
  /** datagrams received and not taken yet */
  queued(): number;
  close(): Promise<void>;
}

export const str = (s: string): number[] => [...Buffer.from(s, 'utf8')];
export const u16 = (n: number): number[] => [(n >> 8) & 0xff, n & 0xff];

/** Length-prefixed message: [len, type, ...body] (1-octet length, body < 254 octets). */
export const msg = (type: number, ...body: number[]): number[] => [body.length + 2, type, ...body];

export async function snClient(gatewayPort: number): Promise<SnTestClient> {
  const sock = dgram.createSocket('udp4');
  const inbox: Buffer[] = [];
  const waiters: Array<(b: Buffer) => void> = [];
  sock.on('message', (b) => {
    const w = waiters.shift();
    if (w) w(b);
    else inbox.push(b);
  });
  await new Promise<void>((resolve) => sock.bind(0, '127.0.0.1', () => resolve()));
  return {
    port: sock.address().port,
    send(bytes) {
      sock.send(Buffer.from(bytes), gatewayPort, '127.0.0.1');
    },
    next(ms = 10_000) {
      const b = inbox.shift();
      if (b) return Promise.resolve(b);
      return new Promise<Buffer>((resolve, reject) => {
        const t = setTimeout(() => {
          const i = waiters.indexOf(done);
          if (i >= 0) waiters.splice(i, 1);
          reject(new Error(`no datagram from the gateway within ${ms} ms`));
        }, ms);
        const done = (buf: Buffer) => {
          clearTimeout(t);
          resolve(buf);
        };
        waiters.push(done);
      });
    },
    queued: () => inbox.length,
    close: () => new Promise<void>((resolve) => sock.close(() => resolve())),
  };
}
