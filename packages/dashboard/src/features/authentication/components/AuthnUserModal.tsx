import { useEffect } from 'react';
import { Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/bridge';
import { useSaveAuthnUserMutation, type AuthnUser } from '../authentication.api';
import { required } from './fieldRules';

interface Props {
  id: string;
  idLabel: string;
  open: boolean;
  /** Editing this user; absent = create. */
  user?: AuthnUser;
  onClose: () => void;
}

interface Values {
  user_id: string;
  password?: string;
  is_superuser: boolean;
}

export function AuthnUserModal({ id, idLabel, open, user, onClose }: Props) {
  const { t } = useTranslation(['authentication', 'common']);
  const [form] = Form.useForm<Values>();
  const save = useSaveAuthnUserMutation(id);
  const editing = !!user;
  useEffect(() => {
    if (open) form.setFieldsValue({ user_id: user?.user_id ?? '', password: '', is_superuser: user?.is_superuser ?? false });
  }, [open, user, form]);

  async function submit() {
    const v = await form.validateFields();
    await save.mutateAsync({ user_id: editing ? user.user_id : v.user_id.trim(), password: v.password || undefined, is_superuser: v.is_superuser, editing });
    void toast().success(editing ? t('common:updateSuccess') : t('common:createSuccess'));
    onClose();
  }

  return (
    <Modal
      open={open}
      title={editing ? t('editUser') : t('addUser')}
      okText={editing ? t('common:update') : t('common:create')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="authnUser" layout="vertical">
        <Form.Item name="user_id" label={idLabel} rules={[required(idLabel)]}>
          <Input disabled={editing} autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('password')} rules={editing ? [] : [required(t('password'))]} extra={editing ? t('passwordKeep') : undefined}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="is_superuser" label={t('isSuperuser')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
