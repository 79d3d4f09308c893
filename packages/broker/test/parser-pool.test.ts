// The shared parser (connection/parser-pool.ts): connections borrow one mqtt-packet parser per chunk and keep one
// only while a packet is partly received.
import { describe, expect, test } from 'vitest';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { INITIAL_SETTINGS, borrowParser, returnParser, settingsOf, type ParserOwner, type ParserSettings } from '../src/connection/parser-pool';

class Owner implements ParserOwner {
  packets: Packet[] = [];
  errors: string[] = [];
  settings: ParserSettings = INITIAL_SETTINGS;
  onParsedPacket(p: Packet): void {
    this.packets.push(p);
  }
  onParsedError(err: Error): void {
    this.errors.push(err.message);
  }
  /** one chunk, as Connection.onData handles it when it has no parser of its own */
  chunk(data: Buffer): ReturnType<typeof returnParser> {
    const p = borrowParser(this, this.settings);
    p.parse(data);
    this.settings = settingsOf(p, this.settings);
    p.settings = this.settings;
    return returnParser(p, false);
  }
}

const connect = (clientId: string, protocolVersion: 4 | 5 = 4, extra: Record<string, unknown> = {}) =>
  mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion, clientId, clean: true, keepalive: 30, ...extra });
const rawConnect = (level: number) => Buffer.from([0x10, 0x0d, 0x00, 0x04, 0x4d, 0x51, 0x54, 0x54, level, 0x02, 0x00, 0x00, 0x00, 0x01, 0x61]);

describe('parser pool', () => {
  test('whole packets from different connections go through one parser, each to its owner', () => {
    const a = new Owner();
    const b = new Owner();
    const first = borrowParser(a, a.settings);
    returnParser(first, false);
    const again = borrowParser(b, b.settings);
    expect(again).toBe(first);
    returnParser(again, false);
    expect(a.chunk(connect('a'))).toBeNull();
    expect(b.chunk(Buffer.concat([connect('b'), mqttPacket.generate({ cmd: 'pingreq' })]))).toBeNull();
    expect(a.packets.map((p) => p.cmd)).toEqual(['connect']);
    expect(b.packets.map((p) => p.cmd)).toEqual(['connect', 'pingreq']);
    expect((b.packets[0] as { clientId: string }).clientId).toBe('b');
  });

  test('a chunk ending inside a packet leaves the parser with its connection; the next borrower gets another', () => {
    const a = new Owner();
    const b = new Owner();
    const whole = connect('split-client');
    const kept = a.chunk(whole.subarray(0, 7));
    expect(kept).not.toBeNull();
    expect(a.packets).toHaveLength(0);
    const other = borrowParser(b, b.settings);
    expect(other).not.toBe(kept);
    returnParser(other, false);
    // the rest arrives through the kept parser, as Connection.onData uses its own
    kept!.parse(whole.subarray(7));
    expect((a.packets[0] as { clientId: string }).clientId).toBe('split-client');
    // a length split after the first byte is a partial packet too (header read, nothing buffered)
    const c = new Owner();
    expect(c.chunk(whole.subarray(0, 1))).not.toBeNull();
  });

  test('after a parse error the shared parser reads the next connection from the start', () => {
    const bad = new Owner();
    expect(bad.chunk(rawConnect(2))).toBeNull();
    expect(bad.errors).toEqual(['Invalid protocol version']);
    const good = new Owner();
    expect(good.chunk(connect('after-error'))).toBeNull();
    expect(good.errors).toEqual([]);
    expect((good.packets[0] as { clientId: string }).clientId).toBe('after-error');
    // the same with a level above 5: the error, not a packet read from the previous position
    const high = new Owner();
    high.chunk(rawConnect(6));
    expect(high.errors).toEqual(['Invalid protocol version']);
  });

  test('a chunk arriving while the shared parser is busy gets a parser of its own', () => {
    const outer = new Owner();
    const inner = new Owner();
    const shared = borrowParser(outer, outer.settings);
    const nested = borrowParser(inner, inner.settings);
    expect(nested).not.toBe(shared);
    nested.parse(connect('nested'));
    expect(returnParser(nested, false)).toBeNull();
    expect(returnParser(shared, false)).toBeNull();
    expect((inner.packets[0] as { clientId: string }).clientId).toBe('nested');
  });

  test('a v5 CONNECT switches the connection to v5 parsing; the settings kept are not the CONNECT packet', () => {
    const a = new Owner();
    a.chunk(connect('v5', 5, { username: 'u', password: Buffer.from('secret') }));
    expect(a.settings).toEqual({ protocolVersion: 5 });
    const publish = mqttPacket.generate(
      { cmd: 'publish', topic: 't', payload: 'x', qos: 0, retain: false, dup: false, properties: { userProperties: { k: 'v' } } },
      { protocolVersion: 5 },
    );
    a.chunk(publish);
    expect((a.packets[1] as { properties?: { userProperties?: unknown } }).properties?.userProperties).toEqual({ k: 'v' });
    // another connection still parses as v3.1.1 meanwhile
    const b = new Owner();
    b.chunk(connect('v4'));
    expect(b.settings).toEqual({ protocolVersion: 4 });
  });
});

