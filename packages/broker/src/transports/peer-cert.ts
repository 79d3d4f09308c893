// A client certificate's subject as EMQX 5.8 shows it (esockd's RFC 4514 rendering): the DN lists the RDNs in
// reverse order ("CN=dev1,O=Acme,C=SE"), escapes the special characters and every byte outside 32..125 as \XX;
// the CN is the unescaped common name (several CNs joined with ","). Node's own subject object loses the order,
// the multi-valued RDNs and the escaping, so the DER subject is read here directly.
import { createHash } from 'node:crypto';
import type { PeerCertAs } from '../types';

interface Tlv {
  tag: number;
  start: number; // first content byte
  end: number; // one past the last content byte
}

function readTlv(der: Buffer, at: number): Tlv {
  const tag = der[at];
  let len = der[at + 1];
  let start = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4) throw new Error('unsupported DER length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + der[start + i];
    start += n;
  }
  const end = start + len;
  if (tag === undefined || end > der.length) throw new Error('truncated DER');
  return { tag, start, end };
}

function children(der: Buffer, parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let at = parent.start; at < parent.end;) {
    const t = readTlv(der, at);
    out.push(t);
    at = t.end;
  }
  return out;
}

function oidOf(bytes: Buffer): string {
  const parts = [Math.floor(bytes[0] / 40), bytes[0] % 40];
  let v = 0;
  for (let i = 1; i < bytes.length; i++) {
    v = v * 128 + (bytes[i] & 0x7f);
    if (!(bytes[i] & 0x80)) {
      parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}

/** the attribute short names esockd knows; others print as their dotted OID */
const NAMES: Record<string, string> = {
  '2.5.4.4': 'SN',
  '2.5.4.42': 'GIVENNAME',
  '2.5.4.43': 'INITIALS',
  '2.5.4.44': 'GENERATIONQUALIFIER',
  '2.5.4.3': 'CN',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.12': 'TITLE',
  '2.5.4.6': 'C',
  '2.5.4.5': 'SERIALNUMBER',
  '2.5.4.65': 'PSEUDONYM',
  '0.9.2342.19200300.100.1.25': 'DC',
  '1.2.840.113549.1.9.1': 'EMAILADDRESS',
  '2.5.4.9': 'STREET',
  '0.9.2342.19200300.100.1.1': 'UID',
};

const UTF8 = 0x0c;
const PRINTABLE = 0x13;
const TELETEX = 0x14;
const IA5 = 0x16;
const UNIVERSAL = 0x1c;
const BMP = 0x1e;

/** an attribute value as text (UTF-8 for the Unicode string types, one char per byte for the byte types) */
function valueText(tag: number, bytes: Buffer): string | undefined {
  switch (tag) {
    case UTF8:
      return bytes.toString('utf8');
    case PRINTABLE:
    case IA5:
    case TELETEX:
      return bytes.toString('latin1');
    case BMP:
      return Buffer.from(bytes).swap16().toString('utf16le');
    case UNIVERSAL: {
      let s = '';
      for (let i = 0; i + 3 < bytes.length; i += 4) s += String.fromCodePoint(bytes.readUInt32BE(i));
      return s;
    }
    default:
      return undefined;
  }
}

/** RFC 4514 escaping as esockd does it, applied to the UTF-8 bytes of the value */
function escapeValue(text: string, tag: number): string {
  const bytes = tag === PRINTABLE || tag === IA5 ? Buffer.from(text, 'latin1') : Buffer.from(text, 'utf8');
  let out = '';
  bytes.forEach((c, i) => {
    const ch = String.fromCharCode(c);
    if (i === 0 && (ch === ' ' || ch === '#')) out += `\\${ch}`;
    else if (i === bytes.length - 1 && ch === ' ') out += '\\ ';
    else if ('"+,;<>\\'.includes(ch)) out += `\\${ch}`;
    else if (c < 32 || c >= 126) out += `\\${c.toString(16).toUpperCase().padStart(2, '0')}`;
    else out += ch;
  });
  return out;
}

function rawValue(bytes: Buffer): string {
  const printable = bytes.every((c) => c >= 32 && c < 127);
  return printable ? `<<"${bytes.toString('latin1')}">>` : `<<${[...bytes].join(',')}>>`;
}

export interface CertSubject {
  dn: string;
  cn?: string;
}

/** subject DN and CN of a DER certificate; undefined when the certificate cannot be read */
export function certSubject(der: Buffer): CertSubject | undefined {
  try {
    const cert = readTlv(der, 0);
    const tbs = children(der, cert)[0];
    const fields = children(der, tbs);
    // tbsCertificate: [0] version (optional), serial, signature, issuer, validity, subject, ...
    const subject = fields[fields[0].tag === 0xa0 ? 5 : 4];
    const rdns: string[] = [];
    const cns: string[] = [];
    for (const rdn of children(der, subject)) {
      const parts: string[] = [];
      for (const atv of children(der, rdn)) {
        const [type, value] = children(der, atv);
        const oid = oidOf(der.subarray(type.start, type.end));
        const bytes = der.subarray(value.start, value.end);
        const text = valueText(value.tag, bytes);
        parts.push(`${NAMES[oid] ?? oid}=${text === undefined ? rawValue(bytes) : escapeValue(text, value.tag)}`);
        if (oid === '2.5.4.3' && text !== undefined) cns.push(text);
      }
      rdns.push(parts.join('+'));
    }
    return { dn: rdns.reverse().join(','), cn: cns.length > 0 ? cns.join(',') : undefined };
  } catch {
    return undefined;
  }
}

/**
 * EMQX's peer_cert_as_username / peer_cert_as_clientid value: cn, dn, the DER bytes (crt, as one char per byte),
 * their base64 (pem: EMQX encodes the DER without PEM armour) or the lowercase hex MD5 of the DER (md5).
 */
export function peerCertAs(mode: PeerCertAs, cert: { der?: Buffer; subject?: string; commonName?: string }): string | undefined {
  switch (mode) {
    case 'cn':
      return cert.commonName;
    case 'dn':
      return cert.subject;
    case 'crt':
      return cert.der?.toString('latin1');
    case 'pem':
      return cert.der?.toString('base64');
    case 'md5':
      return cert.der ? createHash('md5').update(cert.der).digest('hex') : undefined;
    default:
      return undefined;
  }
}
