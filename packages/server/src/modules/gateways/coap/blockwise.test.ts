import { describe, expect, it } from 'vitest';
import { Block1Assembler, Block2Store, blockOf, blockwiseSettings, decodeBlock, encodeBlock, validateBlockwise, type BlockwiseSettings } from './blockwise';
import { CODE, getOption, OPT, type CoapMessage } from './message';

const settings = (o: Partial<BlockwiseSettings> = {}): BlockwiseSettings => ({ enable: true, maxBlockSize: 64, maxBodySize: 200, exchangeLifetimeMs: 10_000, ...o });

function put(num: number, more: boolean, size: number, payload: string, mid = num + 1): CoapMessage {
  return {
    type: 'CON',
    code: CODE.POST,
    messageId: mid,
    token: Buffer.from([mid]),
    options: [
      { number: OPT.URI_PATH, value: Buffer.from('ps') },
      { number: OPT.URI_PATH, value: Buffer.from('t') },
      { number: OPT.BLOCK1, value: encodeBlock({ num, more, size }) },
    ],
    payload: Buffer.from(payload),
  };
}

describe('block option value (RFC 7959 §2.2)', () => {
  it('encodes NUM, M and SZX and reads them back; SZX 7 is refused', () => {
    expect(encodeBlock({ num: 0, more: false, size: 16 })).toEqual(Buffer.alloc(0));
    expect(encodeBlock({ num: 1, more: true, size: 64 })).toEqual(Buffer.from([0x1a]));
    expect(decodeBlock(encodeBlock({ num: 300, more: true, size: 1024 }))).toEqual({ num: 300, more: true, size: 1024 });
    expect(decodeBlock(Buffer.from([0x0f]))).toBeUndefined();
    expect(decodeBlock(Buffer.from([1, 2, 3, 4]))).toBeUndefined();
  });
});

describe('blockwise settings (EMQX coap_blockwise fields)', () => {
  it("takes EMQX's defaults and refuses wrong values with a sentence", () => {
    expect(blockwiseSettings(undefined)).toEqual({ enable: true, maxBlockSize: 1024, maxBodySize: 4 * 1024 * 1024, exchangeLifetimeMs: 247_000 });
    expect(blockwiseSettings({ enable: false, max_block_size: 64, max_body_size: '1KB', exchange_lifetime: '10s' })).toEqual({
      enable: false,
      maxBlockSize: 64,
      maxBodySize: 1024,
      exchangeLifetimeMs: 10_000,
    });
    expect(validateBlockwise({ max_block_size: 2048 })).toMatch(/max_block_size must be one of/);
    expect(validateBlockwise({ max_body_size: 'big' })).toMatch(/max_body_size must be a size/);
    expect(validateBlockwise({ exchange_lifetime: 'soon' })).toMatch(/exchange_lifetime must be a duration/);
    expect(validateBlockwise({ enable: 'yes' })).toMatch(/enable must be true or false/);
    expect(validateBlockwise({ enable: true, max_block_size: 16, max_body_size: '4MB', exchange_lifetime: '247s' })).toBeUndefined();
  });
});

