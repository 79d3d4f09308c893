// jwt: the token comes from the password (default) or the username. Keys: an HMAC secret (optionally
// base64), a PEM public key (RSA/EC), or a JWKS endpoint fetched on start and every refresh_interval.
// exp/nbf are checked; verify_claims compare claims with placeholder-rendered values; the `acl` claim
// and exp go to authorization (client-acl.ts). No token → ignore; a bad token → deny 0x86.
import { createPublicKey } from 'node:crypto';
import type { JSONWebKeySet, JWTPayload, jwtVerify } from 'jose';
import { jose, undici } from '../../../shared/drivers';
import { AclFormatError, parseAclRules } from '../../authorization/client-acl';
import type { AuthnBackend, AuthnOutcome, BackendStatus, Credential } from '../authenticator';
import { BAD_USERNAME_OR_PASSWORD } from '../authenticator';
import { bad, intField, objectField, requiredString, sslField, withTimeout } from '../connectors/options';
import { renderText } from '../placeholders';
import { truthy } from './row-check';

export function normalizeJwt(raw: Record<string, unknown>): Record<string, unknown> {
  const from = raw.from ?? 'password';
  if (from !== 'password' && from !== 'username') throw bad('from: expected password or username');
  const claims = objectField(raw, 'verify_claims', {});
  for (const [k, v] of Object.entries(claims)) if (typeof v !== 'string') throw bad(`verify_claims.${k}: expected a string`);
  const common = {
    ...raw,
    mechanism: 'jwt',
    from,
    acl_claim_name: (raw.acl_claim_name as string | undefined) ?? 'acl',
    verify_claims: claims,
    disconnect_after_expire: raw.disconnect_after_expire ?? true,
  };
  if (raw.use_jwks === true) {
    const endpoint = requiredString(raw, 'endpoint');
    if (!/^https?:\/\//.test(endpoint)) throw bad('endpoint: expected an http:// or https:// URL');
    return {
      ...common,
      use_jwks: true,
      endpoint,
      headers: objectField(raw, 'headers', { Accept: 'application/json' }),
      pool_size: intField(raw, 'pool_size', 8, 1, 1024),
      refresh_interval: intField(raw, 'refresh_interval', 300, 10),
      ssl: endpoint.startsWith('https:') ? (raw.ssl ?? { enable: true }) : sslField(raw),
    };
  }
  if (raw.algorithm === 'hmac-based') {
    const secret = requiredString(raw, 'secret');
    const b64 = raw.secret_base64_encoded ?? false;
    if (typeof b64 !== 'boolean') throw bad('secret_base64_encoded: expected a boolean');
    if (b64 && !/^[A-Za-z0-9+/_-]+=*$/.test(secret)) throw bad('secret: not valid base64 while secret_base64_encoded is true');
    return { ...common, use_jwks: false, algorithm: 'hmac-based', secret, secret_base64_encoded: b64 };
  }
  if (raw.algorithm === 'public-key') {
    const pem = requiredString(raw, 'public_key');
    try {
      createPublicKey(pem);
    } catch {
      throw bad('public_key: not a PEM public key');
    }
    return { ...common, use_jwks: false, algorithm: 'public-key', public_key: pem };
  }
  throw bad('algorithm: expected hmac-based or public-key (or use_jwks: true)');
}

type KeyResolver = Parameters<typeof jwtVerify>[1];

/**
 * A JWKS fetch's bound. JWKS authenticators have no timeout setting in EMQX 5.8 (authn.jwt_jwks); its
 * emqx_authn_jwks_client asks the endpoint with a fixed 5 s request and connect timeout. The same bound
 * serves the refresh and the console's Test.
 */
export const JWKS_TIMEOUT_MS = 5000;

export interface JwtOptions {
  /** how long a JWKS fetch may take */
  fetchTimeoutMs?: number;
}

/** Fetches and parses the JWKS endpoint's key set; throws the reason (refused, a non-200 answer, not a key set). */
export async function loadJwks(cfg: Record<string, unknown>, timeoutMs: number): Promise<KeyResolver> {
  const { request } = undici();
  const { createLocalJWKSet } = await jose();
  const res = await withTimeout(request(cfg.endpoint as string, { headers: cfg.headers as Record<string, string> }), timeoutMs, 'JWKS fetch');
  if (res.statusCode !== 200) {
    await res.body.dump();
    throw new Error(`JWKS endpoint answered ${res.statusCode}`);
  }
  return createLocalJWKSet((await withTimeout(res.body.json(), timeoutMs, 'JWKS fetch')) as JSONWebKeySet);
}

export function jwtAuthn(cfg: Record<string, unknown>, opts: JwtOptions = {}): AuthnBackend {
  let key: KeyResolver | undefined;
  let status: BackendStatus = 'connected';
  let timer: NodeJS.Timeout | undefined;
  if (cfg.use_jwks === true) {
    status = 'connecting';
    const fetchKeys = async () => {
      try {
        key = await loadJwks(cfg, opts.fetchTimeoutMs ?? JWKS_TIMEOUT_MS);
        status = 'connected';
      } catch {
        // the last good key set stays in use; the console shows the endpoint as disconnected
        status = 'disconnected';
      }
    };
    void fetchKeys();
    timer = setInterval(() => void fetchKeys(), (cfg.refresh_interval as number) * 1000);
    timer.unref();
  } else if (cfg.algorithm === 'hmac-based') {
    const secret = cfg.secret as string;
    key = cfg.secret_base64_encoded ? Buffer.from(secret, 'base64') : new TextEncoder().encode(secret);
  } else {
    key = createPublicKey(cfg.public_key as string);
  }
  const algorithms = cfg.algorithm === 'hmac-based' ? ['HS256', 'HS384', 'HS512'] : undefined;

  return {
    async check(c: Credential): Promise<AuthnOutcome> {
      const token = cfg.from === 'username' ? c.username : c.password;
      if (!token) return { result: 'ignore' };
      if (!key) return { result: 'ignore' }; // JWKS not loaded yet: let the next authenticator decide
      let payload: JWTPayload;
      const { jwtVerify } = await jose();
      try {
        ({ payload } = await jwtVerify(token, key as Parameters<typeof jwtVerify>[1] & Uint8Array, algorithms ? { algorithms } : {}));
      } catch {
        return { result: 'deny', reasonCode: BAD_USERNAME_OR_PASSWORD };
      }
      for (const [claim, template] of Object.entries(cfg.verify_claims as Record<string, string>)) {
        const actual = payload[claim];
        if (actual === undefined || String(actual) !== renderText(template, c)) return { result: 'deny', reasonCode: BAD_USERNAME_OR_PASSWORD };
      }
      const expireAt = typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
      let acl;
      const aclClaim = payload[cfg.acl_claim_name as string];
      if (aclClaim !== undefined) {
        try {
          acl = { ...parseAclRules(aclClaim), expireAt };
        } catch (err) {
          if (err instanceof AclFormatError) return { result: 'deny', reasonCode: BAD_USERNAME_OR_PASSWORD };
          throw err;
        }
      }
      return {
        result: 'allow',
        isSuperuser: truthy(payload.is_superuser),
        ...(acl ? { acl } : {}),
        ...(expireAt && cfg.disconnect_after_expire !== false ? { expireAt } : {}),
      };
    },
    status: () => status,
    close: () => {
      if (timer) clearInterval(timer);
    },
  };
}
