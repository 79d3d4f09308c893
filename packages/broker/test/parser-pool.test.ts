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
