/**
 * The server's certificate and key as DTLS uses them (which suite and signature algorithm they allow), and the
 * check of a client's certificate chain against the listener's CA bundle (verify_peer).
 */
import { X509Certificate, constants, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { SUITE } from './messages';

/** SignatureAndHashAlgorithm codes (RFC 5246 §7.4.1.4.1, RFC 8446 §4.2.3 for PSS). */
export const SIG = {
  rsa_pkcs1_sha256: 0x0401,
  rsa_pkcs1_sha384: 0x0501,
  ecdsa_secp256r1_sha256: 0x0403,
  ecdsa_secp384r1_sha384: 0x0503,
  rsa_pss_rsae_sha256: 0x0804,
  rsa_pss_rsae_sha384: 0x0805,
} as const;

const HASH: Record<number, string> = {
  [SIG.rsa_pkcs1_sha256]: 'sha256',
  [SIG.rsa_pkcs1_sha384]: 'sha384',
  [SIG.ecdsa_secp256r1_sha256]: 'sha256',
  [SIG.ecdsa_secp384r1_sha384]: 'sha384',
  [SIG.rsa_pss_rsae_sha256]: 'sha256',
  [SIG.rsa_pss_rsae_sha384]: 'sha384',
};
const PSS = new Set<number>([SIG.rsa_pss_rsae_sha256, SIG.rsa_pss_rsae_sha384]);
const RSA_ALGS = new Set<number>([SIG.rsa_pkcs1_sha256, SIG.rsa_pkcs1_sha384, SIG.rsa_pss_rsae_sha256, SIG.rsa_pss_rsae_sha384]);
const EC_ALGS = new Set<number>([SIG.ecdsa_secp256r1_sha256, SIG.ecdsa_secp384r1_sha384]);

/** the algorithms a client may use in CertificateVerify, in the order CertificateRequest lists them */
export const ACCEPTED_CLIENT_SIGS = [
  SIG.ecdsa_secp256r1_sha256,
  SIG.ecdsa_secp384r1_sha384,
  SIG.rsa_pss_rsae_sha256,
  SIG.rsa_pss_rsae_sha384,
  SIG.rsa_pkcs1_sha256,
  SIG.rsa_pkcs1_sha384,
];

export function pemBlocks(pem: string | Buffer): Buffer[] {
  const text = pem.toString();
  const out: Buffer[] = [];
  for (const m of text.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)) out.push(Buffer.from(m[1].replace(/\s+/g, ''), 'base64'));
  return out;
}

export interface ServerIdentity {
  chain: Buffer[];
  key: KeyObject;
  suite: number;
  /** an EC certificate's curve as a named group: the client must list it in supported_groups (RFC 8422 §5.1) */
  curveGroup?: number;
  /** the algorithm to sign ServerKeyExchange with, among those the client offers; undefined when none fits */
  sigAlg(clientAlgs: number[]): number | undefined;
}

export function serverIdentity(cert: string | Buffer, key: string | Buffer): ServerIdentity {
  const chain = pemBlocks(cert);
  if (chain.length === 0) throw new Error('dtls_options.certfile holds no PEM certificate');
  const k = createPrivateKey(key);
  const type = k.asymmetricKeyType;
  if (type === 'ec') {
    const curve = k.asymmetricKeyDetails?.namedCurve;
    const alg = curve === 'prime256v1' ? SIG.ecdsa_secp256r1_sha256 : curve === 'secp384r1' ? SIG.ecdsa_secp384r1_sha384 : undefined;
    if (alg === undefined) throw new Error(`the DTLS server signs with P-256 or P-384 EC keys, not ${curve}`);
    const curveGroup = curve === 'prime256v1' ? 23 : 24;
    return { chain, key: k, suite: SUITE.ECDHE_ECDSA_AES_128_GCM_SHA256, curveGroup, sigAlg: (c) => (c.includes(alg) ? alg : undefined) };
  }
  if (type === 'rsa') {
    return {
      chain,
      key: k,
      suite: SUITE.ECDHE_RSA_AES_128_GCM_SHA256,
      sigAlg: (c) => [SIG.rsa_pss_rsae_sha256, SIG.rsa_pkcs1_sha256].find((a) => c.includes(a)),
    };
  }
  throw new Error(`the DTLS server needs an RSA or EC key, not ${type}`);
}

export function signWith(alg: number, key: KeyObject, data: Buffer): Buffer {
  return sign(HASH[alg], data, PSS.has(alg) ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 } : key);
}

/** true when `signature` over `data` checks with the certificate's key and the algorithm fits the key type */
export function verifyWith(alg: number, cert: X509Certificate, data: Buffer, signature: Buffer): boolean {
  const hash = HASH[alg];
  if (!hash) return false;
  const pub = createPublicKey(cert.publicKey.export({ format: 'pem', type: 'spki' }));
  const kind = pub.asymmetricKeyType;
  if ((kind === 'rsa' && !RSA_ALGS.has(alg)) || (kind === 'ec' && !EC_ALGS.has(alg)) || (kind !== 'rsa' && kind !== 'ec')) return false;
  try {
    return verify(hash, data, PSS.has(alg) ? { key: pub, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_AUTO } : pub, signature);
  } catch {
    return false;
  }
}

/** what a listener's dtls_options allow, checked (socket.ts dtlsPolicy) */
export interface DtlsPolicy {
  identity: ServerIdentity;
  /** cipher suites allowed by dtls_options.ciphers (empty: all we implement) */
  suites: number[];
  verifyPeer: boolean;
  failIfNoPeerCert: boolean;
  cas: X509Certificate[];
  depth: number;
  handshakeTimeoutMs: number;
}

export type ChainVerdict = { ok: true; leaf: X509Certificate } | { ok: false; alert: 'bad_certificate' | 'unknown_ca' | 'certificate_expired'; reason: string };

function current(c: X509Certificate, now: number): boolean {
  return Date.parse(c.validFrom) <= now && now <= Date.parse(c.validTo);
}

/**
 * The client's chain (leaf first, then intermediates it sent) must lead to a certificate of the CA bundle, every link
 * signed by the next and within its validity, with at most `depth` intermediates (EMQX's dtls_options.depth).
 */
export function verifyClientChain(ders: Buffer[], cas: X509Certificate[], depth: number, now = Date.now()): ChainVerdict {
  let certs: X509Certificate[];
  try {
    certs = ders.map((d) => new X509Certificate(d));
  } catch {
    return { ok: false, alert: 'bad_certificate', reason: 'the client certificate cannot be parsed' };
  }
  const leaf = certs[0];
  let cur = leaf;
  const pool = certs.slice(1);
  for (let hops = 0; hops <= depth + 1; hops++) {
    if (!current(cur, now)) return { ok: false, alert: 'certificate_expired', reason: `certificate ${cur.subject} is outside its validity period` };
    const anchor = cas.find((ca) => cur.checkIssued(ca) && cur.verify(ca.publicKey));
    if (anchor) {
      if (!current(anchor, now)) return { ok: false, alert: 'certificate_expired', reason: `CA certificate ${anchor.subject} is outside its validity period` };
      return { ok: true, leaf };
    }
    const next = pool.find((p) => cur.checkIssued(p) && cur.verify(p.publicKey) && p.ca);
    if (!next || hops === depth) break;
    cur = next;
  }
  return { ok: false, alert: 'unknown_ca', reason: `no trusted CA issued the client certificate ${leaf.subject.replace(/\n/g, ', ')}` };
}
