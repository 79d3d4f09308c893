import { describe, expect, it } from 'vitest';
import { HS, Reassembler, fragmentMessage, fullMessage, parseFragments } from './handshake';

const body = Buffer.from(Array.from({ length: 2500 }, (_, i) => i & 255));

function fragmentsOf(seq: number, maxBody: number) {
  return fragmentMessage(HS.certificate, seq, body, maxBody).flatMap((b) => parseFragments(b)!);
}

describe('handshake fragments', () => {
  it('splits a message into fragments with offsets and rebuilds it in any order', () => {
    const frags = fragmentsOf(3, 1000);
    expect(frags.map((f) => [f.offset, f.body.length, f.length])).toEqual([
      [0, 1000, 2500],
      [1000, 1000, 2500],
      [2000, 500, 2500],
    ]);
    const r = new Reassembler(3);
    for (const f of [frags[2], frags[0]]) expect(r.add(f)).toBe('ok');
    expect(r.next()).toBeUndefined();
    expect(r.add(frags[1])).toBe('ok');
    const m = r.next()!;
    expect(m).toMatchObject({ msgType: HS.certificate, messageSeq: 3 });
    expect(m.body).toEqual(body);
    expect(fullMessage(m.msgType, m.messageSeq, m.body)).toEqual(fragmentMessage(HS.certificate, 3, body, 4000)[0]);
  });

  it('accepts overlapping fragments and duplicates', () => {
    const r = new Reassembler(0);
    const a = fragmentsOf(0, 1500); // [0,1500) [1500,2500)
    const b = fragmentsOf(0, 700); // [0,700) [700,1400) [1400,2100) [2100,2500)
    for (const f of [b[1], a[1], b[1], b[0]]) r.add(f);
    expect(r.next()).toBeUndefined(); // [1400,1500) still missing
    r.add(b[2]);
    expect(r.next()!.body).toEqual(body);
  });

  it('hands messages out in message_seq order and calls earlier ones old', () => {
    const r = new Reassembler(1);
    expect(r.add(parseFragments(fullMessage(HS.finished, 2, Buffer.alloc(12)))![0])).toBe('ok');
    expect(r.next()).toBeUndefined();
    r.add(parseFragments(fullMessage(HS.client_key_exchange, 1, Buffer.alloc(33)))![0]);
    expect(r.next()!.msgType).toBe(HS.client_key_exchange);
    expect(r.next()!.msgType).toBe(HS.finished);
    expect(r.add(parseFragments(fullMessage(HS.client_key_exchange, 1, Buffer.alloc(33)))![0])).toBe('old');
  });

  it('refuses fragments that disagree on type or length, and malformed headers', () => {
    const r = new Reassembler(0);
    r.add(fragmentsOf(0, 1000)[0]);
    const other = parseFragments(fragmentMessage(HS.certificate, 0, Buffer.alloc(3000), 1000)[1])![0];
    expect(r.add(other)).toBe('bad');
    const broken = fullMessage(HS.finished, 0, Buffer.alloc(12));
    broken.writeUIntBE(20, 9, 3); // fragment_length beyond the record
    expect(parseFragments(broken)).toBeUndefined();
  });
});
