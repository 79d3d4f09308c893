// Users of a built-in database authenticator: search by id, paging, add/edit/delete, import.
import { useState } from 'react';
import { Button, Flex, Input, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/list/PagedTable';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { useCanWrite } from '../../../shared/useCanWrite';
import { useAuthnUsersQuery, useDeleteAuthnUserMutation, type AuthnUser, type UsersQuery } from '../authentication.api';
import { AuthnUserModal } from './AuthnUserModal';
import { ImportUsersModal } from './ImportUsersModal';

export function AuthnUsersTab({ id, userIdType }: { id: string; userIdType: string }) {
  const { t } = useTranslation(['authentication', 'common']);
  const canWrite = useCanWrite();
  const [query, setQuery] = useState<UsersQuery>({ page: 1, limit: 20 });
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<{ user?: AuthnUser } | null>(null);
  const [importing, setImporting] = useState(false);
  const users = useAuthnUsersQuery(id, query);
  const del = useDeleteAuthnUserMutation(id);
  const idLabel = userIdType === 'clientid' ? t('clientid') : t('username');

  const columns: TableColumnsType<AuthnUser> = [
    { title: idLabel, dataIndex: 'user_id' },
    { title: t('isSuperuser'), dataIndex: 'is_superuser', render: (s?: boolean) => <Tag color={s ? 'warning' : 'default'}>{s ? t('common:yes') : t('common:no')}</Tag> },
    ...(canWrite
      ? [
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_: unknown, u: AuthnUser) => (
              <Flex gap="small">
                <Button size="small" onClick={() => setDialog({ user: u })}>
                  {t('common:edit')}
                </Button>
                <ConfirmAction title={t('deleteUserConfirm', { id: u.user_id })} onConfirm={() => del.mutateAsync(u.user_id)} successMessage={t('common:deleteSuccess')} danger>
                  <Button size="small" danger>
                    {t('common:delete')}
                  </Button>
                </ConfirmAction>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  const patch = (p: Partial<UsersQuery>) => setQuery((q) => ({ ...q, ...p, page: p.page ?? 1 }));
  return (
    <>
      <Flex justify="space-between" gap="small" wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={idLabel}
          placeholder={idLabel}
          allowClear
          value={search}
          style={{ width: 280 }}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => patch({ like_user_id: v.trim() || undefined })}
        />
        {canWrite && (
          <Flex gap="small">
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('import')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
              {t('addUser')}
            </Button>
          </Flex>
        )}
      </Flex>
      <PagedTable<AuthnUser> rowKey="user_id" columns={columns} data={users.data} loading={users.isFetching} query={query} onQueryChange={patch} />
      <AuthnUserModal id={id} idLabel={idLabel} open={dialog !== null} user={dialog?.user} onClose={() => setDialog(null)} />
      <ImportUsersModal id={id} open={importing} onClose={() => setImporting(false)} />
    </>
  );
}
