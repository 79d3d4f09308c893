// Secrets in the configuration tree, found by key name anywhere in it (a listener's ssl_options.password, an
// authentication/authorization backend's password or LDAP bind_password, a JWT secret, an HTTP backend's
// Authorization header, the dashboard's default password, the node cookie…). The names are EMQX 5.8's redaction
// list (emqx_utils:is_sensitive_key, `authorization` in any letter case) plus this node's own two secret leaves.
// A rule by name, not a list of paths, so a secret added later to any root is masked without touching this file.
// The one masking scheme of the node: GET /configs, authenticators, authorization sources and listeners all answer
// through maskSecrets and put stored secrets back with restoreSecrets (EMQX's emqx_utils:redact / deobfuscate).
import { isObject } from '../../config/tree';

export const MASK = '******';

const SECRET_KEYS = new Set([
  'access_key_id',
  'access_key_secret',
  'account_key',
  'authorization',
  'aws_secret_access_key',
  'bind_password',
  'jwt',
  'password',
  'private_key',
  'proxy-authorization',
  'secret',
  'secret_access_key',
  'secret_key',
  'security_token',
  'sp_private_key',
  'token',
  // this node's own: dashboard.default_password, node.cookie
  'default_password',
  'cookie',
]);

export const isSecretKey = (key: string): boolean => SECRET_KEYS.has(key.toLowerCase());

/**
 * a leaf that is shown masked: a secret key holding a value (objects such as the `authorization` root are walked
 * into). As EMQX's redact_v, a value that is one placeholder (an HTTP body's `password: "${password}"`) or a
 * `file://` reference is shown as it is: it names where the secret comes from, it is not the secret.
 */
const hiddenBy = (isSecret: (key: string) => boolean, key: string, value: unknown) =>
  isSecret(key) && value !== undefined && value !== null && value !== '' && typeof value !== 'object' && !(typeof value === 'string' && /^(\$\{[^}]*\}|file:\/\/.*)$/s.test(value));

/** A copy of `value` with every secret leaf replaced by the mask; `key` is the name `value` itself is stored under. */
export function maskSecrets(value: unknown, key = ''): unknown {
  return maskSecretsBy(isSecretKey, value, key);
}

/** maskSecrets with another notion of a secret key (the audit log also masks request-body names such as new_pwd) */
export function maskSecretsBy(isSecret: (key: string) => boolean, value: unknown, key = ''): unknown {
  if (hiddenBy(isSecret, key, value)) return MASK;
  if (Array.isArray(value)) return value.map((v) => maskSecretsBy(isSecret, v));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskSecretsBy(isSecret, v, k)]));
  return value;
}

const hidden = (key: string, value: unknown) => hiddenBy(isSecretKey, key, value);

/**
 * A copy of `value` with every secret leaf below it masked, of the type of `value` (an object is never a secret leaf
 * itself, so only its string leaves change: to the mask, still a string).
 */
export function maskedCopy<T>(value: T): T {
  const copy = structuredClone(value);
  maskBelow(copy);
  return copy;
}

function maskBelow(node: unknown): void {
  if (Array.isArray(node)) node.forEach(maskBelow);
  else if (isObject(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (hidden(k, v)) node[k] = MASK;
      else maskBelow(v);
    }
  }
}

/**
 * A copy of `given` where each secret leaf that carries the mask takes the value stored at the same place
 * (objects by key, lists by position), so a GET answer sent back keeps the secrets. A mask with nothing
 * stored behind it is dropped, never stored (as EMQX's deobfuscate does).
 */
export function restoreSecrets(given: unknown, stored: unknown): unknown {
  if (Array.isArray(given)) return given.map((v, i) => restoreSecrets(v, Array.isArray(stored) ? stored[i] : undefined));
  if (!isObject(given)) return given;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(given)) {
    const old = isObject(stored) ? stored[k] : undefined;
    if (v === MASK && isSecretKey(k)) {
      if (old !== undefined && old !== MASK) out[k] = old;
      continue;
    }
    out[k] = restoreSecrets(v, old);
  }
  return out;
}
