// Create (username, password, description, role) or edit (description, role) a dashboard user.
import { useMemo } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/FormModal';
import { NewPasswordFields } from '../../../shared/forms/NewPasswordFields';
import { RoleField, USER_ROLES } from '../../../shared/forms/RoleField';
import { useCreateUserMutation, useUpdateUserMutation, type UserRow } from '../users.api';
import { usernameRules } from '../users.rules';

interface Values {
  username: string;
  password: string;
  confirm: string;
  description?: string;
  role?: string;
}

interface Props {
  open: boolean;
  /** The user being edited; undefined to create one. */
  user?: UserRow;
  /** Enterprise nodes have roles (administrator, viewer). */
  withRole: boolean;
  onClose: () => void;
}

export function UserFormModal({ open, user, withRole, onClose }: Props) {
  const { t } = useTranslation(['users', 'common', 'password']);
  const [form] = Form.useForm<Values>();
  const create = useCreateUserMutation();
  const update = useUpdateUserMutation();
  const editing = !!user;
  const initialValues = useMemo(() => ({ username: user?.username, description: user?.description, role: user?.role ?? 'administrator' }), [user]);

  async function submit(v: Values) {
    const role = withRole ? v.role : undefined;
    if (editing) await update.mutateAsync({ username: user.username, description: v.description ?? '', role });
    else await create.mutateAsync({ username: v.username, password: v.password, description: v.description ?? '', role });
  }

  return (
    <FormModal<Values>
      open={open}
      editing={editing}
      title={editing ? t('editUser') : t('createUser')}
      form={form}
      name="userForm"
      initialValues={initialValues}
      onSubmit={submit}
      successMessage={editing ? t('common:updateSuccess') : t('createSuccess')}
      onClose={onClose}
    >
      <Form.Item name="username" label={t('username')} rules={editing ? [] : usernameRules()}>
        <Input disabled={editing} autoComplete="off" />
      </Form.Item>
      {!editing && <NewPasswordFields name="password" label={t('password:password')} />}
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={2} maxLength={256} />
      </Form.Item>
      {withRole && <RoleField roles={USER_ROLES} />}
    </FormModal>
  );
}
