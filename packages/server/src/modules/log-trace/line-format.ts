// One trace entry as a line of the trace file, in the two shapes EMQX's trace formatters write:
// text: `<time> [<TAG>] <clientid>@<peername> msg: <msg>, <key>: <value>, …, payload: <payload>`
//   (keys sorted, the payload last, `payload_encode` next to it);
// json: `{"time", "level": "debug", "msg", "meta": {clientid, peername, trace_tag, …}}`.
// Payloads follow the trace's encoding: text (falls back to hex when the bytes are not UTF-8, as EMQX does),
// hex (upper-case) or hidden (`******`).
import type { PayloadEncode, TraceFormatter } from './log-trace.store';

export type MetaValue = string | number | boolean | null | Buffer | MetaValue[] | { [k: string]: MetaValue };

export interface TraceEntry {
  tag: string;
  msg: string;
  clientid?: string;
  /** ip:port of the client */
  peername?: string;
  meta: Record<string, MetaValue | undefined>;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function encodePayload(payload: Buffer, encode: PayloadEncode): { payload: string; encode: PayloadEncode } {
  if (encode === 'hidden') return { payload: '******', encode };
  if (encode === 'text') {
    try {
      return { payload: utf8.decode(payload), encode };
    } catch {
      // not UTF-8: written as hex
    }
  }
  return { payload: payload.toString('hex').toUpperCase(), encode: 'hex' };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** RFC 3339 with microseconds in the node's local offset, as EMQX's trace lines start */
export function rfc3339Micro(ms: number, micro = 0): string {
  const d = new Date(ms);
  const off = -d.getTimezoneOffset();
  const sign = off >= 0 ? '+' : '-';
  const abs = Math.abs(off);
  const frac = pad(d.getMilliseconds(), 3) + pad(micro, 3);
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` +
    `.${frac}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

function textValue(v: MetaValue): string {
  if (v === null) return 'undefined';
  if (Buffer.isBuffer(v)) return v.toString('hex').toUpperCase();
  if (Array.isArray(v)) return `[${v.map(textValue).join(', ')}]`;
  if (typeof v === 'object')
    return `[${Object.entries(v)
      .map(([k, x]) => `${k}: ${textValue(x)}`)
      .join(', ')}]`;
  if (typeof v === 'number' && !Number.isInteger(v)) return v.toFixed(2);
  return String(v);
}

function jsonValue(v: MetaValue): unknown {
  if (Buffer.isBuffer(v)) return v.toString('hex').toUpperCase();
  if (Array.isArray(v)) return v.map(jsonValue);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, jsonValue(x)]));
  return v;
}

/** the entry's meta with its payload encoded (and `payload_encode` beside it) */
function prepared(entry: TraceEntry, encode: PayloadEncode): [string, MetaValue][] {
  const out: [string, MetaValue][] = [];
  for (const [k, v] of Object.entries(entry.meta)) {
    if (v === undefined) continue;
    if (k === 'payload' && Buffer.isBuffer(v)) {
      const p = encodePayload(v, encode);
      out.push(['payload', p.payload], ['payload_encode', p.encode]);
    } else out.push([k, v]);
  }
  return out;
}

export function formatEntry(entry: TraceEntry, encode: PayloadEncode, formatter: TraceFormatter, nowUs = (performance.timeOrigin + performance.now()) * 1000): string {
  const meta = prepared(entry, encode);
  const time = rfc3339Micro(Math.floor(nowUs / 1000), Math.floor(nowUs % 1000));
  if (formatter === 'json') {
    const m: Record<string, unknown> = {};
    if (entry.clientid !== undefined) m.clientid = entry.clientid;
    if (entry.peername !== undefined) m.peername = entry.peername;
    m.trace_tag = entry.tag;
    for (const [k, v] of meta) m[k] = jsonValue(v);
    return `${JSON.stringify({ time, level: 'debug', msg: entry.msg, meta: m })}\n`;
  }
  const weight = (k: string) => (k === 'payload' ? 2 : 1);
  meta.sort(([a], [b]) => weight(a) - weight(b) || (a < b ? -1 : a > b ? 1 : 0));
  const kvs = meta.map(([k, v]) => `${k}: ${textValue(v)}`).join(', ');
  return `${time} [${entry.tag}] ${entry.clientid ?? ''}@${entry.peername ?? ''} msg: ${entry.msg}${kvs ? `, ${kvs}` : ''}\n`;
}
