// The ExHook server form (create and settings): name (create only), URL, pool size, request timeout, failed action,
// auto reconnect with its interval, enable, and TLS for https URLs. Validation texts are the node's rules
// (exhook.config.ts on the server) said before sending.
import { Form, Input, InputNumber, Radio, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { DurationInput } from '../../../shared/forms/DurationInput';
import type { ExhookConfig } from '../exhook.types';
import '../exhook.messages';

export interface ExhookFormValues {
  name: string;
  url: string;
  enable: boolean;
  pool_size: number;
  request_timeout: string;
  failed_action: 'deny' | 'ignore';
  reconnect: boolean;
  reconnect_interval: string;
  verify: boolean;
  cacertfile: string;
  certfile: string;
  keyfile: string;
}

export const DEFAULTS: ExhookFormValues = {
  name: '',
  url: 'http://127.0.0.1:9000',
  enable: true,
  pool_size: 8,
  request_timeout: '5s',
  failed_action: 'deny',
  reconnect: true,
  reconnect_interval: '60s',
  verify: false,
  cacertfile: '',
  certfile: '',
  keyfile: '',
};

export function toFormValues(c: ExhookConfig): ExhookFormValues {
  return {
    name: c.name,
    url: c.url,
    enable: c.enable,
    pool_size: c.pool_size,
    request_timeout: c.request_timeout,
    failed_action: c.failed_action,
    reconnect: c.auto_reconnect !== false,
    reconnect_interval: c.auto_reconnect === false ? '60s' : c.auto_reconnect,
    verify: c.ssl?.verify === 'verify_peer',
    cacertfile: c.ssl?.cacertfile ?? '',
    certfile: c.ssl?.certfile ?? '',
    keyfile: c.ssl?.keyfile ?? '',
  };
}

/** the body for POST/PUT; `base` keeps what the form does not show (other TLS options, socket options) */
export function toConfig(v: Partial<ExhookFormValues> & Pick<ExhookFormValues, 'name' | 'url'>, base?: ExhookConfig): ExhookConfig {
  const https = v.url.trim().startsWith('https://');
  // fields not on screen (TLS for an http URL) are absent from the validated values
  const files = Object.fromEntries((['cacertfile', 'certfile', 'keyfile'] as const).filter((k) => (v[k] ?? '').trim()).map((k) => [k, (v[k] ?? '').trim()]));
  return {
    ...(base ?? {}),
    name: v.name.trim(),
    url: v.url.trim(),
    enable: v.enable ?? true,
    pool_size: v.pool_size ?? DEFAULTS.pool_size,
    request_timeout: v.request_timeout ?? DEFAULTS.request_timeout,
    failed_action: v.failed_action ?? DEFAULTS.failed_action,
    auto_reconnect: v.reconnect === false ? false : (v.reconnect_interval ?? DEFAULTS.reconnect_interval),
    ssl: { ...(base?.ssl ?? {}), enable: https, verify: v.verify ? 'verify_peer' : 'verify_none', ...files },
  };
}

export function ExhookForm({ form, creating, onValuesChange }: { form: FormInstance<ExhookFormValues>; creating: boolean; onValuesChange?: () => void }) {
  const { t } = useTranslation(['exhook', 'common']);
  const url = Form.useWatch('url', form) ?? '';
  const reconnect = Form.useWatch('reconnect', form) ?? true;
  const req = (label: string) => ({ required: true, message: t('common:required', { name: label }) });
  return (
    <Form form={form} name="exhook" layout="vertical" style={{ maxWidth: 640 }} initialValues={DEFAULTS} onValuesChange={onValuesChange}>
      <Form.Item
        name="name"
        label={t('name')}
        rules={[req(t('name')), { pattern: /^[A-Za-z0-9]+[A-Za-z0-9-_]*$/, message: t('nameInvalid') }, { max: 256, message: t('nameInvalid') }]}
      >
        <Input disabled={!creating} />
      </Form.Item>
      <Form.Item name="url" label={t('url')} tooltip={t('urlDesc')} rules={[req(t('url')), { pattern: /^https?:\/\/.+/, message: t('urlInvalid') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="pool_size" label={t('poolSize')} tooltip={t('poolSizeDesc')} rules={[req(t('poolSize'))]}>
        <InputNumber min={1} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="request_timeout" label={t('requestTimeout')} tooltip={t('requestTimeOutDesc')} rules={[req(t('requestTimeout'))]}>
        <DurationInput units={['ms', 's', 'm']} />
      </Form.Item>
      <Form.Item name="failed_action" label={t('failedAction')} tooltip={t('failedActionDesc')}>
        <Radio.Group options={['deny', 'ignore'].map((v) => ({ value: v, label: v }))} />
      </Form.Item>
      <Form.Item name="reconnect" label={t('autoReconnect')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {reconnect && (
        <Form.Item name="reconnect_interval" label={t('autoReconnectInterval')} rules={[req(t('autoReconnectInterval'))]}>
          <DurationInput units={['s', 'm', 'h']} />
        </Form.Item>
      )}
      <Form.Item name="enable" label={t('enable')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {url.startsWith('https://') && (
        <>
          <Form.Item name="verify" label={t('verify')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {(['cacertfile', 'certfile', 'keyfile'] as const).map((k) => (
            <Form.Item key={k} name={k} label={t(k)} extra={t('pemHelp')}>
              <Input.TextArea rows={3} />
            </Form.Item>
          ))}
        </>
      )}
    </Form>
  );
}
