import tls, { type SecureContextOptions, type TLSSocket, type TlsOptions } from 'node:tls';
import type { Socket } from 'node:net';
import type { ConnInfo, ListenerConfig } from '../types';
import { certSubject } from './peer-cert';

/** EMQX's ssl_options.handshake_timeout default */
const HANDSHAKE_TIMEOUT_MS = 15_000;

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
  versions.sort((a, b) => order.indexOf(a) - order.indexOf(b));
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

/**
 * verify_peer with fail_if_no_peer_cert=false: Node accepts any certificate when rejectUnauthorized is off, so a
 * presented certificate that does not chain to the listener's CA is refused here, right after the handshake
 * (as Erlang ssl refuses it during the handshake); a client without a certificate goes on.
 * verify_peer with fail_if_no_peer_cert=true is Node's own rejectUnauthorized, verify_none asks for no certificate.
 */
export function untrustedPeer(socket: TLSSocket, config: ListenerConfig): boolean {
  if (!config.tls?.verify || socket.authorized) return false;
  const cert = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate(false) : undefined;
  return !!cert && Object.keys(cert).length > 0;
}

/**
 * The TLS side of a listener: a tls.Server that never listens. Each accepted socket (after its PROXY header, if any)
 * is given to it; `onSecure` gets the TLS socket and the accepted one once the handshake is done and the client
 * certificate passed verify / fail_if_no_peer_cert / depth. A handshake still running after handshake_timeout
 * (EMQX default 15 s), or failing, closes the socket.
 */
export function tlsFront(config: ListenerConfig, onSecure: (socket: TLSSocket, accepted: Socket) => void): (accepted: Socket) => void {
  const server = tls.createServer({ ...tlsOptions(config), handshakeTimeout: config.tls?.handshakeTimeout ?? HANDSHAKE_TIMEOUT_MS });
  server.on('tlsClientError', (_err: Error, socket: TLSSocket) => socket.destroy());
  server.on('secureConnection', (socket: TLSSocket) => {
    if (untrustedPeer(socket, config) || tooDeep(socket, config)) {
      socket.destroy();
      return;
    }
    // Node keeps the wrapped socket as _parent; it is how a TLS socket finds what its accepted socket was told
    // by a PROXY header
    onSecure(socket, (socket as TLSSocket & { _parent?: Socket })._parent ?? socket);
  });
  return (accepted) => server.emit('connection', accepted);
}

/**
 * ssl_options.depth: the most non-self-issued intermediate certificates allowed between a verified client
 * certificate and the trusted root (0 = signed by the root itself). Node has no verify-depth option, so the verified
 * chain Node reports (the client's certificate up to the CA it chained to) is counted after the handshake.
 */
function tooDeep(socket: TLSSocket, config: ListenerConfig): boolean {
  const depth = config.tls?.depth;
  if (!config.tls?.verify || depth === undefined || !socket.authorized) return false;
  let cert = socket.getPeerCertificate(true);
  if (!cert || Object.keys(cert).length === 0) return false;
  let intermediates = -1; // the client certificate itself is not one
  const seen = new Set<string>();
  while (cert && !seen.has(cert.fingerprint256)) {
    seen.add(cert.fingerprint256);
    const issuer: tls.DetailedPeerCertificate | undefined = cert.issuerCertificate;
    // the root issues itself: it is neither the peer nor an intermediate
    if (!issuer || issuer.fingerprint256 === cert.fingerprint256) break;
    intermediates++;
    cert = issuer;
  }
  return intermediates > depth;
}

/** ConnInfo.peerCert: EMQX's DN and CN of the client certificate plus its DER bytes */
export function peerCertOf(socket: TLSSocket): ConnInfo['peerCert'] {
  const cert = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate(false) : undefined;
  if (!cert?.raw) return undefined;
  const subject = certSubject(cert.raw);
  const pem = `-----BEGIN CERTIFICATE-----\n${cert.raw
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END CERTIFICATE-----\n`;
  return { subject: subject?.dn, commonName: subject?.cn, pem, der: cert.raw };
}
