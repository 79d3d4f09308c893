// Deviations of the /clients routes (API.md §3.4) beyond the client object itself (ClientInfo,
// ClientSubscription in deviations.ts): response bodies our node, like EMQX 5.8, sends differently from
// the 5.8.1 document. Merged into `ResponsePatch` by deviations.ts, the one list.
import type { ClientSubscription } from './deviations';

/** API.md §3.4: one entry of a client's authorization cache; `access` is an object, not the document's string. */
export interface AuthzCacheEntry {
  topic: string;
  access: { action_type: string; qos: number; retain?: boolean };
  result: 'allow' | 'deny';
  updated_time: number;
}

/** API.md §3.4: subscribe/bulk when some subscriptions fail; `data` is [clientid, topic, options]. */
export interface BulkSubscribeResult {
  succeed: ClientSubscription[];
  failed: { data: unknown[]; reason: string }[];
}

export interface ClientsResponsePatch {
  '/sessions_count': { get: { 200: number } }; // API.md §3.4: a bare number; the document says string
  '/clients/{clientid}/authorization/cache': { get: { 200: AuthzCacheEntry[] } }; // API.md §3.4: a list; access is an object
  '/clients/{clientid}/subscribe/bulk': { post: { 200: ClientSubscription[] | BulkSubscribeResult } }; // API.md §3.4: {succeed, failed} on partial failure
}
