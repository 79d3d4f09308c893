/**
 * Block-wise transfers (RFC 7959) for the CoAP and LwM2M gateways, with the `blockwise` settings EMQX's gateways
 * carry (emqx_coap_schema / emqx_lwm2m_schema: enable, max_block_size, max_body_size, exchange_lifetime; the
 * semantics of emqx_coap_blockwise). Three parts:
 * - Block1Assembler: a device's PUT/POST sent in Block1 blocks is answered 2.31 Continue per block and handed on
 *   whole once the last block is in (4.08 on a gap, 4.13 past max_body_size).
 * - Block2Store: a representation too large for one datagram that the gateway sends (an observe notification) is
 *   kept so that the device's follow-up GETs with Block2 get the next blocks.
 * - blockwiseRequest / collectBlock2: a request the gateway sends to a device goes out in Block1 blocks when its
 *   payload is larger than max_block_size, and a response that comes in Block2 blocks is fetched block by block.
 */
import { parseBytes, parseDuration } from '../../../config/units';
import type { CoapEndpoint, Peer } from './endpoint';
import { CODE, encodeUint, getOption, OPT, reply, uriPath, type CoapMessage, type CoapOption } from './message';

export const BLOCK_SIZES = [16, 32, 64, 128, 256, 512, 1024] as const;

export interface BlockwiseSettings {
  enable: boolean;
  maxBlockSize: number;
  maxBodySize: number;
  exchangeLifetimeMs: number;
}

/** EMQX's defaults (emqx_coap_schema fields(coap_blockwise)). */
export function blockwiseDefaults(): Record<string, unknown> {
  return { enable: true, max_block_size: 1024, max_body_size: '4MB', exchange_lifetime: '247s' };
}

/** A plain sentence naming the wrong `blockwise` field, or undefined. */
export function validateBlockwise(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return 'blockwise must be an object with enable, max_block_size, max_body_size and exchange_lifetime.';
  const bw = v as Record<string, unknown>;
  if (bw.enable !== undefined && typeof bw.enable !== 'boolean') return 'blockwise.enable must be true or false.';
  if (bw.max_block_size !== undefined && !(BLOCK_SIZES as readonly unknown[]).includes(bw.max_block_size))
    return 'blockwise.max_block_size must be one of 16, 32, 64, 128, 256, 512, 1024.';
  if (bw.max_body_size !== undefined) {
    const n = parseBytes(bw.max_body_size);
    if (typeof n !== 'number' || n <= 0) return 'blockwise.max_body_size must be a size such as 4MB.';
  }
  if (bw.exchange_lifetime !== undefined) {
    const ms = typeof bw.exchange_lifetime === 'number' ? bw.exchange_lifetime : parseDuration(bw.exchange_lifetime);
    if (typeof ms !== 'number' || ms <= 0) return 'blockwise.exchange_lifetime must be a duration such as 247s.';
  }
  return undefined;
}

/** The settings of a gateway's `blockwise` object (call validateBlockwise first); missing fields take EMQX's defaults. */
export function blockwiseSettings(v: unknown): BlockwiseSettings {
  const bw = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  const size = (BLOCK_SIZES as readonly unknown[]).includes(bw.max_block_size) ? (bw.max_block_size as number) : 1024;
  const body = parseBytes(bw.max_body_size ?? '4MB');
  const life = typeof bw.exchange_lifetime === 'number' ? bw.exchange_lifetime : parseDuration(bw.exchange_lifetime ?? '247s');
  return {
    enable: bw.enable !== false,
    maxBlockSize: size,
    maxBodySize: typeof body === 'number' && body > 0 ? body : 4 * 1024 * 1024,
    exchangeLifetimeMs: typeof life === 'number' && life > 0 ? life : 247_000,
  };
}

// ---- the Block1/Block2 option value (RFC 7959 §2.2) -------------------------------------------------------------

export interface Block {
  num: number;
  more: boolean;
  size: number;
}

/** NUM | M | SZX in 0–3 bytes; SZX 7 is reserved (undefined = not a valid block option). */
export function decodeBlock(v: Buffer): Block | undefined {
  if (v.length > 3) return undefined;
  let n = 0;
  for (const b of v) n = n * 256 + b;
  const szx = n & 0x7;
  if (szx === 7) return undefined;
  return { num: Math.floor(n / 16), more: (n & 0x8) !== 0, size: 1 << (szx + 4) };
}

