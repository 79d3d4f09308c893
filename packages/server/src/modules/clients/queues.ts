// GET /clients/{clientid}/mqueue_messages and /inflight_messages: position paging over the session's
// queues. Positions are "<inserted_at ns>" (inflight) and "<inserted_at ns>_<priority|infinity>" (mqueue);
// the total payload of one answer is capped by max_payload_bytes, but the first message always goes.
// There is no "end of data" marker (as in EMQX): a page after the last message is empty and repeats the position.
import type { ReplyOf } from '@mqdeck/api';
import type { QueuedMessageView } from '@mqdeck/broker';
import type { FastifyInstance } from 'fastify';
import { parseBytes } from '../../config/units';
import { route } from '../../contract/route';
import type { RouteSchema } from '../../contract/route-schema';
import { ApiError } from '../../errors';
import { intParam, single } from '../../shared/paging';
import { requireClient } from './clients.service';

type Kind = 'mqueue' | 'inflight';
/** The mqueue answer; an inflight row is the same without `mqueue_priority`. */
type QueuePage = ReplyOf<'/clients/{clientid}/mqueue_messages', 'get', 200>;
type QueueRow = NonNullable<QueuePage['data']>[number];

const utf8 = new TextDecoder('utf-8', { fatal: true });

function positionOf(kind: Kind, m: QueuedMessageView): string {
  return kind === 'mqueue' ? `${m.insertedAt}_${m.priority ?? 0}` : `${m.insertedAt}`;
}

function parsePosition(kind: Kind, raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '' || raw === 'none') return undefined;
  const ok = kind === 'mqueue' ? /^\d+_(\d+|infinity)$/.test(raw) : /^\d+$/.test(raw);
  if (!ok) throw new ApiError(400, 'INVALID_PARAMETER', 'position_limit_invalid');
  return raw;
}

/** Index of the first message after `position`: the exact one if still queued, else by insertion time. */
function startIndex(kind: Kind, msgs: QueuedMessageView[], position: string | undefined): number {
  if (position === undefined) return 0;
  const exact = msgs.findIndex((m) => positionOf(kind, m) === position);
  if (exact >= 0) return exact + 1;
  const ts = BigInt(position.split('_')[0]);
  const next = msgs.findIndex((m) => m.insertedAt > ts);
  return next < 0 ? msgs.length : next;
}

function encodePayload(payload: Buffer, mode: string): string | undefined {
  if (mode === 'none') return undefined;
  if (mode === 'base64') return payload.toString('base64');
  try {
    return utf8.decode(payload);
  } catch {
    throw new ApiError(400, 'INVALID_PARAMETER', 'Some message payloads are not JSON serializable');
  }
}

function queueRoute(app: FastifyInstance, kind: Kind) {
  // only the path is validated (see below), so the query keys are still the raw texts
  return async (req: { params: { clientid: string }; query: Record<string, unknown> | undefined }): Promise<QueuePage> => {
    const query = req.query ?? {};
    const limit = intParam(query, 'limit', 100, 1, 10_000);
    const mode = single(query.payload) ?? 'base64';
    if (!['base64', 'plain', 'none'].includes(mode)) throw new ApiError(400, 'BAD_REQUEST', `payload: expected base64, plain or none, got '${mode}'`);
    const maxBytesText = single(query.max_payload_bytes) ?? '1MB';
    const maxBytes = parseBytes(maxBytesText);
    if (typeof maxBytes !== 'number' || maxBytes <= 0)
      throw new ApiError(400, 'BAD_REQUEST', `max_payload_bytes: expected a size greater than 0 such as '1MB', got '${maxBytesText}'`);
    const position = parsePosition(kind, single(query.position));

    requireClient(app.broker, req.params.clientid);
    const msgs = (kind === 'mqueue' ? app.broker.mqueue(req.params.clientid) : app.broker.inflight(req.params.clientid)) ?? [];

    const from = startIndex(kind, msgs, position);
    const page: QueuedMessageView[] = [];
    let bytes = 0;
    for (let i = from; i < msgs.length && page.length < limit; i++) {
      const size = mode === 'none' ? 0 : msgs[i].msg.payload.length;
      if (page.length > 0 && bytes + size > maxBytes) break;
      bytes += size;
      page.push(msgs[i]);
    }
    const data = page.map((m) => {
      const row: QueueRow = {
        msgid: m.msg.id.toUpperCase(),
        topic: m.msg.topic,
        qos: m.msg.qos,
        publish_at: m.msg.timestamp,
        from_clientid: m.msg.fromClientid ?? 'undefined',
        from_username: m.msg.fromUsername ?? 'undefined',
        inserted_at: String(m.insertedAt),
      };
      const payload = encodePayload(m.msg.payload, mode);
      if (payload !== undefined) row.payload = payload;
      if (kind === 'mqueue') row.mqueue_priority = m.priority ?? 0;
      return row;
    });
    // EMQX (emqx_mqueue:query, emqx_session_mem:inflight_query): `start` is the first queued message's position
    // whatever page is asked, `position` the last returned message's, or the given one when nothing follows it
    return {
      data,
      meta: {
        start: msgs.length ? positionOf(kind, msgs[0]) : 'none',
        position: page.length ? positionOf(kind, page[page.length - 1]) : (position ?? 'none'),
      },
    };
  };
}

export async function clientQueueRoutes(app: FastifyInstance): Promise<void> {
  // `max_payload_bytes` and `limit` are checked by the handler so the messages say what is wrong.
  const pathOnly = ({ params }: RouteSchema): RouteSchema => ({ params });
  route(app, 'get', '/clients/{clientid}/mqueue_messages', { schema: pathOnly, handler: queueRoute(app, 'mqueue') });
  route(app, 'get', '/clients/{clientid}/inflight_messages', { schema: pathOnly, handler: queueRoute(app, 'inflight') });
}