describe("the parser's byte list reads in place", () => {
  type Reads = {
    _bufs: Buffer[];
    append(b: Buffer): void;
    consume(n: number): void;
    readUInt8(o?: number): number;
    readUInt16BE(o?: number): number;
    readUInt32BE(o?: number): number;
    toString(e?: BufferEncoding, s?: number, t?: number): string;
  };
  const outcome = (f: () => unknown): unknown => {
    try {
      return f();
    } catch (err) {
      return `${(err as Error).constructor.name}: ${(err as Error).message}`;
    }
  };

  test("every read answers as bl's own (values and errors), one buffer or several, in range or not", () => {
    const owner = new Owner();
    const p = borrowParser(owner, owner.settings);
    const list = p._list as unknown as Reads;
    const BL = Object.getPrototypeOf(list).constructor as new () => Reads;
    expect(list.readUInt8).not.toBe(BL.prototype.readUInt8); // the in-place readers are installed
    const bytes = Buffer.from('\u00e9tat/\u4e2d/x\u0000\u00ff MQTT 5 \u{1f600}!', 'utf8');
    const offsets = [-3, -1, 0, 1, 2, 5, 7, bytes.length - 4, bytes.length - 2, bytes.length - 1, bytes.length, bytes.length + 3, undefined]; // (bl reads a fractional offset from uninitialized memory: no reference to compare with)
    for (const split of [bytes.length, 3, 9]) {
      const plain = new BL();
      list.append(bytes.subarray(0, split));
      plain.append(bytes.subarray(0, split));
      if (split < bytes.length) {
        list.append(bytes.subarray(split));
        plain.append(bytes.subarray(split));
      }
      expect(list._bufs.length).toBe(split < bytes.length ? 2 : 1);
      for (const o of offsets) {
        for (const m of ['readUInt8', 'readUInt16BE', 'readUInt32BE'] as const) expect([m, o, outcome(() => list[m](o))]).toEqual([m, o, outcome(() => plain[m](o))]);
        for (const e of offsets) {
          for (const enc of ['utf8', 'hex', undefined] as const)
            expect([o, e, enc, outcome(() => list.toString(enc, o, e))]).toEqual([o, e, enc, outcome(() => plain.toString(enc, o, e))]);
        }
      }
      list.consume(bytes.length);
    }
    expect(returnParser(p, false)).toBeNull();
  });

  test('a CONNECT split over chunks and one read whole decode the same', () => {
    const whole = new Owner();
    const split = new Owner();
    const bytes = connect('in-place-\u00e9', 5, { username: 'u\u4e2d', password: Buffer.from('pw'), will: { topic: 'w/t', payload: Buffer.from('bye'), qos: 1, retain: false } });
    expect(whole.chunk(bytes)).toBeNull();
    const kept = split.chunk(bytes.subarray(0, 7));
    expect(kept).not.toBeNull();
    kept!.parse(bytes.subarray(7));
    expect(returnParser(kept!, false)).toBeNull();
    expect(whole.packets).toHaveLength(1);
    expect(split.packets).toEqual(whole.packets);
    expect(whole.packets[0]).toMatchObject({ cmd: 'connect', clientId: 'in-place-\u00e9', username: 'u\u4e2d', will: { topic: 'w/t' } });
  });
});
