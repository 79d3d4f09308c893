// PROXY protocol v1 (text) and v2 (binary) headers, as HAProxy, nginx and cloud load balancers send them ahead of
// the client's bytes (https://www.haproxy.org/download/2.9/doc/proxy-protocol.txt). EMQX's esockd detects the
// version by itself; so does this reader. Written here rather than taken from npm: the parsers there take a complete
// header, and the part a listener needs is knowing, chunk by chunk, where the header ends and refusing garbage early.
import { isIP } from 'node:net';

export interface ProxyAddress {
  host: string;
  port: number;
}

/** what a complete header says: `source`/`dest` are absent for v1 UNKNOWN and v2 LOCAL (keep the socket's own) */
export interface ProxyHeader {
  version: 1 | 2;
  /** bytes of the stream the header used; what follows belongs to the client (TLS or MQTT) */
  length: number;
  source?: ProxyAddress;
  dest?: ProxyAddress;
}

const V1_PREFIX = Buffer.from('PROXY ');
const V1_MAX = 107; // the longest v1 line, CRLF included
const V2_SIGNATURE = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);

export class ProxyHeaderError extends Error {}

/** a prefix of `buf` that could still become `expected` */
function startsLike(buf: Buffer, expected: Buffer): boolean {
  const n = Math.min(buf.length, expected.length);
  return buf.subarray(0, n).equals(expected.subarray(0, n));
}

/**
 * The header at the start of `buf`, or undefined while more bytes are needed.
 * Throws ProxyHeaderError as soon as the bytes cannot be a PROXY header.
 */
export function readProxyHeader(buf: Buffer): ProxyHeader | undefined {
  if (buf.length === 0) return undefined;
  if (startsLike(buf, V1_PREFIX)) return readV1(buf);
  if (startsLike(buf, V2_SIGNATURE)) return readV2(buf);
  throw new ProxyHeaderError('not a PROXY protocol header');
}

function readV1(buf: Buffer): ProxyHeader | undefined {
  const end = buf.indexOf('\r\n');
  if (end < 0) {
    if (buf.length >= V1_MAX) throw new ProxyHeaderError('PROXY v1 line longer than 107 bytes');
    return undefined;
  }
  if (end + 2 > V1_MAX) throw new ProxyHeaderError('PROXY v1 line longer than 107 bytes');
  const parts = buf.toString('latin1', 0, end).split(' ');
  const length = end + 2;
  if (parts[1] === 'UNKNOWN') return { version: 1, length };
  if (parts.length !== 6 || (parts[1] !== 'TCP4' && parts[1] !== 'TCP6')) throw new ProxyHeaderError('malformed PROXY v1 line');
  const family = parts[1] === 'TCP4' ? 4 : 6;
  const source = v1Address(parts[2], parts[4], family);
  const dest = v1Address(parts[3], parts[5], family);
  return { version: 1, length, source, dest };
}

function v1Address(host: string, port: string, family: 4 | 6): ProxyAddress {
  const n = Number(port);
  if (isIP(host) !== family || !/^\d{1,5}$/.test(port) || n > 65535) throw new ProxyHeaderError(`malformed PROXY v1 address ${host} ${port}`);
  return { host, port: n };
}

function readV2(buf: Buffer): ProxyHeader | undefined {
  if (buf.length < 16) return undefined;
  const verCmd = buf[12];
  if (verCmd >> 4 !== 2) throw new ProxyHeaderError('unsupported PROXY v2 version');
  const cmd = verCmd & 0x0f;
  if (cmd > 1) throw new ProxyHeaderError('unknown PROXY v2 command');
  const length = 16 + buf.readUInt16BE(14);
  if (buf.length < length) return undefined;
  // LOCAL (health checks of the proxy itself) and unspecified/UNIX/UDP families keep the socket's addresses
  if (cmd === 0) return { version: 2, length };
  const body = buf.subarray(16, length);
  switch (buf[13]) {
    case 0x11: // TCP over IPv4
      if (body.length < 12) throw new ProxyHeaderError('short PROXY v2 IPv4 block');
      return {
        version: 2,
        length,
        source: { host: [...body.subarray(0, 4)].join('.'), port: body.readUInt16BE(8) },
        dest: { host: [...body.subarray(4, 8)].join('.'), port: body.readUInt16BE(10) },
      };
    case 0x21: // TCP over IPv6
      if (body.length < 36) throw new ProxyHeaderError('short PROXY v2 IPv6 block');
      return {
        version: 2,
        length,
        source: { host: ipv6(body.subarray(0, 16)), port: body.readUInt16BE(32) },
        dest: { host: ipv6(body.subarray(16, 32)), port: body.readUInt16BE(34) },
      };
    default:
      return { version: 2, length };
  }
}

/** compact IPv6 text (longest zero run as ::), IPv4-mapped shown as the IPv4 address as the listeners show it */
function ipv6(bytes: Buffer): string {
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(bytes.readUInt16BE(i));
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return [...bytes.subarray(12, 16)].join('.');
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}
