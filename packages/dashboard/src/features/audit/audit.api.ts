// Data of System › Audit Log: GET /audit with EMQX's filters and paging (packages/server/src/modules/audit).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntryView } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

export type AuditEntry = AuditEntryView;

/** The list's URL state: paging plus the filters the node reads ('' = no filter). */
export interface AuditQuery {
  page: number;
  limit: number;
  from: string;
  source: string;
  source_ip: string;
  operation_type: string;
  http_method: string;
  operation_result: string;
  gte_created_at: string;
  lte_created_at: string;
}

export const AUDIT_DEFAULTS: AuditQuery = {
  page: 1,
  limit: 20,
  from: '',
  source: '',
  source_ip: '',
  operation_type: '',
  http_method: '',
  operation_result: '',
  gte_created_at: '',
  lte_created_at: '',
};

export const auditKeys = {
  all: ['audit'] as const,
  list: (q: AuditQuery) => [...auditKeys.all, q] as const,
};

/** Only the filters that are set reach the query string. */
export function toParams(q: AuditQuery) {
  const out: Record<string, string | number> = { page: q.page, limit: q.limit };
  for (const [k, v] of Object.entries(q)) if (k !== 'page' && k !== 'limit' && v !== '') out[k] = v;
  return out;
}

export function useAuditQuery(q: AuditQuery) {
  return useQuery({
    queryKey: auditKeys.list(q),
    placeholderData: keepPreviousData,
    // the page says it in place: 'audit is off' as a warning, any other failure above the table
    meta: { silent: true },
    queryFn: async ({ signal }) => unwrap(await api.GET('/audit', { params: { query: toParams(q) as never }, signal })),
  });
}
