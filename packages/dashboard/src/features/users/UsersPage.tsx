// System › Users: list, create, edit (description, role), change password, delete (not yourself).
import { useState } from 'react';
import { Button, Flex, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shared/list/ListPage';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { ChangePasswordModal } from '../../shared/ChangePasswordModal';
import { CreateButton } from '../../shared/CreateButton';
import { useFormDialog } from '../../shared/useFormDialog';
import { useRoleLabel } from '../../shared/forms/RoleField';
import { useCanWrite } from '../../shared/useCanWrite';
import { isOpenSource, useSession } from '../../app/session';
import { logout } from '../../app/auth';
import { toast } from '../../app/bridge';
import { useDeleteUserMutation, useUsersQuery, type UserRow } from './users.api';
import { UserFormModal } from './components/UserFormModal';
import './users.messages';

export default function UsersPage() {
  const { t } = useTranslation(['users', 'common', 'password']);
  const session = useSession();
  const canWrite = useCanWrite();
  const withRole = !isOpenSource(session?.edition);
  const users = useUsersQuery();
  const del = useDeleteUserMutation();
  const form = useFormDialog<UserRow>();
  const [passwordOf, setPasswordOf] = useState<UserRow | null>(null);
  const roleLabel = useRoleLabel();

  const columns: TableColumnsType<UserRow> = [
    {
      title: t('username'),
      dataIndex: 'username',
      render: (name: string) => (
        <Typography.Text>
          {name} {name === session?.username && <Typography.Text type="secondary">{t('you')}</Typography.Text>}
        </Typography.Text>
      ),
    },
    { title: t('description'), dataIndex: 'description', render: (d?: string) => d || '-' },
    ...(withRole ? [{ title: t('role'), dataIndex: 'role', render: (r?: string) => <Tag>{roleLabel(r)}</Tag> }] : []),
    ...(canWrite
      ? [
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_: unknown, u: UserRow) => (
              <Flex gap="small" wrap>
                <Button size="small" onClick={() => form.openEdit(u)}>
                  {t('common:edit')}
                </Button>
                <Button size="small" onClick={() => setPasswordOf(u)}>
                  {t('changePassword')}
                </Button>
                <ConfirmAction
                  title={t('deleteConfirm', { username: u.username })}
                  onConfirm={() => del.mutateAsync(u.username)}
                  successMessage={t('common:deleteSuccess')}
                  danger
                  disabled={u.username === session?.username}
                >
                  <Button size="small" danger disabled={u.username === session?.username} title={u.username === session?.username ? t('cannotDeleteSelf') : undefined}>
                    {t('common:delete')}
                  </Button>
                </ConfirmAction>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage<UserRow>
      mode="all"
      title={t('title')}
      noRefresh
      actions={canWrite && <CreateButton onClick={form.openCreate} />}
      list={users}
      loading={users.isLoading}
      rowKey="username"
      columns={columns}
    >
      <UserFormModal open={form.open} user={form.item} withRole={withRole} onClose={form.close} />
      {passwordOf && (
        <ChangePasswordModal
          open
          username={passwordOf.username}
          onClose={() => setPasswordOf(null)}
          onChanged={() => {
            const self = passwordOf.username === session?.username;
            setPasswordOf(null);
            void toast().success(t('password:changeSuccess'));
            // Our own tokens were revoked by the server: back to the login page.
            if (self) void logout({ from: '/' });
          }}
        />
      )}
    </ListPage>
  );
}
