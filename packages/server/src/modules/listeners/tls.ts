// TLS material of ssl/wss listeners. As EMQX does, PEM text sent in `ssl_options.{certfile,keyfile,cacertfile}`
// is written to a file under the data dir and the option then holds that file's path. The shipped default
// paths (${EMQX_ETC_DIR}/certs/...) mean the node's own self-signed pair (plugins/certs.ts).
// `ssl_options.password` is the passphrase of an encrypted keyfile: a secret, masked and restored by key name
// (configs/configs.secrets.ts) as every other secret.
import { createPrivateKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tls } from '../../config/listeners';

const PEM_KEYS = ['certfile', 'keyfile', 'cacertfile'] as const;
const isPem = (v: unknown): v is string => typeof v === 'string' && v.trimStart().startsWith('-----BEGIN');
const isShippedDefault = (v: unknown) => typeof v !== 'string' || v === '' || v.includes('${EMQX_ETC_DIR}');

/** Returns a copy of the raw listener config whose PEM contents are replaced by the paths of stored files. */
export function storePems(dataDir: string, id: string, raw: Record<string, any>): Record<string, any> {
  const ssl = raw.ssl_options;
  if (!ssl || typeof ssl !== 'object') return raw;
  const out = { ...ssl };
  for (const key of PEM_KEYS) {
    if (!isPem(ssl[key])) continue;
    const dir = join(dataDir, 'certs', 'listeners', id.replace(':', '-'));
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${key.replace('file', '')}.pem`);
    writeFileSync(file, ssl[key], { mode: key === 'keyfile' ? 0o600 : 0o644 });
    out[key] = file;
  }
  return { ...raw, ssl_options: out };
}

function readPem(ssl: Record<string, any>, key: (typeof PEM_KEYS)[number]): Buffer {
  const file = String(ssl[key]);
  if (!existsSync(file)) throw new Error(`ssl_options.${key}: file not found: ${file}`);
  const content = readFileSync(file);
  if (!content.toString('utf8').includes('-----BEGIN')) throw new Error(`ssl_options.${key}: ${file} is not a PEM file`);
  return content;
}

/** The cert/key (and CA) a listener serves; the node's generated pair where the shipped defaults are set. */
export async function resolveTls(raw: Record<string, any>, nodeDefault: () => Promise<Tls>): Promise<Tls> {
  const ssl = (raw.ssl_options ?? {}) as Record<string, any>;
  const usesDefault = isShippedDefault(ssl.certfile) && isShippedDefault(ssl.keyfile);
  if (!usesDefault && (isShippedDefault(ssl.certfile) || isShippedDefault(ssl.keyfile))) {
    throw new Error('ssl_options: certfile and keyfile must be given together');
  }
  const base = usesDefault ? await nodeDefault() : { cert: readPem(ssl, 'certfile'), key: privateKey(readPem(ssl, 'keyfile'), ssl.password) };
  return isShippedDefault(ssl.cacertfile) ? base : { ...base, ca: readPem(ssl, 'cacertfile') };
}

/**
 * The keyfile as the TLS server takes it: an encrypted key is decrypted here with ssl_options.password, so a
 * missing or wrong passphrase is refused with its reason when the listener is saved, not at the first handshake.
 */
function privateKey(pem: Buffer, password: unknown): Buffer {
  const passphrase = typeof password === 'string' && password !== '' ? password : undefined;
  const encrypted = /ENCRYPTED/.test(pem.toString('utf8'));
  if (!encrypted) return pem;
  if (!passphrase) throw new Error('ssl_options.keyfile is encrypted: ssl_options.password (its passphrase) is required');
  try {
    return Buffer.from(createPrivateKey({ key: pem, format: 'pem', passphrase }).export({ type: 'pkcs8', format: 'pem' }));
  } catch {
    throw new Error('ssl_options.password: cannot decrypt ssl_options.keyfile with this passphrase');
  }
}
