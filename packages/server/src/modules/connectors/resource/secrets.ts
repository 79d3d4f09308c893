// Which leaves of a connector, action or source are secrets: the node's one rule (configs/secrets.ts, which holds
// EMQX 5.8's emqx_utils_redact keys, those of data-integration types included: Azure's account_key, a GCP service
// account's private_key, S3 access keys). Masked as ****** in answers, kept when ****** is sent back (as
// configs/secrets.ts does for the node's config), sealed at rest by SecretBox.
import { isObject } from '../../../config/tree';
import { isSecretKey, MASK } from '../../configs/secrets';

export const isIntegrationSecret = isSecretKey;

/** a value shown masked: a secret key holding a scalar that is not a placeholder (`${…}`) or a `file://` reference */
const hidden = (key: string, v: unknown) =>
  isIntegrationSecret(key) && v !== undefined && v !== null && v !== '' && typeof v !== 'object' && !(typeof v === 'string' && /^(\$\{[^}]*\}|file:\/\/.*)$/s.test(v));

export function maskIntegrationSecrets(value: unknown, key = ''): unknown {
  if (hidden(key, value)) return MASK;
  if (Array.isArray(value)) return value.map((v) => maskIntegrationSecrets(v));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskIntegrationSecrets(v, k)]));
  return value;
}

/** `given` with each masked secret leaf taking the stored value at the same place; a mask with nothing behind it is dropped */
export function restoreIntegrationSecrets(given: unknown, stored: unknown): unknown {
  if (Array.isArray(given)) return given.map((v, i) => restoreIntegrationSecrets(v, Array.isArray(stored) ? stored[i] : undefined));
  if (!isObject(given)) return given;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(given)) {
    const old = isObject(stored) ? stored[k] : undefined;
    if (v === MASK && isIntegrationSecret(k)) {
      if (old !== undefined && old !== MASK) out[k] = old;
      continue;
    }
    out[k] = restoreIntegrationSecrets(v, old);
  }
  return out;
}
