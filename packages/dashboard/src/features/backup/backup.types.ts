// What POST /data/import answers on this node (EMQX 5.8 answers 204 with no body; the node counts what it did):
// the contract's deviation types (packages/api deviations.backup.ts).
import type { BackupImportCounts, BackupImportResult } from '@mqdeck/api';

export type ImportCounts = BackupImportCounts;
export type ImportResult = BackupImportResult;

/** EMQX's table sets, the export's `table_sets` */
export const TABLE_SETS = ['dashboard_users', 'api_keys', 'builtin_authn', 'builtin_authz', 'banned', 'builtin_retainer'] as const;
export type TableSet = (typeof TABLE_SETS)[number];
