// Wire-level test helpers: a broker connection over an in-memory duplex pair, raw packets in and out.
import { Duplex } from 'node:stream';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { createBroker, type Broker, type BrokerOptions, type ConnInfo } from '../src/index';

/** two connected in-memory streams: what one writes the other reads */
export function duplexPair(): [Duplex, Duplex] {
  const ends: Duplex[] = [];
  const make = (peer: () => Duplex) =>
    new Duplex({
      read() {},
      write(chunk, _enc, cb) {
        const p = peer();
        if (!p.destroyed) p.push(chunk);
        cb();
      },
      final(cb) {
        peer().push(null);
        cb();
      },
      destroy(err, cb) {
        const p = peer();
        if (!p.destroyed) p.push(null);
        cb(err);
      },
    });
  ends.push(
    make(() => ends[1]),
    make(() => ends[0]),
  );
  return [ends[0], ends[1]];
}

export function newBroker(opts: Partial<BrokerOptions> = {}): Broker {
  return createBroker({ nodeName: 'emqx@127.0.0.1', ...opts });
}

const INFO: ConnInfo = { listener: 'tcp:default', peerhost: '127.0.0.1', peerport: 50000, sockport: 1883, isSsl: false, mountpoint: '' };

export class WireClient {
  readonly packets: Packet[] = [];
  private waiters: Array<(p: Packet) => void> = [];
  private parser: ReturnType<typeof mqttPacket.parser>;
  closed = false;
  private closeWaiters: Array<() => void> = [];

  constructor(
    readonly stream: Duplex,
    public protocolVersion: 3 | 4 | 5,
  ) {
    this.parser = mqttPacket.parser({ protocolVersion });
    this.parser.on('packet', (p: Packet) => {
      const w = this.waiters.shift();
      if (w) w(p);
      else this.packets.push(p);
    });
    stream.on('data', (d: Buffer) => this.parser.parse(d));
    const onClose = () => {
      if (this.closed) return;
      this.closed = true;
      for (const w of this.closeWaiters) w();
    };
    stream.on('end', onClose);
    stream.on('close', onClose);
    stream.on('error', onClose);
  }

  send(packet: Packet): void {
    this.stream.write(mqttPacket.generate(packet, { protocolVersion: this.protocolVersion }));
  }

  raw(buf: Buffer | number[]): void {
    this.stream.write(Buffer.isBuffer(buf) ? buf : Buffer.from(buf));
  }

  /** the next packet from the broker (fails after `ms`) */
  next(ms = 1000): Promise<Packet> {
    const queued = this.packets.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== done);
        reject(new Error(`no packet within ${ms}ms`));
      }, ms);
      const done = (p: Packet) => {
        clearTimeout(t);
        resolve(p);
      };
      this.waiters.push(done);
    });
  }

  /** the next packet, which must have this cmd */
  async expect<C extends Packet['cmd']>(cmd: C, ms = 1000): Promise<Extract<Packet, { cmd: C }>> {
    const p = await this.next(ms);
    if (p.cmd !== cmd) throw new Error(`expected ${cmd}, got ${JSON.stringify(p)}`);
    return p as Extract<Packet, { cmd: C }>;
  }

  /** nothing arrives within `ms` */
  async expectNothing(ms = 150): Promise<void> {
    await new Promise((r) => setTimeout(r, ms));
    if (this.packets.length > 0) throw new Error(`unexpected packet ${JSON.stringify(this.packets[0])}`);
  }

  /** resolves when the broker closed the stream (fails after `ms`) */
  waitClosed(ms = 1000): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`stream still open after ${ms}ms`)), ms);
      this.closeWaiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  end(): void {
    this.stream.end();
  }
}

/** attach a raw client stream to the broker (no CONNECT sent yet) */
export function attach(broker: Broker, protocolVersion: 3 | 4 | 5 = 4, info: Partial<ConnInfo> = {}): WireClient {
  const [server, client] = duplexPair();
  broker.handle(server, { ...INFO, ...info });
  return new WireClient(client, protocolVersion);
}

export interface ConnectOpts {
  clientId?: string;
  clean?: boolean;
  keepalive?: number;
  username?: string;
  password?: Buffer;
  will?: Extract<Packet, { cmd: 'connect' }>['will'];
  properties?: Extract<Packet, { cmd: 'connect' }>['properties'];
  info?: Partial<ConnInfo>;
}

/** attach, CONNECT and read the CONNACK */
export async function connect(broker: Broker, protocolVersion: 3 | 4 | 5 = 4, opts: ConnectOpts = {}) {
  const c = attach(broker, protocolVersion, opts.info);
  c.send({
    cmd: 'connect',
    protocolId: protocolVersion === 3 ? 'MQIsdp' : 'MQTT',
    protocolVersion,
    clientId: opts.clientId ?? `c${Math.random().toString(16).slice(2, 10)}`,
    clean: opts.clean ?? true,
    keepalive: opts.keepalive ?? 0,
    username: opts.username,
    password: opts.password,
    will: opts.will,
    properties: opts.properties,
  });
  const connack = await c.expect('connack');
  return { client: c, connack };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Lets the broker finish what the test just caused: each turn is one setImmediate, the turn in which the broker
 * flushes a connection's writes (connection/flush.ts); the duplex pair hands them over in the same turn. One turn
 * is enough for every test that uses it (with 0, all 6 of qos0-order.test.ts fail); 3 leave room for a handler
 * that awaits once more. Unlike the sleep(5..20) it replaces, it does not depend on the machine's load.
 */
export async function flushTurns(turns = 3): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
}
