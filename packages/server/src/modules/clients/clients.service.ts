// Client listing over the broker's live state: page paging (GET /clients), cursor paging (/clients_v2)
// and the per-client lookup every /clients/{clientid}/* route starts with.
import type { ReplyOf } from '@mqdeck/api';
import type { Broker, ClientInfo } from '@mqdeck/broker';
import { ApiError } from '../../errors';
import { type PageParams, type Paged, pageOf } from '../../shared/paging';
import { clientQuery } from './filter';
import type { ClientIndex } from './client-index';
import { parseFields, pick, toClient } from './clients.format';

type Query = Record<string, unknown>;
/** The API's client object (API.md §3.4). */
type ClientView = ReplyOf<'/clients/{clientid}', 'get', 200>;

export function clientNotFound(): ApiError {
  return new ApiError(404, 'CLIENTID_NOT_FOUND', 'Client ID not found');
}

export function requireClient(broker: Broker, clientid: string): ClientInfo {
  const client = broker.client(clientid);
  if (!client) throw clientNotFound();
  return client;
}

export function listClients(broker: Broker, index: ClientIndex, query: Query, paging: PageParams): Paged<ClientView> {
  const fields = parseFields(query.fields);
  const { predicate, fuzzy } = clientQuery(query, broker.nodeName);
  if (!predicate) {
    // No filter: jump to the page through the index and build only its rows.
    const offset = (paging.page - 1) * paging.limit;
    const data: ClientView[] = [];
    for (const c of index.from(offset)) {
      if (data.length === paging.limit) break;
      data.push(pick(toClient(c), fields));
    }
    const count = index.size;
    return { data, meta: { page: paging.page, limit: paging.limit, hasnext: count > offset + paging.limit, count } };
  }
  return pageOf(broker.clients(), paging, { filter: predicate, map: (c) => pick(toClient(c), fields), count: !fuzzy });
}

// /clients_v2 cursors are opaque to callers; inside they hold the offset of the next row.
const CURSOR_PREFIX = 'o:';

export function encodeCursor(offset: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${offset}`).toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^o:(\d{1,15})$/.exec(text);
  if (!m || Buffer.from(text).toString('base64url') !== cursor) throw new ApiError(400, 'BAD_REQUEST', 'bad cursor');
  return Number(m[1]);
}

export function listClientsV2(broker: Broker, index: ClientIndex, query: Query, cursor: string | undefined, limit: number) {
  const offset = cursor === undefined || cursor === '' ? 0 : decodeCursor(cursor);
  const fields = parseFields(query.fields);
  const { predicate } = clientQuery(query, broker.nodeName);
  const data: ClientView[] = [];
  let seen = 0;
  let more = false;
  // Without a filter the walk starts at the cursor through the index instead of at the first session.
  if (!predicate) seen = offset;
  for (const c of predicate ? broker.clients() : index.from(offset)) {
    if (predicate && !predicate(c)) continue;
    if (seen >= offset) {
      if (data.length === limit) {
        more = true;
        break;
      }
      data.push(pick(toClient(c), fields));
    }
    seen++;
  }
  const meta: { count: number; cursor?: string } = { count: data.length };
  if (more) meta.cursor = encodeCursor(offset + data.length);
  return { data, meta };
}