export function encodeBlock(b: Block): Buffer {
  const szx = Math.log2(b.size) - 4;
  return encodeUint(b.num * 16 + (b.more ? 8 : 0) + szx);
}

/** The message's Block1/Block2 option: undefined when absent, 'invalid' when it cannot be read. */
export function blockOf(m: CoapMessage, number: typeof OPT.BLOCK1 | typeof OPT.BLOCK2): Block | 'invalid' | undefined {
  const v = getOption(m, number);
  if (v === undefined) return undefined;
  return decodeBlock(v) ?? 'invalid';
}

export function withoutOption(m: CoapMessage, number: number): CoapMessage {
  return { ...m, options: m.options.filter((o) => o.number !== number) };
}

export function withBlock(m: CoapMessage, number: typeof OPT.BLOCK1 | typeof OPT.BLOCK2, b: Block): CoapMessage {
  return { ...m, options: [...m.options.filter((o) => o.number !== number), { number, value: encodeBlock(b) }] };
}

/** Block `num` of `size` bytes of `payload` and whether more follow. */
export function slice(payload: Buffer, num: number, size: number): { part: Buffer; more: boolean } {
  const start = num * size;
  return { part: payload.subarray(start, start + size), more: start + size < payload.length };
}

// ---- device → gateway: Block1 requests ----------------------------------------------------------------------------

interface Incoming {
  chunks: Buffer[];
  received: number;
  expires: number;
}

/** Block1 transfers one peer may have open at once (their resources differ). */
const MAX_OPEN_PER_PEER = 4;

export type Block1Result = { req: CoapMessage; block1?: Block } | { answer: CoapMessage };

/**
 * Reassembles requests a peer sends in Block1 blocks. The exchange is named by the peer, the method, the Uri-Path and
 * the Uri-Query (RFC 7959 §2.3 lets each block carry its own token); blocks must come in order, and a block larger
 * than max_block_size is taken whole while its 2.31 names the smaller size the client goes on with (§2.3).
 */
export class Block1Assembler {
  private readonly open = new Map<string, Incoming>();

  constructor(private readonly settings: () => BlockwiseSettings) {}

  take(peerKey: string, req: CoapMessage): Block1Result {
    const bw = this.settings();
    const block = blockOf(req, OPT.BLOCK1);
    if (!bw.enable || block === undefined) return { req };
    if (block === 'invalid') return { answer: reply(req, CODE.bad_option) };
    this.expire();
    const key = [
      peerKey,
      req.code,
      uriPath(req).join('/'),
      req.options
        .filter((o) => o.number === OPT.URI_QUERY)
        .map((o) => o.value.toString('hex'))
        .join('&'),
    ].join('|');
    const offset = block.num * block.size;
    let rx = this.open.get(key);
    if (block.num === 0) {
      this.limitPeer(peerKey, key);
      rx = { chunks: [], received: 0, expires: 0 };
      this.open.set(key, rx);
    } else if (!rx || offset !== rx.received) {
      this.open.delete(key);
      return { answer: reply(req, CODE.request_entity_incomplete) };
    }
    const part = req.payload;
    if (rx.received + part.length > bw.maxBodySize) {
      this.open.delete(key);
      return { answer: reply(req, CODE.request_entity_too_large, '', [{ number: OPT.SIZE1, value: encodeUint(bw.maxBodySize) }]) };
    }
    rx.chunks.push(part);
    rx.received += part.length;
    rx.expires = Date.now() + bw.exchangeLifetimeMs;
    if (block.more) {
      // §2.3 (Figure 5): a block larger than max_block_size is kept whole; the 2.31 asks for smaller ones from now on
      const echo: Block = { num: block.num, more: true, size: Math.min(block.size, bw.maxBlockSize) };
      return { answer: reply(req, CODE.continue, '', [{ number: OPT.BLOCK1, value: encodeBlock(echo) }]) };
    }
    this.open.delete(key);
    const whole = withoutOption({ ...req, payload: Buffer.concat(rx.chunks) }, OPT.BLOCK1);
    return { req: whole, block1: { num: block.num, more: false, size: block.size } };
  }

  /** Exchanges still open (for tests and stats). */
  get size(): number {
    return this.open.size;
  }

  private expire(): void {
    const now = Date.now();
    for (const [k, v] of this.open) if (v.expires <= now) this.open.delete(k);
  }

