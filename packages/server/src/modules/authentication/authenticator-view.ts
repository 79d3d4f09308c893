// The authenticator as GET /authentication answers it, typed as the contract's union of the 22
// mechanism/backend kinds (authn.builtin_db, authn.jwt_hmac, …) without a cast.
import type { paths, ReplyOf } from '@mqdeck/api';
import { maskSecrets } from '../configs/secrets';
import type { AuthnConfig } from './backends';

/** What the node answers: a kind's config plus its `id` (the AuthenticatorView deviation of @mqdeck/api). */
export type AuthenticatorView = ReplyOf<'/authentication/{id}', 'get', 200>;
/** A stored config: the document's kinds, without the id. */
type AuthenticatorConfig = paths['/authentication/{id}']['get']['responses'][200]['content']['application/json'];

/**
 * Every stored config passed its kind's `normalize` (backends/index.ts), which sets `mechanism` (and
 * `backend` where the kind has one): that is what makes it one of the contract's kinds. The check
 * states that guarantee once, so the service and the routes need no cast.
 */
function isAuthenticator(value: unknown): value is AuthenticatorConfig {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'mechanism' in value && typeof value.mechanism === 'string';
}

/** EMQX's GET answer: the config with its secrets masked (emqx_utils:redact) and its id; a PUT restores them. */
export function authenticatorView(id: string, config: AuthnConfig): AuthenticatorView {
  const masked = maskSecrets(config);
  if (!isAuthenticator(masked)) throw new Error(`authenticator ${id}: the stored config has no mechanism`);
  return { id, ...masked };
}
