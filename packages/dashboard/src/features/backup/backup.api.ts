// Key factory, fetchers and hooks of /data/export, /data/files… and /data/import. Upload goes through
// XMLHttpRequest for its progress events (fetch has none for a request body); downloads take the file name
// from content-disposition. Upload and import may take long (the official console allows 600 s).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged, ReplyOf } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';
import { uploadFile } from '../../api/upload';
import { fileNameOf } from '../log-trace/log-trace.api';
import type { ImportResult, TableSet } from './backup.types';

/** one file as listed; EMQX sends size and created_at_sec too (the 5.8.1 document omits them) */
export type BackupFile = NonNullable<ReplyOf<'/data/files', 'get', 200>['data']>[number] & { size?: number; created_at_sec?: number };

export const LONG_CALL_MS = 600_000;

export const backupKeys = {
  all: ['backup'] as const,
  list: (q: { page: number; limit: number }) => [...backupKeys.all, 'list', q] as const,
};

export function useBackupFilesQuery(q: { page: number; limit: number }) {
  return useQuery({
    queryKey: backupKeys.list(q),
    queryFn: async ({ signal }): Promise<Paged<BackupFile>> => {
      const page = unwrap(await api.GET('/data/files', { params: { query: q }, signal }));
      return { data: page.data ?? [], meta: page.meta ?? { page: q.page, limit: q.limit, hasnext: false } };
    },
    placeholderData: keepPreviousData,
  });
}

export interface ExportChoice {
  /** undefined: every table */
  tableSets?: TableSet[];
  /** false: no configuration (root_keys []) */
  config: boolean;
}

export function useExportMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: ExportChoice) =>
      api
        .POST('/data/export', {
          // the 5.8.1 document declares no body; EMQX takes table_sets and root_keys (root_keys [] = no configuration)
          body: { ...(c.tableSets ? { table_sets: c.tableSets } : {}), ...(c.config ? {} : { root_keys: [] }) } as never,
          signal: AbortSignal.timeout(LONG_CALL_MS),
        })
        .then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

export function useDeleteBackupMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: BackupFile) => api.DELETE('/data/files/{filename}', { params: { path: { filename: f.filename }, query: f.node ? { node: f.node } : {} } }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

export function useImportMutation() {
  return useMutation({
    mutationFn: async (f: BackupFile): Promise<ImportResult | undefined> => {
      const r = await api.POST('/data/import', { body: { filename: f.filename, ...(f.node ? { node: f.node } : {}) }, signal: AbortSignal.timeout(LONG_CALL_MS) });
      const data = unwrap(r);
      // the node answers the counts; an EMQX node answers 204 without them
      return r.response.status === 200 && data ? data : undefined;
    },
  });
}

/** downloads a backup file under the name the node gives it */
export async function downloadBackup(f: BackupFile): Promise<void> {
  const r = await api.GET('/data/files/{filename}', {
    params: { path: { filename: f.filename }, query: f.node ? { node: f.node } : {} },
    parseAs: 'blob',
    signal: AbortSignal.timeout(LONG_CALL_MS),
  });
  const blob = unwrap(r) as unknown as Blob;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(r.response.headers.get('content-disposition'), f.filename);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** POST /data/files as multipart (field `filename`, as the official console), reporting progress 0–100 */
export function uploadBackup(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<void> {
  return uploadFile('/data/files', file, { field: 'filename', timeoutMs: LONG_CALL_MS, onProgress, signal });
}
