/**
 * What the session keeps about the commands it sends: the CoAP options of a command's request, and the last answer
 * per path and command type (EMQX's cmd_record, at most 100, read by GET /gateways/lwm2m/clients/{id}/lookup).
 */
import { encodeUint, OPT, type CoapOption } from '../coap/message';
import type { CommandRequest } from './cmd';

/** A recorded answer: code "2.05", codeMsg "content", and the content when the answer had one. */
export interface CmdResult {
  code: string;
  codeMsg: string;
  content?: unknown;
}

const MAX_RECORDS = 100;

export class CmdRecords {
  private readonly byKey = new Map<string, CmdResult | undefined>();

  /** undefined = sent, no answer yet */
  set(path: string, type: string, result: CmdResult | undefined): void {
    const key = `${path} ${type}`;
    this.byKey.delete(key);
    this.byKey.set(key, result);
    while (this.byKey.size > MAX_RECORDS) this.byKey.delete(this.byKey.keys().next().value as string);
  }

  /** the last answer to a command of this type on this path, or undefined (none yet) */
  get(path: string, type: string): CmdResult | undefined {
    return this.byKey.get(`${path} ${type}`);
  }
}

/** Observe, Uri-Path, Content-Format, Uri-Query and Accept options of a command's request. */
export function requestOptions(req: CommandRequest): CoapOption[] {
  const options: CoapOption[] = [];
  if (req.observe !== undefined) options.push({ number: OPT.OBSERVE, value: encodeUint(req.observe) });
  for (const p of req.path) options.push({ number: OPT.URI_PATH, value: Buffer.from(p, 'utf8') });
  if (req.contentFormat !== undefined) options.push({ number: OPT.CONTENT_FORMAT, value: encodeUint(req.contentFormat) });
  for (const q of req.query) options.push({ number: OPT.URI_QUERY, value: Buffer.from(q, 'utf8') });
  if (req.accept !== undefined) options.push({ number: OPT.ACCEPT, value: encodeUint(req.accept) });
  return options;
}
