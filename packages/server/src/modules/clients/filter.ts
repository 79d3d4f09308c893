// GET /clients query → one predicate over the broker's ClientInfo (no conversion before the match).
// Exact filters keep meta.count; like_* makes the search fuzzy, which drops count as EMQX does.
import { isIP } from 'node:net';
import type { ClientInfo } from '@mqdeck/broker';
import { ApiError } from '../../errors';
import { boolParam, many, single } from '../../shared/paging';
import { parseEpochMs } from '../../shared/time';

export interface ClientQuery {
  predicate: ((c: ClientInfo) => boolean) | undefined;
  fuzzy: boolean;
}

type Query = Record<string, unknown>;

function epochFilter(query: Query, name: string): number | undefined {
  const text = single(query[name]);
  if (text === undefined || text === '') return undefined;
  const ms = parseEpochMs(text);
  if (ms === undefined) throw new ApiError(400, 'BAD_REQUEST', `${name}: expected an RFC 3339 date-time or epoch milliseconds, got '${text}'`);
  return ms;
}

/** Validates the query and builds the predicate. `nodeName` is this node (others are unreachable). */
export function clientQuery(query: Query, nodeName: string): ClientQuery {
  const checks: ((c: ClientInfo) => boolean)[] = [];

  const node = single(query.node);
  if (node !== undefined && node !== nodeName) {
    // EMQX 5.8 answers its RPC failure here, a 500 NODE_DOWN; a 5xx for user input is wrong, so this is the
    // answer EMQX gives for an unknown node elsewhere (emqx_utils_api NODE_NOT_FOUND) (issue 21, A3)
    throw new ApiError(404, 'NOT_FOUND', `Node not found: ${node}`);
  }

  const clientids = many(query.clientid);
  if (clientids.length) {
    const set = new Set(clientids);
    checks.push((c) => set.has(c.clientid));
  }
  const usernames = many(query.username);
  if (usernames.length) {
    const set = new Set(usernames);
    checks.push((c) => c.username !== null && set.has(c.username));
  }

  const ip = single(query.ip_address);
  if (ip !== undefined) {
    if (!isIP(ip)) {
      throw new ApiError(400, 'INVALID_PARAMETER', `the ip_address parameter expected type is ip, but the value is ${ip}`);
    }
    checks.push((c) => c.ipAddress === ip);
  }

  const connState = single(query.conn_state);
  if (connState !== undefined) {
    if (!['connected', 'idle', 'disconnected'].includes(connState)) {
      throw new ApiError(400, 'BAD_REQUEST', `conn_state: expected connected, idle or disconnected, got '${connState}'`);
    }
    checks.push((c) => c.connState === connState);
  }

  const cleanStart = boolParam(query, 'clean_start');
  if (cleanStart !== undefined) checks.push((c) => c.cleanStart === cleanStart);

  const protoVer = single(query.proto_ver);
  if (protoVer !== undefined) {
    if (!/^\d+$/.test(protoVer)) throw new ApiError(400, 'INVALID_PARAMETER', `proto_ver: expected an integer, got '${protoVer}'`);
    const v = Number(protoVer);
    checks.push((c) => c.protoVer === v);
  }

  const ranges: [string, 'createdAt' | 'connectedAt', 'gte' | 'lte'][] = [
    ['gte_created_at', 'createdAt', 'gte'],
    ['lte_created_at', 'createdAt', 'lte'],
    ['gte_connected_at', 'connectedAt', 'gte'],
    ['lte_connected_at', 'connectedAt', 'lte'],
  ];
  for (const [name, key, op] of ranges) {
    const bound = epochFilter(query, name);
    if (bound === undefined) continue;
    checks.push(op === 'gte' ? (c) => c[key] >= bound : (c) => c[key] <= bound);
  }

  // like_* is ignored when the exact filter on the same field is present.
  let fuzzy = false;
  const likeClientid = single(query.like_clientid);
  if (likeClientid !== undefined && clientids.length === 0) {
    fuzzy = true;
    checks.push((c) => c.clientid.includes(likeClientid));
  }
  const likeUsername = single(query.like_username);
  if (likeUsername !== undefined && usernames.length === 0) {
    fuzzy = true;
    checks.push((c) => c.username !== null && c.username.includes(likeUsername));
  }

  if (checks.length === 0) return { predicate: undefined, fuzzy };
  if (checks.length === 1) return { predicate: checks[0], fuzzy };
  return { predicate: (c) => checks.every((check) => check(c)), fuzzy };
}
