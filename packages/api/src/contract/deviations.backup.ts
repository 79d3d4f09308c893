// Deviations of backup and restore (EMQX EE emqx_mgmt_api_data_backup): the 5.8.1 document's file info lacks the
// `size` and `created_at_sec` EMQX 5.8 sends, and POST /data/import answers what it did (EMQX: 204, no body).
import type { components } from '../schema.gen';

type Schemas = components['schemas'];

/** one backup file as EMQX 5.8 lists it: size in bytes, creation time also in epoch seconds */
export type BackupFileInfo = Schemas['emqx_mgmt_api_data_backup.backup_file_info'] & { size: number; created_at_sec: number };

/** what one part of an import did (a config root or a data table): MQDeck counts, EMQX only answers 204 */
export interface BackupImportCounts {
  name: string;
  total: number;
  success: number;
  override: number;
  skipped: number;
  failed: number;
}

/** POST /data/import on MQDeck: 200 with the counts per part and a sentence per failed item */
export interface BackupImportResult {
  result: BackupImportCounts[];
  errors: string[];
}

export interface BackupResponsePatch {
  '/data/export': { post: { 200: BackupFileInfo } };
  '/data/import': { post: { 200: BackupImportResult } };
  '/data/files': { get: { 200: { data: BackupFileInfo[]; meta: Schemas['public.meta'] } } };
}
