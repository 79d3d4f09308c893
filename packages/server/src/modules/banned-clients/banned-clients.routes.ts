// GET|POST|DELETE /banned and DELETE /banned/{as}/{who} (API.md §3.11), with EMQX's quirks: one filter
// at most, like_* values are regular expressions, the list meta depends on the filter kind, and POST
// answers the ban itself (not wrapped in {data}).
import type { FastifyInstance } from 'fastify';
import type { BodyOf, QueryOf } from '@mqdeck/api';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { pageArray, parsePaging, single } from '../../shared/paging';
import { parseEpochMs } from '../../shared/time';
import { BAN_KINDS, type BanKind } from './match';
import { toBanView, type Ban } from './banned-clients.service';

const EXACT_FILTERS = ['clientid', 'username', 'peerhost'] as const;
/** like_* filter → the ban kinds whose `who` text it searches (regex bans match on their pattern text) */
const FUZZY_FILTERS = {
  like_clientid: ['clientid', 'clientid_re'],
  like_username: ['username', 'username_re'],
  like_peerhost: ['peerhost'],
  like_peerhost_net: ['peerhost_net'],
} as const satisfies Partial<Record<keyof QueryOf<'/banned', 'get'>, readonly BanKind[]>>;
type Filter = (typeof EXACT_FILTERS)[number] | keyof typeof FUZZY_FILTERS;
const FILTERS: readonly Filter[] = [...EXACT_FILTERS, 'like_clientid', 'like_username', 'like_peerhost', 'like_peerhost_net'];
const isFuzzy = (filter: Filter): filter is keyof typeof FUZZY_FILTERS => filter in FUZZY_FILTERS;

export default async function bannedClientsRoutes(app: FastifyInstance): Promise<void> {
  const banned = app.banned;

  route(app, 'get', '/banned', {
    handler: async (req) => {
      const q = req.query;
      const paging = parsePaging(q);
      const given = FILTERS.filter((k) => single(q[k]) !== undefined);
      if (given.length > 1) throw new ApiError(400, 'BAD_REQUEST', 'too_many_filters');
      const rows = banned.list();
      if (given.length === 0) {
        const { data, meta } = pageArray(rows, paging);
        return { data: data.map(toBanView), meta: { page: meta.page, limit: meta.limit, count: meta.count } };
      }
      const filter = given[0];
      const value = single(q[filter])!;
      if (isFuzzy(filter)) {
        let re: RegExp;
        try {
          re = new RegExp(value);
        } catch (err) {
          const reason = err instanceof Error ? err.message : String(err);
          const message = { message: 'The filter is not a validation regex expression', reason, position: 0, filter: value };
          throw new ApiError(400, 'BAD_REQUEST', JSON.stringify(message));
        }
        const kinds: readonly BanKind[] = FUZZY_FILTERS[filter];
        const { data, meta } = pageArray(
          rows.filter((b) => kinds.includes(b.as) && re.test(b.who)),
          paging,
          false,
        );
        return { data: data.map(toBanView), meta };
      }
      const { data, meta } = pageArray(
        rows.filter((b) => b.as === filter && b.who === value),
        paging,
      );
      return { data: data.map(toBanView), meta: { ...meta, hasnext: false } };
    },
  });

  route(app, 'post', '/banned', {
    // `until` may also be null (= infinity), so its contract union is lifted; parseBan checks it
    schema: ({ body }) => ({ body: { ...body, properties: { ...body?.properties, until: {} } } }),
    handler: async (req) => toBanView(banned.create(parseBan(req.body))),
  });

  route(app, 'delete', '/banned', {
    handler: async (_req, reply) => {
      banned.clear();
      return reply.code(204).send();
    },
  });

  route(app, 'delete', '/banned/{as}/{who}', {
    handler: async (req, reply) => {
      const { as, who } = req.params;
      if (!banned.delete(as, who)) throw new ApiError(404, 'NOT_FOUND', `${as}: ${who} not found`);
      return reply.code(204).send();
    },
  });
}

/** The POST body as a ban: `at` defaults to now, `until` to infinity (null or "infinity" too). */
export function parseBan(body: BodyOf<'/banned', 'post'>): Ban {
  // the route's body schema already refuses a missing body; this keeps the type honest
  if (!body) throw new ApiError(400, 'BAD_REQUEST', 'body: must be object');
  const as = body.as;
  if (!BAN_KINDS.includes(as)) throw new ApiError(400, 'BAD_REQUEST', `as: must be one of ${BAN_KINDS.join(', ')}`);
  if (typeof body.who !== 'string' || body.who === '') throw new ApiError(400, 'BAD_REQUEST', 'who: must be a non-empty string');
  if (urlLength(body.who) > MAX_WHO_URL_LENGTH) {
    throw new ApiError(400, 'BAD_REQUEST', `who: too long, at most ${MAX_WHO_URL_LENGTH} characters once URL-encoded (so that DELETE /banned/{as}/{who} can name it)`);
  }
  const at = body.at === undefined ? Date.now() : epochSecondsOrRfc(body.at, 'at');
  const until = body.until === undefined || body.until === null || body.until === 'infinity' ? null : epochSecondsOrRfc(body.until, 'until');
  return {
    as,
    who: body.who,
    by: typeof body.by === 'string' && body.by !== '' ? body.by : 'mgmt_api',
    reason: typeof body.reason === 'string' ? body.reason : '',
    at,
    until,
  };
}

/** the largest epoch milliseconds a Date holds */
const MAX_DATE_MS = 8.64e15;

/**
 * The longest `who`: DELETE /banned/{as}/{who} must be able to name every ban, and EMQX's HTTP listener reads request
 * lines of up to 8000 bytes, so a `who` whose URL-encoded form is longer could only be removed by clearing all bans.
 */
export const MAX_WHO_URL_LENGTH = 8000;

/** length of the text in a URL; a lone surrogate (not UTF-8 text at all) counts as too long */
function urlLength(text: string): number {
  try {
    return encodeURIComponent(text).length;
  } catch {
    return Infinity;
  }
}

/** `epoch_second` fields take an integer (seconds) or an RFC 3339 string (API.md §2.6). */
function epochSecondsOrRfc(value: unknown, field: string): number {
  // a time a Date cannot hold (past year 275760) was stored, then broke every GET /banned (issue 21, A2)
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value * 1000 <= MAX_DATE_MS) return value * 1000;
  if (typeof value === 'string' && !/^\d+$/.test(value.trim())) {
    const ms = parseEpochMs(value);
    if (ms !== undefined) return ms;
  }
  throw new ApiError(400, 'BAD_REQUEST', `${field}: expected an RFC 3339 time or epoch seconds, got ${JSON.stringify(value)}`);
}
