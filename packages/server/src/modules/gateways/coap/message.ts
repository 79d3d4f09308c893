/**
 * CoAP messages (RFC 7252) on top of `coap-packet`, the codec the `coap` package itself uses. This file names the
 * message types, response codes and options the gateways read and write; the byte layout stays coap-packet's.
 */
import { generate, parse } from 'coap-packet';

export type CoapType = 'CON' | 'NON' | 'ACK' | 'RST';

export interface CoapOption {
  /** Option number (RFC 7252 §5.10 / IANA registry). */
  number: number;
  value: Buffer;
}

export interface CoapMessage {
  type: CoapType;
  /** "c.dd", e.g. "0.01" (GET) or "2.05" (Content); "0.00" is the empty message. */
  code: string;
  messageId: number;
  token: Buffer;
  options: CoapOption[];
  payload: Buffer;
}

export const OPT = {
  IF_MATCH: 1,
  URI_HOST: 3,
  ETAG: 4,
  OBSERVE: 6,
  URI_PORT: 7,
  LOCATION_PATH: 8,
  URI_PATH: 11,
  CONTENT_FORMAT: 12,
  MAX_AGE: 14,
  URI_QUERY: 15,
  ACCEPT: 17,
  LOCATION_QUERY: 20,
  BLOCK2: 23,
  BLOCK1: 27,
  SIZE1: 60,
} as const;

/** Response codes by the names EMQX gives them (emqx_coap_frame's method_to_class_code). */
export const CODE = {
  GET: '0.01',
  POST: '0.02',
  PUT: '0.03',
  DELETE: '0.04',
  EMPTY: '0.00',
  created: '2.01',
  deleted: '2.02',
  valid: '2.03',
  changed: '2.04',
  content: '2.05',
  /** Not in RFC 7252: EMQX answers an observe cancellation with 2.07. */
  nocontent: '2.07',
  continue: '2.31',
  bad_request: '4.00',
  unauthorized: '4.01',
  bad_option: '4.02',
  forbidden: '4.03',
  not_found: '4.04',
  method_not_allowed: '4.05',
  not_acceptable: '4.06',
  request_entity_incomplete: '4.08',
  precondition_failed: '4.12',
  request_entity_too_large: '4.13',
  unsupported_content_format: '4.15',
  internal_server_error: '5.00',
  not_implemented: '5.01',
  bad_gateway: '5.02',
  service_unavailable: '5.03',
  gateway_timeout: '5.04',
} as const;

const OPTION_NUMBERS: Record<string, number> = {
  'If-Match': 1,
  'Uri-Host': 3,
  ETag: 4,
  'If-None-Match': 5,
  Observe: 6,
  'Uri-Port': 7,
  'Location-Path': 8,
  OSCORE: 9,
  'Uri-Path': 11,
  'Content-Format': 12,
  'Max-Age': 14,
  'Uri-Query': 15,
  'Hop-Limit': 16,
  Accept: 17,
  'Q-Block1': 19,
  'Location-Query': 20,
  Block2: 23,
  Block1: 27,
  Size2: 28,
  'Q-Block2': 31,
  'Proxy-Uri': 35,
  'Proxy-Scheme': 39,
  Size1: 60,
  'No-Response': 258,
};

/** The largest datagram we write (UDP's payload limit); coap-packet's default of 1280 is too small for notifications. */
const MAX_DATAGRAM = 65507;

export function decode(buf: Buffer): CoapMessage {
  if (buf.length < 4) throw new Error('datagram shorter than a CoAP header');
  if (buf[0] >> 6 !== 1) throw new Error('not CoAP version 1');
  const p = parse(buf);
  return {
    type: p.confirmable ? 'CON' : p.ack ? 'ACK' : p.reset ? 'RST' : 'NON',
    code: p.code,
    messageId: p.messageId,
    token: Buffer.from(p.token),
    options: p.options.map((o) => ({
      number: typeof o.name === 'number' ? o.name : (OPTION_NUMBERS[o.name] ?? Number(o.name)),
      value: Buffer.from(o.value),
    })),
    payload: Buffer.from(p.payload ?? Buffer.alloc(0)),
  };
}

