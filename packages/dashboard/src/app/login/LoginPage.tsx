// A designed sign-in page: brand panel (name, tagline, three pitches) beside the form; tokens only, so it follows the theme.
import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Typography, theme } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { ChangePasswordModal } from '../../shared/ChangePasswordModal';
import { Logo } from '../layout/Logo';
import { LoginSwitches } from './LoginSwitches';
import { DEFAULT_PASSWORD, safeTarget, signIn, usesDefaultPassword } from './loginFlow';
import './login.messages';
import '../layout/layout.messages';
import { errorText } from '../../shared/apiErrors';
import { toast } from '../bridge';

interface Values {
  username: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation(['login', 'password']);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [promptFor, setPromptFor] = useState<string>();
  const target = safeTarget(params.get('to'));

  async function onFinish(v: Values) {
    setBusy(true);
    setError(undefined);
    try {
      await signIn(v.username, v.password);
      if (usesDefaultPassword(v.username, v.password)) setPromptFor(v.username);
      else void navigate(target, { replace: true });
    } catch (e) {
      setError(isApiError(e, 'BAD_USERNAME_OR_PWD') ? t('badCredentials') : errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Flex style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Flex vertical justify="center" gap={token.marginLG} style={{ flex: 1, padding: token.paddingXL * 2, background: token.colorPrimaryBg, minWidth: 0 }} className="login-brand">
        <Logo size={40} />
        <Typography.Title level={1} style={{ margin: 0 }}>
          {t('tagline')}
        </Typography.Title>
        <Flex vertical gap={token.marginSM}>
          {(['pitch1', 'pitch2', 'pitch3'] as const).map((k) => (
            <Typography.Text key={k} style={{ fontSize: token.fontSizeLG }}>
              {`• ${t(k)}`}
            </Typography.Text>
          ))}
        </Flex>
      </Flex>
      <Flex vertical justify="center" align="center" style={{ flex: 1, padding: token.paddingXL }}>
        <div style={{ width: '100%', maxWidth: 360 }}>
          <LoginSwitches />
          <Typography.Title level={3}>{t('title')}</Typography.Title>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: token.marginMD }} role="alert" />}
          <Form<Values> layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} size="large">
            <Form.Item name="username" label={t('username')} rules={[{ required: true, message: t('password:usernameRequired') }]}>
              <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('password:passwordRequired') }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('login')}
            </Button>
          </Form>
        </div>
      </Flex>
      {promptFor && (
        <ChangePasswordModal
          local
          open
          username={promptFor}
          title={t('defaultPwdTitle')}
          oldPassword={DEFAULT_PASSWORD}
          cancelText={t('skip')}
          onClose={() => {
            setPromptFor(undefined);
            void navigate(target, { replace: true });
          }}
          onChanged={(newPassword) => {
            // change_pwd revoked the token: sign in again with the new password.
            // say it worked: the operator otherwise cannot tell a changed password from a skipped prompt
            void toast().success(t('password:changeSuccess'));
            void signIn(promptFor, newPassword)
              .then(() => navigate(target, { replace: true }))
              .catch((e: unknown) => {
                setPromptFor(undefined);
                setError(errorText(e));
              });
          }}
        />
      )}
    </Flex>
  );
}
