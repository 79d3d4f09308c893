// The authorization source as GET /authorization/sources answers it, typed as the contract's union
// of the source kinds (authz.file, authz.built_in_database, authz.http_get, …) without a cast.
import type { ReplyOf } from '@mqdeck/api';

export type SourceView = ReplyOf<'/authorization/sources/{type}', 'get', 200>;

/**
 * Every stored source passed `normalize` (authorization.service.ts), which checks `type` against the
 * supported kinds: that is what makes it one of the contract's kinds. The check states that guarantee
 * once, so the service and the routes need no cast.
 */
function isSource(value: unknown): value is SourceView {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'type' in value && typeof value.type === 'string';
}

export function sourceView(value: unknown): SourceView {
  if (!isSource(value)) throw new Error('authorization source: the stored config has no type');
  return value;
}
