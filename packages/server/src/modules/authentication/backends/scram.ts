// scram:built_in_database: MQTT 5 enhanced authentication with SCRAM-SHA-256 / SCRAM-SHA-512 (RFC 5802,
// RFC 7677). CONNECT carries client-first, we answer server-first in AUTH 0x18 (a `continue`), AUTH
// carries client-final, and the proof decides; CONNACK carries server-final (v=ServerSignature) so the client
// can check the server too. Users are the built-in users whose hash holds StoredKey:ServerKey. The exchange
// state lives here between the two calls, keyed by the broker's connection id (unique per connection, so two
// clients with the same id from the same host cannot mix their exchanges).
import { createHmac, randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import type { AuthnBackend, AuthnOutcome, Credential } from '../authenticator';
import { BAD_USERNAME_OR_PASSWORD, NOT_AUTHORIZED } from '../authenticator';
import type { HashAlgorithm } from '../password-hash';
import type { UsersRepo } from '../built-in-users.store';
import { bad, intField } from '../connectors/options';

/** v5 CONNACK 0x8C: the method is not the one this authenticator speaks */
const BAD_AUTHENTICATION_METHOD = 0x8c;

export function normalizeScram(raw: Record<string, unknown>): Record<string, unknown> {
  const algorithm = raw.algorithm ?? 'sha256';
  if (algorithm !== 'sha256' && algorithm !== 'sha512') throw bad('algorithm: expected sha256 or sha512');
  return { ...raw, algorithm, iteration_count: intField(raw, 'iteration_count', 4096, 1, 10_000_000) };
}

export const scramAlgorithm = (cfg: Record<string, unknown>): HashAlgorithm => ({
  name: 'scram',
  algorithm: cfg.algorithm as 'sha256' | 'sha512',
  iteration_count: cfg.iteration_count as number,
});

/** "a=1,b=2" → {a: '1', b: '2'} (values may contain '=') */
function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(',')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i)] = part.slice(i + 1);
  }
  return out;
}

/** RFC 5802 saslname: =2C is ',' and =3D is '=' */
const saslName = (s: string) => s.replace(/=2C/g, ',').replace(/=3D/g, '=');

interface Pending {
  userId: string;
  clientFirstBare: string;
  serverFirst: string;
  nonce: string;
  at: number;
}

const PENDING_TTL_MS = 60_000;

export function scramAuthn(id: string, cfg: Record<string, unknown>, users: UsersRepo): AuthnBackend {
  const algorithm = cfg.algorithm as 'sha256' | 'sha512';
  const method = `SCRAM-SHA-${algorithm === 'sha256' ? '256' : '512'}`;
  const iterations = cfg.iteration_count as number;
  const pending = new Map<string, Pending>();
  const sweep = (now: number) => {
    for (const [k, p] of pending) if (now - p.at > PENDING_TTL_MS) pending.delete(k);
  };

  function first(c: Credential, key: string, data: string): AuthnOutcome {
    // gs2 header: no channel binding ("n,," or "y,,"), no authzid
    const m = /^[ny],,(.*)$/s.exec(data);
    if (!m) return { result: 'deny', reasonCode: BAD_USERNAME_OR_PASSWORD };
    const bare = m[1];
    const a = attributes(bare);
    if (!a.n || !a.r) return { result: 'deny', reasonCode: BAD_USERNAME_OR_PASSWORD };
    const userId = saslName(a.n);
    const user = users.get(id, userId);
    if (!user) return { result: 'ignore' };
    const nonce = a.r + randomBytes(18).toString('base64');
    const serverFirst = `r=${nonce},s=${Buffer.from(user.salt).toString('base64')},i=${iterations}`;
    pending.set(key, { userId, clientFirstBare: bare, serverFirst, nonce, at: Date.now() });
    return { result: 'continue', authData: Buffer.from(serverFirst) };
  }

  function final(key: string, p: Pending, data: string): AuthnOutcome {
    pending.delete(key);
    const a = attributes(data);
    const withoutProof = data.slice(0, data.lastIndexOf(',p='));
    if (a.r !== p.nonce || !a.p || a.c === undefined || !data.includes(',p=')) return { result: 'deny', reasonCode: BAD_USERNAME_OR_PASSWORD };
    const user = users.get(id, p.userId);
    if (!user) return { result: 'deny', reasonCode: NOT_AUTHORIZED };
    const [storedHex, serverHex] = user.password_hash.split(':');
    const storedKey = Buffer.from(storedHex, 'hex');
    const authMessage = `${p.clientFirstBare},${p.serverFirst},${withoutProof}`;
    const signature = createHmac(algorithm, storedKey).update(authMessage).digest();
    const proof = Buffer.from(a.p, 'base64');
    if (proof.length !== signature.length) return { result: 'deny', reasonCode: BAD_USERNAME_OR_PASSWORD };
    const clientKey = Buffer.from(proof.map((b, i) => b ^ signature[i]));
    const ok = timingSafeEqual(createHash(algorithm).update(clientKey).digest(), storedKey);
    if (!ok) return { result: 'deny', reasonCode: BAD_USERNAME_OR_PASSWORD };
    // RFC 5802 server-final: ServerSignature = HMAC(ServerKey, AuthMessage)
    const serverSignature = createHmac(algorithm, Buffer.from(serverHex ?? '', 'hex'))
      .update(authMessage)
      .digest('base64');
    return { result: 'allow', isSuperuser: user.is_superuser, authData: Buffer.from(`v=${serverSignature}`) };
  }

  return {
    check(c) {
      if (!c.authMethod) return { result: 'ignore' };
      if (c.authMethod !== method) return { result: 'deny', reasonCode: BAD_AUTHENTICATION_METHOD };
      const key = c.connKey ?? c.clientid;
      const now = Date.now();
      sweep(now);
      const data = c.authData?.toString('utf8') ?? '';
      const p = pending.get(key);
      return p ? final(key, p, data) : first(c, key, data);
    },
    status: () => 'connected',
    close: () => pending.clear(),
  };
}
