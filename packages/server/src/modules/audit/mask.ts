// What the audit log keeps of a request is masked with the node's one masking scheme (configs/secrets.ts, EMQX's
// emqx_utils:redact), widened to the names secrets take in request bodies and headers but never in the config tree:
// change_pwd's old_pwd / new_pwd, an API key's secret, a certificate's private key, the x-api-key header.
import { isSecretKey as isConfigSecretKey, maskSecretsBy } from '../configs/secrets';

export { MASK } from '../configs/secrets';

const BODY_SECRET = /^(key|keyfile|api_key)$|(^|_)(pwd|passwd|password|secret|token|private_key)$/i;

export function isSecretKey(key: string): boolean {
  return isConfigSecretKey(key) || BODY_SECRET.test(key) || key.toLowerCase() === 'x-api-key';
}

export function maskSecrets(value: unknown): unknown {
  return maskSecretsBy(isSecretKey, value);
}
