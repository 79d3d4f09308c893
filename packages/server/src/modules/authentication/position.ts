// The position grammar of EMQX's move routes, shared by the authentication chain and the authorization
// sources: front | rear | before:<key> | after:<key>.
import { ApiError } from '../../errors';

/** Where an entry moved to `position` goes among the `rest` (the list without it). */
export function positionIndex<T>(rest: T[], position: string, keyOf: (x: T) => string, notFound: (key: string) => string): number {
  if (position === 'front') return 0;
  if (position === 'rear') return rest.length;
  const m = /^(before|after):(.+)$/.exec(position);
  if (!m) throw new ApiError(400, 'BAD_REQUEST', `Invalid position: ${position}`);
  const at = rest.findIndex((x) => keyOf(x) === m[2]);
  if (at === -1) throw new ApiError(404, 'NOT_FOUND', notFound(m[2]));
  return m[1] === 'before' ? at : at + 1;
}
