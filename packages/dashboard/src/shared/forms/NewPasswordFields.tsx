// The new-password pair of the dashboard user forms (create user, change password): the password with EMQX's rule
// (plus any rule of the caller, e.g. different from the old one) and its confirmation, with the spec's texts.
import { Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRule, passwordRules } from '../password';
import '../password.messages';

interface Props {
  /** Field name of the password: 'password' (create user) or 'new_pwd' (change password); the confirmation is 'confirm'. */
  name: string;
  label: string;
  /** Rules after the password rule, e.g. `differentFromRule`. */
  extraRules?: FormRule[];
  /** Fields whose change re-validates the password, e.g. ['old_pwd']. */
  dependencies?: string[];
}

export function NewPasswordFields({ name, label, extraRules = [], dependencies }: Props) {
  const { t } = useTranslation('password');
  const form = Form.useFormInstance();
  return (
    <>
      <Form.Item name={name} label={label} dependencies={dependencies} rules={[...passwordRules(), ...extraRules]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('confirmPassword')}
        dependencies={[name]}
        rules={[{ required: true, message: t('passwordRequired') }, confirmRule(() => form.getFieldValue(name) as string | undefined)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