  /** A peer keeps at most MAX_OPEN_PER_PEER transfers (each up to max_body_size): a new one drops its oldest. */
  private limitPeer(peerKey: string, key: string): void {
    const mine = [...this.open.keys()].filter((k) => k !== key && k.startsWith(`${peerKey}|`));
    if (mine.length >= MAX_OPEN_PER_PEER) this.open.delete(mine[0]);
  }
}

/** The final answer to a reassembled request carries the Block1 option of the last block (RFC 7959 §2.3). */
export function echoBlock1(answer: CoapMessage | undefined, block1: Block | undefined): CoapMessage | undefined {
  if (!answer || !block1) return answer;
  return withBlock(answer, OPT.BLOCK1, block1);
}

// ---- gateway → device: representations served in Block2 blocks ------------------------------------------------

interface Outgoing {
  payload: Buffer;
  code: string;
  options: CoapOption[];
  expires: number;
}

/**
 * Representations the gateway sent only in part (the first block of a notification), by resource name, so that the
 * device's GETs with Block2 NUM > 0 get the rest (RFC 7959 §2.4, §3.4: the later blocks are plain GETs without Observe).
 */
export class Block2Store {
  private readonly kept = new Map<string, Outgoing>();

  constructor(private readonly settings: () => BlockwiseSettings) {}

  /** The first block of `msg` when its payload is larger than max_block_size (the rest is kept), else `msg` itself. */
  first<M extends Pick<CoapMessage, 'code' | 'options' | 'payload'>>(resource: string, msg: M): M {
    const bw = this.settings();
    if (!bw.enable || msg.payload.length <= bw.maxBlockSize) {
      this.kept.delete(resource);
      return msg;
    }
    this.expire();
    const options = msg.options.filter((o) => o.number !== OPT.BLOCK2 && o.number !== OPT.OBSERVE);
    this.kept.set(resource, { payload: msg.payload, code: msg.code, options, expires: Date.now() + bw.exchangeLifetimeMs });
    const { part } = slice(msg.payload, 0, bw.maxBlockSize);
    return {
      ...msg,
      payload: part,
      options: [
        ...msg.options.filter((o) => o.number !== OPT.BLOCK2),
        { number: OPT.BLOCK2, value: encodeBlock({ num: 0, more: true, size: bw.maxBlockSize }) },
        { number: 28 /* Size2 */, value: encodeUint(msg.payload.length) },
      ],
    };
  }

  /**
   * The answer to a GET with Block2 for `resource`: the asked block of the kept representation, 4.02 Bad Option past
   * its end; undefined when nothing is kept for it (the request is handled as usual).
   */
  serve(resource: string, req: CoapMessage): CoapMessage | undefined {
    const block = blockOf(req, OPT.BLOCK2);
    if (block === undefined) return undefined;
    if (block === 'invalid') return reply(req, CODE.bad_option);
    this.expire();
    const kept = this.kept.get(resource);
    if (!kept) return undefined;
    const bw = this.settings();
    const size = Math.min(block.size, bw.maxBlockSize);
    const num = (block.num * block.size) / size;
    if (num * size >= kept.payload.length) return reply(req, CODE.bad_option);
    const { part, more } = slice(kept.payload, num, size);
    kept.expires = Date.now() + bw.exchangeLifetimeMs;
    return reply(req, kept.code, part, [...kept.options, { number: OPT.BLOCK2, value: encodeBlock({ num, more, size }) }]);
  }

  forget(resource: string): void {
    this.kept.delete(resource);
  }

  private expire(): void {
    const now = Date.now();
    for (const [k, v] of this.kept) if (v.expires <= now) this.kept.delete(k);
  }
}

// ---- gateway → device: requests sent and answers fetched block by block ------------------------------------

/** The device answered with blocks out of sequence or with an unreadable block option. */
export class BlockSequenceError extends Error {}

export type Outbound = Omit<CoapMessage, 'messageId' | 'type' | 'token'>;

/** Whether `msg` goes out in Block1 blocks: blockwise on, payload larger than max_block_size, no Block1 set already. */
export function needsBlock1(msg: Outbound, bw: BlockwiseSettings): boolean {
  return bw.enable && msg.payload.length > bw.maxBlockSize && !msg.options.some((o) => o.number === OPT.BLOCK1);
}

/**
 * Sends every Block1 block of `msg` but the last (RFC 7959 §2.3), each answered 2.31 Continue by the device (which may
 * ask for smaller blocks); resolves with the last block to send, or with the device's answer when it is not 2.31.
 */
