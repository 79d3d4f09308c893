// System › API keys: list, create (secret shown once), view, edit, enable toggle, delete.
import { useState } from 'react';
import { Button, Flex, Switch } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@mqdeck/api';
import { ListPage } from '../../shared/list/ListPage';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { CreateButton } from '../../shared/CreateButton';
import { useFormDialog } from '../../shared/useFormDialog';
import { useCanWrite } from '../../shared/useCanWrite';
import { formatDateTime } from '../../shared/format';
import { isOpenSource, useSession } from '../../app/session';
import { useApiKeysQuery, useDeleteApiKeyMutation, useUpdateApiKeyMutation, neverExpires } from './api-keys.api';
import { ApiKeyFormModal } from './components/ApiKeyFormModal';
import { SecretModal } from './components/SecretModal';
import { ApiKeyDrawer } from './components/ApiKeyDrawer';
import { ApiKeyStatus } from './components/ApiKeyStatus';
import './api-keys.messages';

export default function ApiKeysPage() {
  const { t } = useTranslation(['apiKeys', 'common']);
  const session = useSession();
  const canWrite = useCanWrite();
  const withRole = !isOpenSource(session?.edition);
  const keys = useApiKeysQuery();
  const update = useUpdateApiKeyMutation();
  const del = useDeleteApiKeyMutation();
  const form = useFormDialog<ApiKey>();
  const [created, setCreated] = useState<ApiKey | null>(null);
  const [viewing, setViewing] = useState<ApiKey | null>(null);

  const columns: TableColumnsType<ApiKey> = [
    {
      title: t('name'),
      dataIndex: 'name',
      render: (name: string, k) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setViewing(k)}>
          {name}
        </Button>
      ),
    },
    { title: t('description'), dataIndex: 'desc', render: (d?: string) => d || '-' },
    { title: t('expireAt'), dataIndex: 'expired_at', render: (v: ApiKey['expired_at']) => (neverExpires(v) ? t('never') : formatDateTime(v)) },
    { title: t('status'), key: 'status', render: (_: unknown, k) => <ApiKeyStatus apiKey={k} /> },
    {
      title: t('enable'),
      dataIndex: 'enable',
      render: (enable: boolean, k) => (
        <Switch
          size="small"
          checked={enable}
          disabled={!canWrite}
          aria-label={`${t('enable')} ${k.name}`}
          loading={update.isPending && update.variables?.name === k.name}
          onChange={(next) => update.mutate({ name: k.name ?? '', desc: k.desc ?? '', enable: next, expired_at: String(k.expired_at) })}
        />
      ),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      render: (_: unknown, k) => (
        <Flex gap="small" wrap>
          <Button size="small" onClick={() => setViewing(k)}>
            {t('common:view')}
          </Button>
          {canWrite && (
            <>
              <Button size="small" onClick={() => form.openEdit(k)}>
                {t('common:edit')}
              </Button>
              <ConfirmAction title={t('deleteConfirm', { name: k.name })} onConfirm={() => del.mutateAsync(k.name ?? '')} successMessage={t('common:deleteSuccess')} danger>
                <Button size="small" danger>
                  {t('common:delete')}
                </Button>
              </ConfirmAction>
            </>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <ListPage<ApiKey>
      mode="all"
      title={t('title')}
      noRefresh
      actions={canWrite && <CreateButton onClick={form.openCreate} />}
      list={keys}
      loading={keys.isLoading}
      rowKey="name"
      columns={columns}
      table={{ scroll: { x: 'max-content' } }}
    >
      <ApiKeyFormModal open={form.open} apiKey={form.item} withRole={withRole} onClose={form.close} onCreated={setCreated} />
      {/* Unmounted (not just hidden) on close, so the secret leaves the DOM at once. */}
      {created && <SecretModal created={created} onClose={() => setCreated(null)} />}
      <ApiKeyDrawer apiKey={viewing} withRole={withRole} onClose={() => setViewing(null)} />
    </ListPage>
  );
}
