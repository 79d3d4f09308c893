// Plain sentences of an import result: one per part of the backup, named for the operator.
import type { TFunction } from 'i18next';
import type { ImportCounts, TableSet } from './backup.types';
import './backup.messages';

type T = TFunction<'backup'>;

/** every part a node's import answers names (backup.service on the server) */
const PARTS = [
  'settings',
  'listeners',
  'authentication',
  'authorization',
  'schemas',
  'connectors',
  'actions',
  'sources',
  'rules',
  'emqx_admin',
  'emqx_app',
  'emqx_authn_mnesia',
  'emqx_acl',
  'emqx_banned',
  'emqx_retainer_message',
] as const;

export function partLabel(t: T, name: string): string {
  const known = PARTS.find((p) => p === name);
  return known ? t(`part_${known}`) : name;
}

export function resultLine(t: T, c: ImportCounts): string {
  return t('resultLine', { part: partLabel(t, c.name), total: c.total, success: c.success, override: c.override, skipped: c.skipped, failed: c.failed });
}

export const tableSetLabel = (t: T, set: TableSet): string => t(`set_${set}`);
