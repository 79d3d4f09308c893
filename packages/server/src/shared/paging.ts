// Page/limit paging as EMQX's generic query engine does it: `page` ≥ 1 (default 1), `limit` 1..10000
// (default 100), meta `{page, limit, hasnext, count?}` where `count` is left out for fuzzy searches.
// `pageOf` walks any iterable once, converts only the rows of the requested page, and counts the rest
// with the bare predicate, so a page of 100 out of 10,000 clients builds 100 response objects, not 10,000.
import { ApiError } from '../errors';

export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 10_000;

export interface PageParams {
  page: number;
  limit: number;
}

export interface PageMeta {
  page: number;
  limit: number;
  hasnext: boolean;
  count?: number;
}

export interface Paged<R> {
  data: R[];
  meta: PageMeta;
}

type Query = Record<string, unknown>;

/** The single value of a query parameter (the last one when repeated); undefined when absent. */
export function single(raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (Array.isArray(raw)) return raw.length ? single(raw[raw.length - 1]) : undefined;
  return String(raw);
}

/** Every value of a repeatable query parameter (`clientid=a&clientid=b`). */
export function many(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  return (Array.isArray(raw) ? raw : [raw]).map(String);
}

/** An integer query parameter within [min, max]; 400 BAD_REQUEST otherwise. */
export function intParam(query: Query, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const text = single(query[name]);
  if (text === undefined || text === '') return fallback;
  if (!/^\s*-?\d+\s*$/.test(text)) throw new ApiError(400, 'BAD_REQUEST', `${name}: expected an integer, got '${text}'`);
  const value = Number(text);
  if (value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `between ${min} and ${max}`;
    throw new ApiError(400, 'BAD_REQUEST', `${name}: must be ${range}, got ${value}`);
  }
  return value;
}

/** A boolean query parameter (`true`/`false`); 400 BAD_REQUEST for other text. */
export function boolParam(query: Query, name: string): boolean | undefined {
  const text = single(query[name]);
  if (text === undefined || text === '') return undefined;
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new ApiError(400, 'BAD_REQUEST', `${name}: expected true or false, got '${text}'`);
}

export function parsePaging(query: Query): PageParams {
  return {
    page: intParam(query, 'page', DEFAULT_PAGE, 1),
    limit: intParam(query, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT),
  };
}

export interface PageOptions<T, R> {
  filter?: (item: T) => boolean;
  map: (item: T) => R;
  /** false for fuzzy searches: meta.count is then left out and the walk stops once `hasnext` is known */
  count: boolean;
  /** a total known without walking (no filter): lets the walk stop right after the page */
  total?: number;
}

export function pageOf<T, R>(source: Iterable<T>, { page, limit }: PageParams, opts: PageOptions<T, R>): Paged<R> {
  const start = (page - 1) * limit;
  const end = start + limit;
  const data: R[] = [];
  const filter = opts.filter;
  const knownTotal = filter ? undefined : opts.total;
  let seen = 0;
  for (const item of source) {
    if (filter && !filter(item)) continue;
    if (seen >= start && seen < end) data.push(opts.map(item));
    seen++;
    if (seen > end && (!opts.count || knownTotal !== undefined)) break;
  }
  const total = knownTotal ?? seen;
  const meta: PageMeta = { page, limit, hasnext: (knownTotal ?? seen) > end };
  if (opts.count) meta.count = total;
  return { data, meta };
}

/** Paging over a materialised array (small lists: topics of one node, retained matches ...). */
export function pageArray<T>(rows: readonly T[], params: PageParams, withCount = true): Paged<T> {
  const start = (params.page - 1) * params.limit;
  const meta: PageMeta = { page: params.page, limit: params.limit, hasnext: rows.length > start + params.limit };
  if (withCount) meta.count = rows.length;
  return { data: rows.slice(start, start + params.limit), meta };
}
