// Masks secrets in what the audit log keeps of a request, as EMQX's emqx_utils:redact does: values of
// keys that name a secret (password, secret, token, authorization, key …) become "******", at any depth.
const SECRET_KEY =
  /^(password|passwd|pwd|secret|api_secret|.*_secret|token|authorization|key|api_key_secret|private_key|keyfile|jwt|secret_key|aws_secret_access_key|.*password)$/i;
export const MASK = '******';

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key) || key.toLowerCase() === 'x-api-key';
}

export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 32) return MASK;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = isSecretKey(k) && v !== undefined && v !== null && v !== '' ? MASK : maskSecrets(v, depth + 1);
    return out;
  }
  return value;
}
