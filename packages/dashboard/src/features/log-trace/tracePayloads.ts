// The payloads of a trace log, read back from its lines so the trace view can decode them (issue 14). The node
// writes each payload in the trace's encoding (server log-trace/line-format.ts, as EMQX's formatters):
//   text: `<time> [<TAG>] <clientid>@<peer> msg: <msg>, <key>: <value>, …, payload_encode: hex, …, payload: <payload>`
//         (the payload last; a text payload may run over several lines)
//   json: `{"time", "msg", "meta": {topic, payload, payload_encode, …}}`
// `text` payloads are UTF-8 (the node writes hex when they are not), `hex` is the exact bytes, `hidden` has none.
import { toBase64 } from '../../shared/payload-decoding/bytes';

export interface TracedPayload {
  /** 1-based line of the log where the entry starts */
  line: number;
  time: string;
  msg: string;
  topic?: string;
  /** the payload's bytes, base64 */
  base64: string;
}

const TEXT_LINE = /^(\S+) \[[^\]]*\] .*? msg: (.*)$/;
const encoder = new TextEncoder();

function hexBytes(hex: string): Uint8Array | undefined {
  const clean = hex.trim();
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) return undefined;
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function bytesOf(payload: string, encode: string): Uint8Array | undefined {
  if (encode === 'hex') return hexBytes(payload);
  if (encode === 'text') return encoder.encode(payload);
  return undefined;
}

interface Pending {
  line: number;
  time: string;
  msg: string;
  topic?: string;
  encode: string;
  payload: string;
}

function textEntry(lineNo: number, line: string): Pending | undefined {
  const m = TEXT_LINE.exec(line);
  if (!m) return undefined;
  const rest = m[2];
  const enc = /(?:^|, )payload_encode: (text|hex|hidden)(?=, |$)/.exec(rest);
  if (!enc) return undefined;
  const at = rest.indexOf(', payload: ', enc.index);
  if (at < 0) return undefined;
  const msg = rest.slice(0, rest.indexOf(',') < 0 ? rest.length : rest.indexOf(','));
  // the topic runs to the next `, <key>: ` (keys are sorted, the payload comes last)
  const topic = /, topic: (.*?)(?=, [a-z_]+: )/.exec(rest.slice(0, at + ', payload: '.length));
  return { line: lineNo, time: m[1], msg, topic: topic?.[1], encode: enc[1], payload: rest.slice(at + ', payload: '.length) };
}

function jsonEntry(lineNo: number, line: string): Pending | undefined {
  try {
    const e = JSON.parse(line) as { time?: unknown; msg?: unknown; meta?: Record<string, unknown> };
    const meta = e.meta ?? {};
    if (typeof meta.payload !== 'string' || typeof meta.payload_encode !== 'string') return undefined;
    return {
      line: lineNo,
      time: String(e.time ?? ''),
      msg: String(e.msg ?? ''),
      topic: typeof meta.topic === 'string' ? meta.topic : undefined,
      encode: meta.payload_encode,
      payload: meta.payload,
    };
  } catch {
    return undefined;
  }
}

/** The newest `max` payloads of a trace log, newest first. */
export function tracePayloads(text: string, max = 50): TracedPayload[] {
  const out: TracedPayload[] = [];
  let pending: Pending | undefined;
  const flush = () => {
    const bytes = pending && bytesOf(pending.payload, pending.encode);
    if (pending && bytes) out.push({ line: pending.line, time: pending.time, msg: pending.msg, topic: pending.topic, base64: toBase64(bytes) });
    pending = undefined;
  };
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const entry = line.startsWith('{') ? jsonEntry(i + 1, line) : textEntry(i + 1, line);
    if (entry || TEXT_LINE.test(line) || line.startsWith('{')) {
      flush();
      pending = entry;
    } else if (pending?.encode === 'text' && i < lines.length - 1) {
      // a line that starts no entry continues a text payload (the log's last, empty split is not one)
      pending.payload += `\n${line}`;
    }
  }
  flush();
  return out.slice(-max).reverse();
}
