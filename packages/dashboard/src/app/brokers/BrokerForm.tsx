// Add or change a managed broker: its console address, how this node logs in there (a dashboard user or an API key),
// and how its certificate is checked. The node tries the login before it keeps anything; its refusal is shown as is.
import { useMemo } from 'react';
import { Form, Input, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BrokerView } from '@mqdeck/api';
import { FormModal } from '../../shared/FormModal';
import { useSaveBroker } from './brokers.api';

interface Values {
  name: string;
  url: string;
  auth_type: 'password' | 'api_key';
  username: string;
  secret: string;
  ca: string;
  insecure: boolean;
}

export function BrokerForm({ broker, open, onClose }: { broker?: BrokerView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['layout', 'common']);
  const [form] = Form.useForm<Values>();
  const save = useSaveBroker(broker?.id);
  const authType = Form.useWatch('auth_type', form) ?? 'password';
  const initialValues = useMemo<Values>(
    () =>
      broker
        ? { name: broker.name, url: broker.url, auth_type: broker.auth_type, username: broker.username, secret: broker.secret, ca: broker.ca, insecure: broker.insecure }
        : { name: '', url: 'https://', auth_type: 'password', username: 'admin', secret: '', ca: '', insecure: false },
    [broker],
  );
  const required = (name: string) => [{ required: true, whitespace: true, message: t('common:required', { name }) }];
  return (
    <FormModal<Values>
      open={open}
      editing={!!broker}
      title={broker ? t('brokerEdit') : t('brokerAdd')}
      form={form}
      name="broker"
      initialValues={initialValues}
      onSubmit={(v) => save.mutateAsync({ ...v, name: v.name.trim(), url: v.url.trim() })}
      successMessage={t('brokerSaved')}
      onClose={onClose}
      okText={broker ? undefined : t('brokerAddOk')}
    >
      <Form.Item name="name" label={t('brokerName')} rules={required(t('brokerName'))}>
        <Input placeholder="production" maxLength={64} />
      </Form.Item>
      <Form.Item name="url" label={t('brokerUrl')} extra={t('brokerUrlHelp')} rules={required(t('brokerUrl'))}>
        <Input placeholder="https://emqx.example:18083" />
      </Form.Item>
      <Form.Item name="auth_type" label={t('brokerAuth')}>
        <Radio.Group
          options={[
            { value: 'password', label: t('brokerAuthPassword') },
            { value: 'api_key', label: t('brokerAuthApiKey') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="username"
        label={authType === 'api_key' ? t('brokerApiKey') : t('brokerUsername')}
        rules={required(authType === 'api_key' ? t('brokerApiKey') : t('brokerUsername'))}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="secret"
        label={authType === 'api_key' ? t('brokerApiSecret') : t('brokerPassword')}
        rules={required(authType === 'api_key' ? t('brokerApiSecret') : t('brokerPassword'))}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="ca" label={t('brokerCa')} extra={t('brokerCaHelp')}>
        <Input.TextArea rows={3} placeholder="-----BEGIN CERTIFICATE-----" />
      </Form.Item>
      <Form.Item name="insecure" label={t('brokerInsecure')} valuePropName="checked" extra={t('brokerInsecureHelp')}>
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
