import type { SecureContextOptions, TLSSocket, TlsOptions } from 'node:tls';
import type { ListenerConfig } from '../types';

const VERSION: Record<string, SecureContextOptions['minVersion']> = {
  'tlsv1.3': 'TLSv1.3',
  'tlsv1.2': 'TLSv1.2',
  'tlsv1.1': 'TLSv1.1',
  tlsv1: 'TLSv1',
};

/** Node TLS server options from a listener's ssl_options (cert/key/ca as PEM text or Buffer). */
export function tlsOptions(config: ListenerConfig): TlsOptions {
  const t = config.tls;
  if (!t) throw new Error(`Listener ${config.id}: TLS options (cert, key) are required for ${config.type}`);
  const versions = (t.versions ?? []).map((v) => VERSION[v.toLowerCase()]).filter((v) => v !== undefined);
  const order = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'];
  versions.sort((a, b) => order.indexOf(a!) - order.indexOf(b!));
  return {
    cert: t.cert,
    key: t.key,
    ca: t.ca,
    requestCert: t.verify,
    rejectUnauthorized: t.verify && t.failIfNoPeerCert,
    ciphers: t.ciphers,
    minVersion: versions[0],
    maxVersion: versions[versions.length - 1],
  };
}

/** peer certificate subject/CN for ConnInfo.peerCert */
export function peerCertOf(socket: TLSSocket) {
  const cert = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate(false) : undefined;
  if (!cert || !cert.subject || Object.keys(cert.subject).length === 0) return undefined;
  const subject = Object.entries(cert.subject as unknown as Record<string, string>)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  const pem = cert.raw ? `-----BEGIN CERTIFICATE-----\n${cert.raw.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n` : undefined;
  const cn: string | string[] | undefined = cert.subject.CN;
  return { subject, commonName: Array.isArray(cn) ? cn[0] : cn, pem };
}