describe('Block1Assembler', () => {
  it('answers 2.31 per block and hands on the whole request with Block1 removed', () => {
    const a = new Block1Assembler(() => settings());
    const r0 = a.take('p', put(0, true, 64, 'a'.repeat(64)));
    expect('answer' in r0 && [r0.answer.code, blockOf(r0.answer, OPT.BLOCK1)]).toEqual([CODE.continue, { num: 0, more: true, size: 64 }]);
    a.take('p', put(1, true, 64, 'b'.repeat(64)));
    const r2 = a.take('p', put(2, false, 64, 'c'));
    if (!('req' in r2)) throw new Error('expected the whole request');
    expect(r2.req.payload.toString()).toBe('a'.repeat(64) + 'b'.repeat(64) + 'c');
    expect(blockOf(r2.req, OPT.BLOCK1)).toBeUndefined();
    expect(r2.block1).toEqual({ num: 2, more: false, size: 64 });
    expect(a.size).toBe(0);
  });

  it('a block larger than max_block_size is kept and the 2.31 asks for the smaller size (§2.3 Figure 5)', () => {
    const a = new Block1Assembler(() => settings({ maxBlockSize: 32 }));
    const r0 = a.take('p', put(0, true, 128, 'x'.repeat(128)));
    expect('answer' in r0 && blockOf(r0.answer, OPT.BLOCK1)).toEqual({ num: 0, more: true, size: 32 });
    const r1 = a.take('p', put(4, false, 32, 'y'));
    expect('req' in r1 && r1.req.payload.length).toBe(129);
  });

  it('a gap is 4.08 Request Entity Incomplete, a body past max_body_size 4.13 with Size1; other peers are apart', () => {
    const a = new Block1Assembler(() => settings());
    const gap = a.take('p', put(1, true, 64, 'z'.repeat(64)));
    expect('answer' in gap && gap.answer.code).toBe(CODE.request_entity_incomplete);
    a.take('p', put(0, true, 64, 'a'.repeat(64)));
    a.take('q', put(0, true, 64, 'q'.repeat(64)));
    a.take('p', put(1, true, 64, 'a'.repeat(64)));
    a.take('p', put(2, true, 64, 'a'.repeat(64)));
    const big = a.take('p', put(3, true, 64, 'a'.repeat(64)));
    expect('answer' in big && [big.answer.code, getOption(big.answer, OPT.SIZE1)]).toEqual([CODE.request_entity_too_large, Buffer.from([200])]);
    const q = a.take('q', put(1, false, 64, 'end'));
    expect('req' in q && q.req.payload.length).toBe(67);
  });

  it('a peer keeps at most four transfers open: a fifth drops its oldest', () => {
    const a = new Block1Assembler(() => settings());
    const at = (topic: string, num: number, more: boolean) => {
      const m = put(num, more, 64, 'a'.repeat(64));
      return a.take('p', { ...m, options: [...m.options.filter((o) => o.number !== OPT.URI_PATH), { number: OPT.URI_PATH, value: Buffer.from(topic) }] });
    };
    for (const t of ['t1', 't2', 't3', 't4', 't5']) at(t, 0, true);
    a.take('other', put(0, true, 64, 'o'.repeat(64)));
    expect(a.size).toBe(5);
    const r1 = at('t1', 1, false);
    expect('answer' in r1 && r1.answer.code).toBe(CODE.request_entity_incomplete);
    const r5 = at('t5', 1, false);
    expect('req' in r5 && r5.req.payload.length).toBe(128);
  });

  it('with blockwise disabled a Block1 request passes as it is', () => {
    const a = new Block1Assembler(() => settings({ enable: false }));
    const req = put(0, true, 64, 'a'.repeat(64));
    expect(a.take('p', req)).toEqual({ req });
  });
});

describe('Block2Store', () => {
  it('sends the first block with Size2 and serves the rest to GETs with Block2; past the end 4.02', () => {
    const s = new Block2Store(() => settings({ maxBlockSize: 16 }));
    const full = Buffer.from('0123456789abcdef0123456789ABCDEF-tail');
    const first = s.first('t', { code: CODE.content, options: [{ number: OPT.OBSERVE, value: Buffer.from([3]) }], payload: full });
    expect([first.payload.toString(), blockOf(first as CoapMessage, OPT.BLOCK2)]).toEqual(['0123456789abcdef', { num: 0, more: true, size: 16 }]);
    const get = (num: number, size = 16): CoapMessage => ({
      type: 'CON',
      code: CODE.GET,
      messageId: 9,
      token: Buffer.from([9]),
      options: [{ number: OPT.BLOCK2, value: encodeBlock({ num, more: false, size }) }],
      payload: Buffer.alloc(0),
    });
    const b2 = s.serve('t', get(2))!;
    expect([b2.code, b2.payload.toString(), blockOf(b2, OPT.BLOCK2)]).toEqual([CODE.content, '-tail', { num: 2, more: false, size: 16 }]);
    expect(b2.options.some((o) => o.number === OPT.OBSERVE)).toBe(false);
    expect(s.serve('t', get(3))!.code).toBe(CODE.bad_option);
    expect(s.serve('other', get(1))).toBeUndefined();
    // a small payload is sent whole
    expect(s.first('t', { code: CODE.content, options: [], payload: Buffer.from('small') }).payload.toString()).toBe('small');
  });
});
