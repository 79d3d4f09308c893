/**
 * STOMP 1.0–1.2 frames (https://stomp.github.io/stomp-specification-1.2.html): a streaming parser with EMQX's frame
 * limits (gateway.stomp.frame: max_headers, max_headers_length, max_body_length) and the serializer.
 *
 *   frame   = command EOL *(header EOL) EOL body NUL ; EOL = LF or CR LF
 *   header  = name ":" value   (1.2 escapes \r \n \c \\ in names and values, except in CONNECT and CONNECTED)
 *
 * An EOL between frames is a heart-beat. A repeated header keeps its first value. With content-length the body is
 * exactly that many octets followed by NUL; without it the body ends at the first NUL.
 */

export interface StompFrame {
  /** 'CONNECT', 'SEND', ... or 'HEARTBEAT' for an EOL between frames */
  command: string;
  /** headers in arrival order, first occurrence of each name only */
  headers: Array<[string, string]>;
  body: Buffer;
}

export interface FrameLimits {
  max_headers: number;
  max_headers_length: number;
  max_body_length: number;
}

/** EMQX's defaults (emqx_stomp_schema). */
export const DEFAULT_FRAME_LIMITS: FrameLimits = { max_headers: 10, max_headers_length: 1024, max_body_length: 65536 };

export class StompFrameError extends Error {
  constructor(
    /** EMQX's reason word: too_many_headers, too_long_header, too_long_body, linefeed_expected, ... */
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const NO_ESCAPE = new Set(['CONNECT', 'CONNECTED']);
const MAX_COMMAND = 64;

export function header(frame: StompFrame, name: string): string | undefined {
  for (const [k, v] of frame.headers) if (k === name) return v;
  return undefined;
}

function unescape(s: string): string {
  if (!s.includes('\\')) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = s[++i];
    if (n === 'r') out += '\r';
    else if (n === 'n') out += '\n';
    else if (n === 'c') out += ':';
    else if (n === '\\') out += '\\';
    else throw new StompFrameError('cannot_unescape', `Frame error: undefined escape sequence \\${n ?? ''} in a header`);
  }
  return out;
}

function escape(s: string): string {
  return s.replace(/[\\\r\n:]/g, (c) => (c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c'));
}

/** Incremental parser: feed socket chunks, get whole frames; throws StompFrameError on a malformed or oversized frame. */
export class StompParser {
  private buf: Buffer = Buffer.alloc(0);
  constructor(private readonly limits: FrameLimits = DEFAULT_FRAME_LIMITS) {}

  push(chunk: Buffer): StompFrame[] {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    const out: StompFrame[] = [];
    for (;;) {
      const frame = this.next();
      if (!frame) break;
      out.push(frame);
    }
    return out;
  }

  private next(): StompFrame | undefined {
    const b = this.buf;
    if (b.length === 0) return undefined;
    // heart-beats: EOLs between frames
    if (b[0] === LF) {
      this.buf = b.subarray(1);
      return { command: 'HEARTBEAT', headers: [], body: Buffer.alloc(0) };
    }
    if (b[0] === CR) {
      if (b.length < 2) return undefined;
      if (b[1] !== LF) throw new StompFrameError('linefeed_expected', 'Frame error: a line feed was expected after a carriage return');
      this.buf = b.subarray(2);
      return { command: 'HEARTBEAT', headers: [], body: Buffer.alloc(0) };
    }
    const L = this.limits;
    // the header section ends at an empty line
    let end = -1;
    let bodyStart = -1;
    for (let i = b.indexOf(LF); i >= 0; i = b.indexOf(LF, i + 1)) {
      if (b[i + 1] === LF) {
        end = i;
        bodyStart = i + 2;
        break;
      }
      if (b[i + 1] === CR && b[i + 2] === LF) {
        end = i;
        bodyStart = i + 3;
        break;
      }
      if (i + 2 >= b.length) break;
    }
    if (end < 0) {
      const bound = MAX_COMMAND + (L.max_headers + 1) * (L.max_headers_length + 8);
      if (b.length > bound) throw new StompFrameError('too_long_header', `Frame error: the headers of the frame exceed ${L.max_headers} headers of ${L.max_headers_length} bytes`);
      return undefined;
    }
    const lines = b
      .subarray(0, end)
      .toString('utf8')
      .split('\n')
      .map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
    const command = lines[0];
    if (command === '' || command.length > MAX_COMMAND) throw new StompFrameError('bad_command', 'Frame error: the frame has no command');
    const escaped = !NO_ESCAPE.has(command);
    const headers: Array<[string, string]> = [];
    let count = 0;
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon < 0) throw new StompFrameError('unexpected_linefeed', `Frame error: header line without a colon: ${JSON.stringify(line.slice(0, 40))}`);
      const name = escaped ? unescape(line.slice(0, colon)) : line.slice(0, colon);
      // EMQX (emqx_stomp_frame) skips one space after the colon
      const raw = line[colon + 1] === ' ' ? line.slice(colon + 2) : line.slice(colon + 1);
      const value = escaped ? unescape(raw) : raw;
      count++;
      if (count > L.max_headers) throw new StompFrameError('too_many_headers', `Frame error: too many headers (at most ${L.max_headers})`);
      const len = Buffer.byteLength(name) + Buffer.byteLength(value);
      if (len > L.max_headers_length) throw new StompFrameError('too_long_header', `Frame error: header ${name} is ${len} bytes long (at most ${L.max_headers_length})`);
      if (!headers.some(([k]) => k === name)) headers.push([name, value]);
    }
    const cl = headers.find(([k]) => k === 'content-length')?.[1];
    let body: Buffer;
    let rest: number;
    if (cl !== undefined) {
      if (!/^\d+$/.test(cl.trim())) throw new StompFrameError('bad_content_length', `Frame error: content-length ${JSON.stringify(cl)} is not a number`);
      const n = Number(cl.trim());
      if (n > L.max_body_length) throw tooLong(n, L);
      if (b.length < bodyStart + n + 1) return undefined;
      if (b[bodyStart + n] !== NUL) throw new StompFrameError('bad_body', 'Frame error: the body does not end with a NUL octet where content-length says');
      body = b.subarray(bodyStart, bodyStart + n);
      rest = bodyStart + n + 1;
    } else {
      const nul = b.indexOf(NUL, bodyStart);
      if (nul < 0) {
        if (b.length - bodyStart > L.max_body_length) throw tooLong(b.length - bodyStart, L);
        return undefined;
      }
      if (nul - bodyStart > L.max_body_length) throw tooLong(nul - bodyStart, L);
      body = b.subarray(bodyStart, nul);
      rest = nul + 1;
    }
    this.buf = b.subarray(rest);
    return { command, headers, body: Buffer.from(body) };
  }
}

function tooLong(n: number, L: FrameLimits): StompFrameError {
  return new StompFrameError('too_long_body', `Frame error: the body is ${n} bytes long (at most ${L.max_body_length})`);
}

/** Serialize a frame; content-length is set from the body (when not empty), as EMQX does. */
export function encodeFrame(frame: { command: string; headers?: Array<[string, string]>; body?: Buffer | string }): Buffer {
  if (frame.command === 'HEARTBEAT') return Buffer.from('\n');
  const body = frame.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(frame.body) ? frame.body : Buffer.from(frame.body);
  const esc = NO_ESCAPE.has(frame.command) ? (s: string) => s : escape;
  let head = `${frame.command}\n`;
  for (const [k, v] of frame.headers ?? []) {
    if (k === 'content-length') continue;
    head += `${esc(k)}:${esc(v)}\n`;
  }
  if (body.length > 0) head += `content-length:${body.length}\n`;
  head += '\n';
  return Buffer.concat([Buffer.from(head), body, Buffer.from([NUL])]);
}
