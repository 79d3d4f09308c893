// Settings of one authorization source. Values without a field (ssl, auto_reconnect…) stay in the store.
import { useEffect } from 'react';
import { Form, Input, Select, Switch, Typography } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { DurationInput } from '../../../shared/forms/DurationInput';
import { MongoServerFields } from '../../../shared/forms/MongoServerFields';
import { useFieldRules } from '../../../shared/forms/rules';
import { INT_BOUNDS } from '../../../shared/forms/intBounds';
import { toSourceBody, toSourceFormValues, type AuthzSource } from '../authorization.config';
import { IntegerInput } from '../../../shared/forms/IntegerInput';

function req(name: string): FormRule {
  return { required: true, whitespace: true, message: i18n.t('common:required', { name }) };
}
const json: FormRule = {
  validator: (_r, v: unknown) => {
    if (typeof v !== 'string' || !v.trim()) return Promise.resolve();
    try {
      const o: unknown = JSON.parse(v);
      if (o && typeof o === 'object' && !Array.isArray(o)) return Promise.resolve();
    } catch {
      // falls through to the error
    }
    return Promise.reject(new Error(i18n.t('common:jsonError')));
  },
};

export function SourceForm({ form, source, onValuesChange }: { form: FormInstance; source: AuthzSource; onValuesChange?: () => void }) {
  const { t } = useTranslation(['authorization', 'common']);
  const rules = useFieldRules();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toSourceFormValues(source));
  }, [form, source]);
  const type = source.type;
  const method = Form.useWatch('method', form) as string | undefined;
  const hint = <Typography.Text type="secondary">{t('placeholders')}</Typography.Text>;
  const db = type === 'mysql' || type === 'postgresql' || type === 'mongodb' || type === 'redis';
  return (
    <Form form={form} name="authzSource" layout="vertical" style={{ maxWidth: 760 }} onValuesChange={onValuesChange}>
      {type === 'file' && (
        <Form.Item name="rules" label={t('aclFile')} extra={t('aclHelp')}>
          <Input.TextArea autoSize={{ minRows: 10, maxRows: 30 }} spellCheck={false} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      )}
      {type === 'built_in_database' && (
        <Form.Item name="max_rules" label={t('maxRules')} rules={[rules.integer(INT_BOUNDS.maxRules)]}>
          <IntegerInput style={{ width: '100%' }} />
        </Form.Item>
      )}
      {db && (
        <>
          {type === 'mongodb' ? (
            <MongoServerFields />
          ) : (
            <Form.Item name="server" label={t('server')} rules={[req(t('server'))]}>
              <Input />
            </Form.Item>
          )}
          {type === 'redis' ? (
            <Form.Item name="database" label={t('database')} rules={[rules.integer(INT_BOUNDS.redisDatabase)]}>
              <IntegerInput style={{ width: '100%' }} />
            </Form.Item>
          ) : (
            <Form.Item name="database" label={t('database')} rules={[req(t('database'))]}>
              <Input />
            </Form.Item>
          )}
          {type === 'mongodb' && (
            <Form.Item name="collection" label={t('collection')} rules={[req(t('collection'))]}>
              <Input />
            </Form.Item>
          )}
          {type !== 'redis' && (
            <Form.Item name="username" label={t('username')}>
              <Input autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item name="password" label={t('password')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="pool_size" label={t('poolSize')} rules={[rules.integer(INT_BOUNDS.poolSize)]}>
            <IntegerInput style={{ width: '100%' }} />
          </Form.Item>
          {(type === 'mysql' || type === 'postgresql') && (
            <Form.Item name="query" label={t('query')} rules={[req(t('query'))]} extra={hint}>
              <Input.TextArea autoSize={{ minRows: 3 }} spellCheck={false} />
            </Form.Item>
          )}
          {type === 'redis' && (
            <Form.Item name="cmd" label={t('cmd')} rules={[req(t('cmd'))]} extra={hint}>
              <Input.TextArea autoSize={{ minRows: 2 }} spellCheck={false} />
            </Form.Item>
          )}
          {type === 'mongodb' && (
            <Form.Item name="filter" label={t('filter')} rules={[json]} extra={hint}>
              <Input.TextArea autoSize={{ minRows: 3 }} spellCheck={false} />
            </Form.Item>
          )}
        </>
      )}
      {type === 'http' && (
        <>
          <Form.Item name="method" label={t('method')}>
            <Select
              options={[
                { value: 'post', label: 'POST' },
                { value: 'get', label: 'GET' },
              ]}
            />
          </Form.Item>
          <Form.Item name="url" label={t('url')} rules={[req(t('url')), rules.url()]} extra={hint}>
            <Input />
          </Form.Item>
          <Form.Item name="headers" label={t('headers')} rules={[json]}>
            <Input.TextArea autoSize={{ minRows: 2 }} spellCheck={false} />
          </Form.Item>
          {method !== 'get' && (
            <Form.Item name="body" label={t('body')} rules={[json]}>
              <Input.TextArea autoSize={{ minRows: 3 }} spellCheck={false} />
            </Form.Item>
          )}
          <Form.Item name="request_timeout" label={t('requestTimeout')} rules={[rules.duration({ min: 1 })]}>
            <DurationInput aria-label={t('requestTimeout')} units={['ms', 's', 'm']} />
          </Form.Item>
          <Form.Item name="pool_size" label={t('poolSize')} rules={[rules.integer(INT_BOUNDS.poolSize)]}>
            <IntegerInput style={{ width: '100%' }} />
          </Form.Item>
        </>
      )}
      <Form.Item name="enable" label={t('common:enable')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
}

export async function readSource(form: FormInstance): Promise<AuthzSource> {
  await form.validateFields();
  return toSourceBody(form.getFieldsValue(true) as Record<string, unknown>);
}
