import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldRules } from '../../../shared/forms/rules';
import { INT_BOUNDS } from '../../../shared/forms/intBounds';
import { jsonObject, required } from './fieldRules';
import { IntegerInput } from '../../../shared/forms/IntegerInput';

export function JwtFields() {
  const { t } = useTranslation(['authentication', 'common']);
  const rules = useFieldRules();
  const useJwks = Form.useWatch('use_jwks') as boolean | undefined;
  const algorithm = Form.useWatch('algorithm') as string | undefined;
  return (
    <>
      <Form.Item name="from" label={t('jwtFrom')}>
        <Select
          options={[
            { value: 'password', label: 'password' },
            { value: 'username', label: 'username' },
          ]}
        />
      </Form.Item>
      <Form.Item name="use_jwks" label={t('useJwks')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {useJwks ? (
        <>
          <Form.Item name="endpoint" label={t('endpoint')} rules={[required(t('endpoint')), rules.url()]}>
            <Input placeholder="https://127.0.0.1:8080/jwks" />
          </Form.Item>
          <Form.Item name="refresh_interval" label={t('refreshInterval')} initialValue={300} rules={[rules.integer(INT_BOUNDS.jwksRefresh)]}>
            <IntegerInput style={{ width: '100%' }} />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item name="algorithm" label={t('algorithm')}>
            <Select
              options={[
                { value: 'hmac-based', label: t('hmacBased') },
                { value: 'public-key', label: t('publicKey') },
              ]}
            />
          </Form.Item>
          {algorithm === 'public-key' ? (
            <Form.Item name="public_key" label={t('publicKeyField')} rules={[required(t('publicKeyField'))]}>
              <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} spellCheck={false} />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="secret" label={t('secret')} rules={[required(t('secret'))]}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Form.Item name="secret_base64_encoded" label={t('secretBase64')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </>
          )}
        </>
      )}
      <Form.Item name="verify_claims" label={t('verifyClaims')} rules={[jsonObject()]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} spellCheck={false} placeholder='{"username": "${username}"}' />
      </Form.Item>
      <Form.Item name="acl_claim_name" label={t('aclClaimName')}>
        <Input />
      </Form.Item>
      <Form.Item name="disconnect_after_expire" label={t('disconnectAfterExpire')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
