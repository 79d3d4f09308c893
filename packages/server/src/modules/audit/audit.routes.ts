// GET /audit (EMQX EE emqx_audit_api): the audit log with exact filters, created_at and duration ranges and
// paging; 400 'Audit is disabled' while log.audit.enable is false. The recorder is audit.module.ts.
// Deviation: entries come newest first (EMQX walks its table oldest first); an operator reads the latest change first.
import type { FastifyInstance } from 'fastify';
import type { AuditEntryView } from '@mqdeck/api';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { parsePaging, single } from '../../shared/paging';
import { rfc3339 } from '../../shared/time';
import type { AuditEntry, AuditFilter } from './audit.store';

const EXACT = ['node', 'from', 'source', 'source_ip', 'operation_id', 'operation_type', 'operation_result', 'http_method'] as const;

/** An epoch in µs from EMQX's accepted forms: RFC 3339 text, epoch milliseconds or epoch microseconds. */
export function parseCreatedAt(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const text = raw.trim();
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return n >= 1e14 ? n : n * 1000;
  }
  const m = /^(\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.exec(text);
  const ms = m ? Date.parse(`${m[1]}${m[3]}`) : NaN;
  if (!m || Number.isNaN(ms)) throw new ApiError(400, 'BAD_REQUEST', `${name}: expected an RFC 3339 time or an epoch timestamp, got '${raw}'`);
  const fraction = m[2] ? Number(`0${m[2]}`.slice(0, 8)) : 0;
  return ms * 1000 + Math.round(fraction * 1e6);
}

function intFilter(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw.trim())) throw new ApiError(400, 'BAD_REQUEST', `${name}: expected an integer, got '${raw}'`);
  return Number(raw);
}

/** µs epoch → RFC 3339 with microseconds in the node's offset, as EMQX writes created_at */
export function formatCreatedAt(micros: number): string {
  const base = rfc3339(Math.floor(micros / 1000), 's');
  const frac = String(micros % 1_000_000).padStart(6, '0');
  return `${base.slice(0, 19)}.${frac}${base.slice(19)}`;
}

function toView(e: AuditEntry): AuditEntryView {
  const failure = Array.isArray(e.failure) ? [] : [JSON.stringify(e.failure)];
  return { ...e, created_at: formatCreatedAt(e.created_at), args: [], failure, http_request: { ...e.http_request, method: e.http_method } };
}

export default async function auditRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'get', '/audit', {
    // created_at bounds take text or numbers (parsed here); the document's oneOf would coerce them ambiguously
    schema: ({ querystring }) => ({
      querystring: { ...querystring, properties: { ...querystring?.properties, gte_created_at: {}, lte_created_at: {} } },
    }),
    handler: async (req) => {
      if (!app.config.get<boolean>('log.audit.enable')) throw new ApiError(400, 'BAD_REQUEST', 'Audit is disabled');
      const q = (req.query ?? {}) as Record<string, unknown>;
      const paging = parsePaging(q);
      const filter: AuditFilter = { equals: {} };
      for (const key of EXACT) {
        const value = single(q[key]);
        if (value !== undefined) filter.equals[key] = value;
      }
      filter.equals.http_status_code = intFilter('http_status_code', single(q.http_status_code));
      filter.createdFrom = parseCreatedAt('gte_created_at', single(q.gte_created_at));
      filter.createdTo = parseCreatedAt('lte_created_at', single(q.lte_created_at));
      filter.durationFrom = intFilter('gte_duration_ms', single(q.gte_duration_ms));
      filter.durationTo = intFilter('lte_duration_ms', single(q.lte_duration_ms));
      const { rows, count } = app.audit.list(filter, paging.page, paging.limit);
      return { data: rows.map(toView), meta: { page: paging.page, limit: paging.limit, count, hasnext: paging.page * paging.limit < count } };
    },
  });
}
