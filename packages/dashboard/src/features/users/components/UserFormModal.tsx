// Create (username, password, description, role) or edit (description, role) a dashboard user.
import { useEffect } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRule, passwordRules } from '../../../shared/password';
import { toast } from '../../../app/bridge';
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
  const { t } = useTranslation('users');
  const [form] = Form.useForm<Values>();
  const create = useCreateUserMutation();
  const update = useUpdateUserMutation();
  const editing = !!user;

  useEffect(() => {
    if (open) form.setFieldsValue({ username: user?.username, description: user?.description, role: user?.role ?? 'administrator' });
  }, [open, user, form]);

  async function submit() {
    const v = await form.validateFields();
    const role = withRole ? v.role : undefined;
    if (editing) {
      await update.mutateAsync({ username: user.username, description: v.description ?? '', role });
      void toast().success(t('common:updateSuccess'));
    } else {
      await create.mutateAsync({ username: v.username, password: v.password, description: v.description ?? '', role });
      void toast().success(t('createSuccess'));
    }
    onClose();
  }

  return (
    <Modal
      open={open}
      title={editing ? t('editUser') : t('createUser')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      okText={editing ? t('common:save') : t('common:create')}
      cancelText={t('common:cancel')}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="userForm" layout="vertical" requiredMark={false} preserve={false}>
        <Form.Item name="username" label={t('username')} rules={editing ? [] : usernameRules()}>
          <Input disabled={editing} autoComplete="off" />
        </Form.Item>
        {!editing && (
          <>
            <Form.Item name="password" label={t('password:password')} rules={passwordRules()}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={t('password:confirmPassword')}
              dependencies={['password']}
              rules={[{ required: true, message: t('password:passwordRequired') }, confirmRule(() => form.getFieldValue('password'))]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <Form.Item name="description" label={t('description')}>
          <Input.TextArea rows={2} maxLength={256} />
        </Form.Item>
        {withRole && (
          <Form.Item name="role" label={t('role')}>
            <Select
              options={[
                { value: 'administrator', label: t('roleAdministrator') },
                { value: 'viewer', label: t('roleViewer') },
              ]}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
