// The settings of one authenticator, used by the create wizard and the detail Settings tab.
// Values not shown as fields (ssl, auto_reconnect…) stay in the store and are sent back unchanged.
import { useEffect } from 'react';
import { Form, Select, Switch } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { toConfigBody, toFormValues, type AuthnConfig } from '../authentication.config';
import { DatabaseFields } from './DatabaseFields';
import { useFieldRules } from '../../../shared/forms/rules';
import { INT_BOUNDS } from '../../../shared/forms/intBounds';
import { HashFields } from './HashFields';
import { HttpFields } from './HttpFields';
import { JwtFields } from './JwtFields';
import { LdapFields } from './LdapFields';
import { IntegerInput } from '../../../shared/forms/IntegerInput';

interface Props {
  form: FormInstance;
  config: AuthnConfig;
  onValuesChange?: () => void;
}

export function AuthnConfigForm({ form, config, onValuesChange }: Props) {
  const { t } = useTranslation(['authentication', 'common']);
  const rules = useFieldRules();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toFormValues(config));
  }, [form, config]);
  const { mechanism, backend } = config;

  return (
    <Form form={form} name="authnConfig" layout="vertical" style={{ maxWidth: 720 }} onValuesChange={onValuesChange}>
      {mechanism === 'jwt' && <JwtFields />}
      {mechanism === 'scram' && (
        <>
          <Form.Item name="algorithm" label={t('algorithm')}>
            <Select
              options={[
                { value: 'sha256', label: 'sha256' },
                { value: 'sha512', label: 'sha512' },
              ]}
            />
          </Form.Item>
          <Form.Item name="iteration_count" label={t('iterationCount')} rules={[rules.integer(INT_BOUNDS.scramIterations)]}>
            <IntegerInput style={{ width: '100%' }} />
          </Form.Item>
        </>
      )}
      {mechanism === 'password_based' && backend === 'built_in_database' && (
        <>
          <Form.Item name="user_id_type" label={t('userIdType')}>
            <Select
              options={[
                { value: 'username', label: t('username') },
                { value: 'clientid', label: t('clientid') },
              ]}
            />
          </Form.Item>
          <HashFields withSaltRounds />
        </>
      )}
      {mechanism === 'password_based' && (backend === 'mysql' || backend === 'postgresql' || backend === 'mongodb' || backend === 'redis') && (
        <>
          <DatabaseFields backend={backend} />
          <HashFields withSaltRounds={false} />
        </>
      )}
      {mechanism === 'password_based' && backend === 'http' && <HttpFields />}
      {mechanism === 'password_based' && backend === 'ldap' && <LdapFields />}
      <Form.Item name="enable" label={t('common:enable')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
}

/** Validates the visible fields, then builds the API body from every stored value. */
export async function readAuthnConfig(form: FormInstance): Promise<AuthnConfig> {
  await form.validateFields();
  return toConfigBody(form.getFieldsValue(true) as Record<string, unknown>);
}
