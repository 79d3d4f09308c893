/**
 * Block-wise transfers (RFC 7959) of the commands a session sends to its device: a payload larger than max_block_size
 * (a write of a long value) leaves in Block1 blocks, and an answer or notification that carries Block2 with more to
 * come is completed by GETs for the next blocks (§2.4, §3.4), as the gateway's `blockwise` settings say. Past
 * max_body_size the answer becomes 4.13, a broken sequence 4.08 (EMQX's emqx_coap_blockwise:client_in_response).
 */
import type { Peer } from '../coap/endpoint';
import { blockOf, BlockSequenceError, collectBlock2, needsBlock1, sendLeadingBlocks, type Outbound } from '../coap/blockwise';
import { CODE, OPT, type CoapMessage } from '../coap/message';
import type { Lwm2mHost } from './session';

/** how long the gateway waits for each further block of a transfer (RFC 7252 §4.8 MAX_TRANSMIT_WAIT is 93 s) */
const BLOCK_TIMEOUT_MS = 93_000;

/** requests remembered per session: the observations and commands in flight of one device stay far below this */
const MAX_REMEMBERED = 256;

/** the device's (whole) answer, or the error that ended the transfer (Error('timeout') / Error('reset')) */
export type BlockOutcome = { answer: CoapMessage } | { lost: Error };

export class CommandBlocks {
  /** token (hex) → the request sent with it, to ask for the next Block2 blocks of its answers (oldest dropped first) */
  private readonly sent = new Map<string, Outbound>();

  constructor(
    private readonly host: Lwm2mHost,
    private readonly peer: Peer,
  ) {}

  /** Sends the leading Block1 blocks of a long command: resolves with what to send last, or how the transfer ended. */
  async start(token: Buffer, out: Outbound): Promise<{ last: Outbound } | BlockOutcome> {
    this.sent.set(token.toString('hex'), { ...out, payload: Buffer.alloc(0) });
    if (this.sent.size > MAX_REMEMBERED) this.sent.delete(this.sent.keys().next().value!);
    const bw = this.host.settings().blockwise;
    if (!needsBlock1(out, bw)) return { last: out };
    try {
      return await sendLeadingBlocks(this.host.endpoint, this.peer, out, BLOCK_TIMEOUT_MS, bw, token);
    } catch (e) {
      return { lost: e as Error };
    }
  }

  /** The whole answer: `msg` itself (synchronously) unless it is the first of several Block2 blocks. */
  whole(token: Buffer, msg: CoapMessage): BlockOutcome | Promise<BlockOutcome> {
    const bw = this.host.settings().blockwise;
    const block = blockOf(msg, OPT.BLOCK2);
    const request = this.sent.get(token.toString('hex'));
    if (!bw.enable || block === undefined || block === 'invalid' || !block.more || !request) return { answer: msg };
    return collectBlock2(this.host.endpoint, this.peer, request, msg, BLOCK_TIMEOUT_MS, bw).then(
      (answer) => ({ answer }),
      (e: Error) => {
        if (!(e instanceof BlockSequenceError)) return { lost: e };
        this.host.ctx.log.warn({ peer: this.peer, err: e.message }, 'lwm2m: block2 sequence broken');
        return { answer: { ...msg, code: CODE.request_entity_incomplete, payload: Buffer.alloc(0) } };
      },
    );
  }
}
