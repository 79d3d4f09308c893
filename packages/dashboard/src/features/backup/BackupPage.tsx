// System › Backup & Restore: the node's backup files with paging; create one (export), upload one with progress,
// and per file download, restore (import, its result in plain sentences) and delete.
import { useState } from 'react';
import { App, Button, Flex, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shared/list/ListPage';
import { CreateButton } from '../../shared/CreateButton';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { useCanWrite } from '../../shared/useCanWrite';
import { useTableQuery } from '../../shared/useTableQuery';
import { errorText } from '../../shared/apiErrors';
import { formatBytes, formatDateTime } from '../../shared/format';
import { downloadBackup, useBackupFilesQuery, useDeleteBackupMutation, useImportMutation, type BackupFile } from './backup.api';
import type { ImportResult } from './backup.types';
import { CreateBackupModal } from './components/CreateBackupModal';
import { UploadBackupModal } from './components/UploadBackupModal';
import { ImportResultModal } from './components/ImportResultModal';
import './backup.messages';

const DEFAULTS = { page: 1, limit: 20 };

export default function BackupPage() {
  const { t } = useTranslation(['backup', 'common']);
  const { message } = App.useApp();
  const canWrite = useCanWrite();
  const [query, setQuery] = useTableQuery(DEFAULTS);
  const files = useBackupFilesQuery(query);
  const del = useDeleteBackupMutation();
  const restore = useImportMutation();
  const [creating, setCreating] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [downloading, setDownloading] = useState<string>();
  const [restored, setRestored] = useState<{ name: string; result: ImportResult }>();

  const download = async (f: BackupFile) => {
    setDownloading(f.filename);
    try {
      await downloadBackup(f);
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setDownloading(undefined);
    }
  };

  const runRestore = async (f: BackupFile) => {
    const result = await restore.mutateAsync(f);
    // an EMQX node answers without counts: its success is all there is to say
    setRestored({ name: f.filename, result: result ?? { result: [], errors: [] } });
  };

  const columns: TableColumnsType<BackupFile> = [
    { title: t('fileName'), dataIndex: 'filename', render: (name: string) => <Typography.Text copyable={{ text: name }}>{name}</Typography.Text> },
    { title: t('node'), dataIndex: 'node' },
    { title: t('createdAt'), dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
    { title: t('size'), dataIndex: 'size', render: (v: number | undefined) => formatBytes(v) },
    {
      title: t('common:actions'),
      key: 'actions',
      render: (_: unknown, row) => (
        <Flex gap={8} wrap>
          {canWrite && (
            <ConfirmAction title={t('restoreConfirm', { name: row.filename })} onConfirm={() => runRestore(row)} successMessage={false}>
              <Button size="small" type="primary" loading={restore.isPending && restore.variables?.filename === row.filename}>
                {t('restore')}
              </Button>
            </ConfirmAction>
          )}
          <Button size="small" loading={downloading === row.filename} onClick={() => void download(row)}>
            {t('download')}
          </Button>
          {canWrite && (
            <ConfirmAction title={t('deleteConfirm', { name: row.filename })} onConfirm={() => del.mutateAsync(row)} successMessage={t('deleteSuccess')} danger>
              <Button size="small" danger>
                {t('common:delete')}
              </Button>
            </ConfirmAction>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <ListPage<BackupFile>
      title={t('title')}
      list={files}
      query={query}
      onQueryChange={setQuery}
      rowKey={(f) => `${f.node}/${f.filename}`}
      columns={columns}
      toolbar={<Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>}
      actions={
        canWrite && (
          <>
            <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              {t('upload')}
            </Button>
            <CreateButton onClick={() => setCreating(true)}>{t('create')}</CreateButton>
          </>
        )
      }
    >
      <CreateBackupModal open={creating} onClose={() => setCreating(false)} />
      <UploadBackupModal open={uploading} onClose={() => setUploading(false)} />
      <ImportResultModal name={restored?.name ?? ''} result={restored?.result} onClose={() => setRestored(undefined)} />
    </ListPage>
  );
}
