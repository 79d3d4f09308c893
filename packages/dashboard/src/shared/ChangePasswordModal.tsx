// POST /users/{username}/change_pwd {old_pwd, new_pwd}. Used by the header (own password), the Users screen and
// the default-password prompt (old password known: `oldPassword` given, field hidden).
import { Form, Input, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOCAL_HEADER } from '../app/brokers/target';
import { api, unwrap } from '../api/client';
import { NewPasswordFields } from './forms/NewPasswordFields';
import { differentFromRule } from './password';
import './password.messages';

interface Values {
  old_pwd: string;
  new_pwd: string;
  confirm: string;
}

interface Props {
  open: boolean;
  username: string;
  title?: string;
  oldPassword?: string;
  cancelText?: string;
  onClose: () => void;
  /** After a successful change (the server revoked the user's tokens). */
  onChanged: (newPassword: string) => void;
  /** the operator's own user on this node, even while the console manages another broker (the header's menu) */
  local?: boolean;
}

export function ChangePasswordModal({ open, username, title, oldPassword, cancelText, onClose, onChanged, local }: Props) {
  const { t } = useTranslation('password');
  const [form] = Form.useForm<Values>();
  const change = useMutation({
    mutationFn: (v: { old_pwd: string; new_pwd: string }) =>
      api.POST('/users/{username}/change_pwd', { params: { path: { username } }, body: v, headers: local ? { [LOCAL_HEADER]: '1' } : undefined }).then(unwrap),
  });

  async function submit() {
    const v = await form.validateFields();
    await change.mutateAsync({ old_pwd: oldPassword ?? v.old_pwd, new_pwd: v.new_pwd });
    form.resetFields();
    onChanged(v.new_pwd);
  }

  return (
    <Modal
      open={open}
      title={title ?? t('changePasswordOf', { username })}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      cancelText={cancelText}
      confirmLoading={change.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="changePassword" layout="vertical" requiredMark={false} preserve={false}>
        {oldPassword === undefined && (
          <Form.Item name="old_pwd" label={t('oldPassword')} rules={[{ required: true, message: t('passwordRequired') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
        <NewPasswordFields
          name="new_pwd"
          label={t('newPassword')}
          dependencies={['old_pwd']}
          extraRules={[differentFromRule(() => oldPassword ?? form.getFieldValue('old_pwd'))]}
        />
      </Form>
    </Modal>
  );
}