export function encode(m: CoapMessage): Buffer {
  return generate(
    {
      confirmable: m.type === 'CON',
      ack: m.type === 'ACK',
      reset: m.type === 'RST',
      code: m.code,
      messageId: m.messageId,
      token: m.token,
      // coap-packet accepts option numbers as names and sorts them itself.
      options: m.options.map((o) => ({ name: String(o.number), value: o.value })),
      payload: m.payload,
    },
    MAX_DATAGRAM,
  );
}

export function isRequest(m: CoapMessage): boolean {
  return m.code.startsWith('0.') && m.code !== '0.00';
}

export function isEmpty(m: CoapMessage): boolean {
  return m.code === '0.00';
}

export function methodName(code: string): 'GET' | 'POST' | 'PUT' | 'DELETE' | undefined {
  switch (code) {
    case '0.01':
      return 'GET';
    case '0.02':
      return 'POST';
    case '0.03':
      return 'PUT';
    case '0.04':
      return 'DELETE';
    default:
      return undefined;
  }
}

export function encodeUint(n: number): Buffer {
  if (n === 0) return Buffer.alloc(0);
  const bytes: number[] = [];
  let v = n;
  while (v > 0) {
    bytes.unshift(v & 0xff);
    v = Math.floor(v / 256);
  }
  return Buffer.from(bytes);
}

export function decodeUint(b: Buffer): number {
  let n = 0;
  for (const byte of b) n = n * 256 + byte;
  return n;
}

export function getOption(m: CoapMessage, number: number): Buffer | undefined {
  return m.options.find((o) => o.number === number)?.value;
}

export function getOptions(m: CoapMessage, number: number): Buffer[] {
  return m.options.filter((o) => o.number === number).map((o) => o.value);
}

export function getUintOption(m: CoapMessage, number: number): number | undefined {
  const v = getOption(m, number);
  return v === undefined ? undefined : decodeUint(v);
}

export function uriPath(m: CoapMessage): string[] {
  return getOptions(m, OPT.URI_PATH)
    .map((v) => v.toString('utf8'))
    .filter((s, i, all) => !(s === '' && all.length === 1));
}

/** EMQX's short query names (emqx_coap.hrl QUERY_PARAMS_MAPPING); the long name wins when both are given. */
const SHORT_QUERY: Record<string, string> = {
  c: 'clientid',
  t: 'token',
  u: 'username',
  p: 'password',
  q: 'qos',
  r: 'retain',
};

/** Uri-Query options as a map (`k=v`; a key without `=` maps to ""), short names expanded as EMQX does. */
export function uriQuery(m: CoapMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of getOptions(m, OPT.URI_QUERY)) {
    const s = v.toString('utf8');
    const eq = s.indexOf('=');
    const k = eq < 0 ? s : s.slice(0, eq);
    out[k] = eq < 0 ? '' : s.slice(eq + 1);
  }
  for (const [short, long] of Object.entries(SHORT_QUERY)) {
    if (short in out) {
      if (!(long in out)) out[long] = out[short]!;
      delete out[short];
    }
  }
  return out;
}

export function pathOptions(path: string[]): CoapOption[] {
  return path.map((s) => ({ number: OPT.URI_PATH, value: Buffer.from(s, 'utf8') }));
}

/** A response to `req`: piggybacked in the ACK of a CON request, or a NON answer to a NON request (EMQX's piggyback/3). */
export function reply(req: CoapMessage, code: string, payload: Buffer | string = '', options: CoapOption[] = []): CoapMessage {
  return {
    type: req.type === 'CON' ? 'ACK' : 'NON',
    code,
    messageId: req.messageId,
    token: req.token,
    options,
    payload: typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload,
  };
}

export function emptyAck(messageId: number): CoapMessage {
  return { type: 'ACK', code: '0.00', messageId, token: Buffer.alloc(0), options: [], payload: Buffer.alloc(0) };
}

export function reset(messageId: number): CoapMessage {
  return { type: 'RST', code: '0.00', messageId, token: Buffer.alloc(0), options: [], payload: Buffer.alloc(0) };
}

/** "2.05" → "{ok,content}"-style names are EMQX's; the API answers show the numeric code, the logs the name. */
export function codeName(code: string): string {
  for (const [k, v] of Object.entries(CODE)) if (v === code) return k;
  return code;
}
