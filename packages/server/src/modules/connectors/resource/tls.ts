// An EMQX `ssl` object (emqx_schema client ssl opts) as Node's TLS client options, for connector types: PEM text or
// a file path in cacertfile/certfile/keyfile, verify_peer/verify_none, server_name_indication (auto, disable or a
// name), versions. Undefined when `enable` is not true.
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';

const pem = (v: unknown): string | undefined => {
  if (typeof v !== 'string' || v === '') return undefined;
  if (v.trimStart().startsWith('-----BEGIN')) return v;
  return readFileSync(v, 'utf8');
};

const VERSIONS: Record<string, ConnectionOptions['minVersion']> = { 'tlsv1.3': 'TLSv1.3', 'tlsv1.2': 'TLSv1.2', 'tlsv1.1': 'TLSv1.1', tlsv1: 'TLSv1' };

export function clientTls(ssl: unknown): ConnectionOptions | undefined {
  if (!ssl || typeof ssl !== 'object') return undefined;
  const s = ssl as Record<string, unknown>;
  if (s.enable !== true) return undefined;
  const out: ConnectionOptions = { rejectUnauthorized: s.verify === 'verify_peer' };
  const ca = pem(s.cacertfile);
  const cert = pem(s.certfile);
  const key = pem(s.keyfile);
  if (ca) out.ca = ca;
  if (cert) out.cert = cert;
  if (key) out.key = key;
  if (typeof s.password === 'string' && s.password !== '') out.passphrase = s.password;
  const sni = s.server_name_indication;
  if (typeof sni === 'string' && sni !== 'auto' && sni !== 'disable') out.servername = sni;
  if (Array.isArray(s.versions)) {
    const order = ['tlsv1', 'tlsv1.1', 'tlsv1.2', 'tlsv1.3'];
    const given = s.versions.filter((v): v is string => typeof v === 'string' && v in VERSIONS).sort((a, b) => order.indexOf(a) - order.indexOf(b));
    if (given.length) {
      out.minVersion = VERSIONS[given[0]];
      out.maxVersion = VERSIONS[given[given.length - 1]];
    }
  }
  if (Array.isArray(s.ciphers) && s.ciphers.length) out.ciphers = s.ciphers.join(':');
  return out;
}
