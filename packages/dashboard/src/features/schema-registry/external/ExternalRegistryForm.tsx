// The external registry form of create and detail (EMQX's ExternalSchemaForm): name (fixed once saved), type
// (Confluent), URL, authentication (none or basic auth with username and password). Editing shows the stored
// password as ******, which the node keeps when it comes back unchanged.
import { Col, Form, Input, Row, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSchemaRules } from '../schema-registry.rules';
import { EXTERNAL_TYPES, type ExternalRegistry, type NamedExternalRegistry } from './external-registry.api';
import '../schema-registry.messages';

export interface ExternalRegistryValues {
  name: string;
  type: ExternalRegistry['type'];
  url: string;
  authType: 'none' | 'basic';
  username?: string;
  password?: string;
}

export const BLANK_EXTERNAL: ExternalRegistryValues = { name: '', type: 'confluent', url: '', authType: 'none' };

export function toValues(name: string, r: ExternalRegistry): ExternalRegistryValues {
  if (r.auth === 'none' || typeof r.auth !== 'object') return { name, type: r.type, url: r.url, authType: 'none' };
  return { name, type: r.type, url: r.url, authType: 'basic', username: r.auth.username, password: r.auth.password };
}

export function toBody(v: ExternalRegistryValues): NamedExternalRegistry {
  const base = { name: v.name.trim(), type: v.type, url: v.url.trim() };
  if (v.authType === 'none') return { ...base, auth: 'none' };
  return { ...base, auth: { mechanism: 'basic', username: v.username ?? '', password: v.password ?? '' } };
}

interface Props {
  form: FormInstance<ExternalRegistryValues>;
  initialValues: ExternalRegistryValues;
  editing: boolean;
  disabled?: boolean;
  onValuesChange?: () => void;
}

export function ExternalRegistryForm({ form, initialValues, editing, disabled, onValuesChange }: Props) {
  const { t } = useTranslation('schemaRegistry');
  const rules = useSchemaRules();
  const authType = Form.useWatch('authType', form) ?? initialValues.authType;
  return (
    <Form form={form} layout="vertical" initialValues={initialValues} disabled={disabled} onValuesChange={onValuesChange} style={{ maxWidth: 960 }}>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('name')} tooltip={t('externalNameTip')} rules={editing ? [] : rules.name}>
            <Input disabled={editing} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="type" label={t('type')} rules={[{ required: true }]}>
            <Select options={EXTERNAL_TYPES.map((v) => ({ value: v, label: t('typeConfluent') }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="url" label={t('url')} rules={[{ required: true, whitespace: true, message: t('urlRequired') }]}>
            <Input placeholder="http://127.0.0.1:8081" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="authType" label={t('authentication')}>
            <Select
              options={[
                { value: 'none', label: t('authNone') },
                { value: 'basic', label: t('basicAuth') },
              ]}
            />
          </Form.Item>
        </Col>
        {authType === 'basic' && (
          <>
            <Col xs={24} md={12}>
              <Form.Item name="username" label={t('username')} rules={[{ required: true, whitespace: true, message: t('usernameRequired') }]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('passwordRequired') }]}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
    </Form>
  );
}
