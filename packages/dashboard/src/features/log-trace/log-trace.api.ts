// Key factory, fetchers and hooks of /trace… (API.md §3.12). The list refreshes while a trace waits or runs
// (its status and log size follow the clock); the download reads the file name from content-disposition.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplyOf } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

export type Trace = ReplyOf<'/trace', 'get', 200>[number];
export type TraceType = Trace['type'];
export type NewTrace = Omit<Trace, 'status' | 'log_size'>;

/** the official console's page size (50 KiB) and the most it shows before asking for a download (5 MiB) */
export const PAGE_BYTES = 50 * 1024;
export const MAX_VIEW_BYTES = 5 * 1024 * 1024;

export const traceKeys = {
  all: ['trace'] as const,
  list: () => [...traceKeys.all, 'list'] as const,
  detail: (name: string) => [...traceKeys.all, 'detail', name] as const,
};

export const filterOf = (t: Trace): string => t[t.type] ?? '';

export function useTracesQuery() {
  return useQuery({
    queryKey: traceKeys.list(),
    queryFn: ({ signal }) => api.GET('/trace', { signal }).then(unwrap),
    refetchInterval: (q) => (q.state.data?.some((t) => t.status !== 'stopped') ? 5000 : false),
  });
}

export function useLogDetailQuery(name: string) {
  return useQuery({
    queryKey: traceKeys.detail(name),
    queryFn: ({ signal }) => api.GET('/trace/{name}/log_detail', { params: { path: { name } }, signal }).then(unwrap),
  });
}

export async function fetchLogPage(name: string, position: number, node: string | undefined, signal?: AbortSignal) {
  return api.GET('/trace/{name}/log', { params: { path: { name }, query: { position, bytes: PAGE_BYTES, ...(node ? { node } : {}) } }, signal }).then(unwrap);
}

function invalidate(qc: ReturnType<typeof useQueryClient>) {
  return qc.invalidateQueries({ queryKey: traceKeys.all });
}

export function useCreateTraceMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTrace) => api.POST('/trace', { body }).then(unwrap),
    onSuccess: () => invalidate(qc),
  });
}

export function useStopTraceMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.PUT('/trace/{name}/stop', { params: { path: { name } } }).then(unwrap),
    onSuccess: () => invalidate(qc),
  });
}

export function useDeleteTraceMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.DELETE('/trace/{name}', { params: { path: { name } } }).then(unwrap),
    onSuccess: () => invalidate(qc),
  });
}

/** `attachment; filename=x.zip` or `filename*=UTF-8''x.zip` → x.zip */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename=([^;]+)/i.exec(disposition);
  return plain ? plain[1].trim().replace(/^"|"$/g, '') : fallback;
}

/** downloads the trace's zip under the name the node gives it */
export async function downloadTrace(name: string, node?: string): Promise<void> {
  const r = await api.GET('/trace/{name}/download', {
    params: { path: { name }, query: node ? { node } : {} },
    parseAs: 'blob',
    signal: AbortSignal.timeout(45_000),
  });
  const blob = unwrap(r);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(r.response.headers.get('content-disposition'), `${name}.zip`);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
