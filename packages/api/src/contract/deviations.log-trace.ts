// Deviations of the log trace routes (API.md §3.12): what EMQX 5.8 sends differs from its 5.8.1 document.
// Merged into `ResponsePatch` by deviations.ts.

export type TraceType = 'clientid' | 'topic' | 'ip_address' | 'ruleid';
export type TraceStatus = 'waiting' | 'running' | 'stopped';

/** A trace as listed: the filter sits under the key of its type; `log_size` is `{<node>: bytes}` (the document says a list). */
export interface TraceView {
  name: string;
  type: TraceType;
  clientid?: string;
  topic?: string;
  ip_address?: string;
  ruleid?: string;
  payload_encode: 'text' | 'hex' | 'hidden';
  formatter: 'text' | 'json';
  start_at: string;
  end_at: string;
  status: TraceStatus;
  log_size: Record<string, number>;
}

export interface LogTraceResponsePatch {
  '/trace': { get: { 200: TraceView[] }; post: { 200: TraceView } }; // API.md §3.12: log_size {node: bytes}
  '/trace/{name}/stop': { put: { 200: { enable: false; name: string } } }; // API.md §3.12: not the trace
  '/trace/{name}/download': { get: { 200: Uint8Array } }; // API.md §3.12: the zip's bytes (application/x-zip)
  '/trace/{name}/log_detail': { get: { 200: { node: string; size: number; mtime: number }[] } }; // API.md §3.12
}
