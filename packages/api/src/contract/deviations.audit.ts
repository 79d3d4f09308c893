// Deviations of GET /audit (EMQX EE emqx_audit_api): the 5.8.1 document types the 200 body as an array of
// lists, while EMQX (and its own example) answers one `{data, meta}` object. Merged by deviations.ts.
import type { components } from '../schema.gen';

type Schemas = components['schemas'];

/**
 * One audit entry as the node sends it: created_at is RFC 3339 text with microseconds; `from` is also
 * "unknown" for a request refused before anyone was identified (EMQX's emqx_dashboard_audit says so too).
 */
export type AuditEntryView = Omit<Schemas['audit.audit'], 'from' | 'http_request'> & {
  from?: NonNullable<Schemas['audit.audit']['from']> | 'unknown';
  /** the request as received, secrets masked "******" (the document types its maps as empty objects); `query` is MQDeck's addition */
  http_request?: { method: 'post' | 'put' | 'delete'; bindings: Record<string, unknown>; headers: Record<string, unknown>; body: unknown; query?: Record<string, unknown> };
};
/** The list page: `meta.count` is the number of entries the filters match. */
export interface AuditList {
  data: AuditEntryView[];
  meta: { page: number; limit: number; count: number; hasnext: boolean };
}

export interface AuditResponsePatch {
  '/audit': { get: { 200: AuditList } }; // the document says array; EMQX answers {data, meta}
}