export async function sendLeadingBlocks(
  endpoint: CoapEndpoint,
  peer: Peer,
  msg: Outbound,
  timeoutMs: number,
  bw: BlockwiseSettings,
  token?: Buffer,
): Promise<{ last: Outbound } | { answer: CoapMessage }> {
  let size = bw.maxBlockSize;
  let offset = 0;
  while (offset + size < msg.payload.length) {
    const num = offset / size;
    const { part } = slice(msg.payload, num, size);
    const req = withBlock({ ...msg, payload: part } as CoapMessage, OPT.BLOCK1, { num, more: true, size });
    const answer = await endpoint.request(peer, { code: req.code, options: req.options, payload: part }, timeoutMs, token);
    if (answer.code !== CODE.continue) return { answer };
    const asked = blockOf(answer, OPT.BLOCK1);
    if (asked === 'invalid') throw new BlockSequenceError('the device answered 2.31 with an unreadable Block1 option');
    offset += part.length;
    // §2.3: the device took this block and wants smaller ones from now on
    if (asked && asked.size < size) size = asked.size;
  }
  const last = withBlock({ ...msg, payload: msg.payload.subarray(offset) } as CoapMessage, OPT.BLOCK1, { num: offset / size, more: false, size });
  return { last: { code: last.code, options: last.options, payload: last.payload } };
}

/**
 * A confirmable request to a device with its whole answer: the payload goes in Block1 blocks of max_block_size when it
 * is larger, and an answer in Block2 blocks is fetched to its end. Rejects with Error('timeout') / Error('reset') as
 * CoapEndpoint.request does, BlockSequenceError on a broken sequence.
 */
export async function blockwiseRequest(endpoint: CoapEndpoint, peer: Peer, msg: Outbound, timeoutMs: number, bw: BlockwiseSettings, token?: Buffer): Promise<CoapMessage> {
  let out = msg;
  if (needsBlock1(msg, bw)) {
    const r = await sendLeadingBlocks(endpoint, peer, msg, timeoutMs, bw, token);
    if ('answer' in r) return collectBlock2(endpoint, peer, msg, r.answer, timeoutMs, bw, token);
    out = r.last;
  }
  const answer = await endpoint.request(peer, out, timeoutMs, token);
  return collectBlock2(endpoint, peer, msg, answer, timeoutMs, bw, token);
}

/**
 * The whole representation of an answer that carries Block2 with M set: the same request (without payload or Block1)
 * is repeated with Block2 NUM = 1, 2, … (RFC 7959 §2.4). Past max_body_size the answer becomes 4.13 Request Entity Too
 * Large, as EMQX's client_in_response does; with blockwise disabled the first block is the answer.
 */
export async function collectBlock2(
  endpoint: CoapEndpoint,
  peer: Peer,
  request: Outbound,
  first: CoapMessage,
  timeoutMs: number,
  bw: BlockwiseSettings,
  token?: Buffer,
): Promise<CoapMessage> {
  const b0 = blockOf(first, OPT.BLOCK2);
  if (!bw.enable || b0 === undefined) return first;
  if (b0 === 'invalid' || b0.num !== 0) throw new BlockSequenceError('the first block of the answer is not block 0');
  const chunks = [first.payload];
  let total = first.payload.length;
  let last = first;
  let block = b0;
  const base = withoutOption(withoutOption({ ...request, payload: Buffer.alloc(0) } as CoapMessage, OPT.BLOCK1), OPT.OBSERVE);
  while (block.more) {
    if (total >= bw.maxBodySize) return withoutOption({ ...last, code: CODE.request_entity_too_large, payload: Buffer.alloc(0) }, OPT.BLOCK2);
    const next: Block = { num: block.num + 1, more: false, size: block.size };
    const req = withBlock(base, OPT.BLOCK2, next);
    last = await endpoint.request(peer, { code: req.code, options: req.options, payload: req.payload }, timeoutMs, token);
    const b = blockOf(last, OPT.BLOCK2);
    if (b === undefined || b === 'invalid' || b.num !== next.num || b.size !== block.size) {
      throw new BlockSequenceError(`the device answered block ${next.num} with ${b === undefined ? 'no Block2 option' : 'another block'}`);
    }
    chunks.push(last.payload);
    total += last.payload.length;
    block = b;
  }
  if (total > bw.maxBodySize) return withoutOption({ ...last, code: CODE.request_entity_too_large, payload: Buffer.alloc(0) }, OPT.BLOCK2);
  return withoutOption({ ...last, payload: Buffer.concat(chunks) }, OPT.BLOCK2);
}
