// The one webhook form (create page, detail › Settings), as the official WebhookForm.vue: name (with the `_WH_D`
// suffix shown), note, trigger, method, URL with Test (POST /connectors_probe), headers, body; under Advanced
// Settings the connector's and the action's options and TLS.
import { Button, Collapse, Flex, Form, Input, Select, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/bridge';
import { DurationInput } from '../../../shared/forms/DurationInput';
import { ByteSizeInput } from '../../../shared/forms/ByteSizeInput';
import { IntegerInput } from '../../../shared/forms/IntegerInput';
import { RowsInput } from '../../../shared/forms/RowsInput';
import { useFieldRules } from '../../../shared/forms/rules';
import { RULE_ID_PATTERN } from '../../rules/rules.rules';
import { sqlToTrigger, triggerToSql } from '../trigger';
import { WEBHOOK_SUFFIX, fullNameOf, type WebhookFormValues } from '../webhook.model';
import { useProbeConnectorMutation } from '../webhook.api';
import { TriggerField, triggerRule, type TriggerValue } from './TriggerField';
import '../webhook.messages';

/** What the form holds: the values, with the trigger in place of the SQL it stands for. */
export type WebhookFormState = Omit<WebhookFormValues, 'sql'> & { trigger: TriggerValue };

export function toFormState(v: WebhookFormValues, allEvents: readonly string[], ruleId: string): WebhookFormState {
  const { sql, ...rest } = v;
  return { ...rest, trigger: sqlToTrigger(sql, allEvents) ?? { kind: 'custom', sql, ruleId } };
}

export function fromFormState(s: WebhookFormState, allEvents: readonly string[]): WebhookFormValues {
  const { trigger, ...rest } = s;
  return { ...rest, sql: trigger.kind === 'custom' ? trigger.sql : triggerToSql(trigger, allEvents) };
}

const METHODS = ['post', 'get', 'put', 'delete'] as const;

interface Props {
  form: FormInstance<WebhookFormState>;
  initialValues: WebhookFormState;
  /** Editing: the name is fixed. */
  editing?: boolean;
  disabled?: boolean;
  allEvents: readonly string[];
  onValuesChange?: () => void;
}

export function WebhookForm({ form, initialValues, editing, disabled, allEvents, onValuesChange }: Props) {
  const { t } = useTranslation(['webhook', 'common']);
  const rules = useFieldRules();
  const probe = useProbeConnectorMutation();
  const name = Form.useWatch('name', form) ?? initialValues.name;

  const test = async () => {
    await form.validateFields(['url']);
    await probe.mutateAsync(fromFormState(form.getFieldsValue(true) as WebhookFormState, allEvents));
    void toast().success(t('connectionSuccessful'));
  };

  const advanced = (
    <>
      <Form.Item name="max_retries" label={t('maxRetries')} rules={[rules.integer({ min: 0 })]}>
        <IntegerInput min={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="connect_timeout" label={t('connectTimeout')} rules={[rules.duration({ min: 1 })]}>
        <DurationInput aria-label={t('connectTimeout')} units={['ms', 's', 'm']} />
      </Form.Item>
      <Form.Item name="start_timeout" label={t('startTimeout')} rules={[rules.duration({ min: 1 })]}>
        <DurationInput aria-label={t('startTimeout')} units={['ms', 's', 'm']} />
      </Form.Item>
      <Form.Item name="health_check_interval" label={t('healthCheckInterval')} rules={[rules.duration({ min: 1 })]}>
        <DurationInput aria-label={t('healthCheckInterval')} units={['ms', 's', 'm']} />
      </Form.Item>
      <Form.Item name="pool_type" label={t('poolType')}>
        <Select aria-label={t('poolType')} style={{ width: 200 }} options={['random', 'hash'].map((v) => ({ value: v, label: v }))} />
      </Form.Item>
      <Form.Item name="pool_size" label={t('poolSize')} rules={[rules.required(t('poolSize')), rules.integer({ min: 1 })]}>
        <IntegerInput min={1} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="enable_pipelining" label={t('pipelining')} rules={[rules.integer({ min: 1 })]}>
        <IntegerInput min={1} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="query_mode" label={t('queryMode')}>
        <Select aria-label={t('queryMode')} style={{ width: 200 }} options={['async', 'sync'].map((v) => ({ value: v, label: v }))} />
      </Form.Item>
      <Form.Item name="worker_pool_size" label={t('workerPoolSize')} rules={[rules.integer({ min: 1, max: 1024 })]}>
        <IntegerInput min={1} max={1024} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="request_ttl" label={t('requestTtl')} rules={[rules.duration({ min: 1 }, ['infinity'])]}>
        <DurationInput aria-label={t('requestTtl')} units={['ms', 's', 'm', 'h']} words={['infinity']} />
      </Form.Item>
      <Form.Item name="inflight_window" label={t('inflightWindow')} rules={[rules.integer({ min: 1 })]}>
        <IntegerInput min={1} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="max_buffer_bytes" label={t('maxBufferBytes')} rules={[rules.size({ min: 1 })]}>
        <ByteSizeInput aria-label={t('maxBufferBytes')} />
      </Form.Item>
      <Form.Item name={['ssl', 'enable']} label={t('tls')} valuePropName="checked">
        <Switch aria-label={t('tls')} />
      </Form.Item>
      <Form.Item noStyle dependencies={[['ssl', 'enable']]}>
        {({ getFieldValue }) =>
          getFieldValue(['ssl', 'enable']) ? (
            <>
              <Form.Item
                name={['ssl', 'verify']}
                label={t('tlsVerify')}
                getValueProps={(v) => ({ checked: v === 'verify_peer' })}
                normalize={(on: boolean) => (on ? 'verify_peer' : 'verify_none')}
              >
                <Switch aria-label={t('tlsVerify')} />
              </Form.Item>
              <Form.Item name={['ssl', 'server_name_indication']} label={t('sni')} extra={t('sniHelp')}>
                <Input />
              </Form.Item>
              {(['cacertfile', 'certfile', 'keyfile'] as const).map((k) => (
                <Form.Item key={k} name={['ssl', k]} label={t(k === 'cacertfile' ? 'cacert' : k === 'certfile' ? 'cert' : 'key')} extra={t('pemHelp')}>
                  <Input.TextArea rows={3} />
                </Form.Item>
              ))}
            </>
          ) : null
        }
      </Form.Item>
    </>
  );

  return (
    <Form<WebhookFormState>
      form={form}
      name="webhook"
      layout="vertical"
      initialValues={initialValues}
      disabled={disabled}
      onValuesChange={onValuesChange}
      style={{ maxWidth: 760 }}
    >
      <Form.Item
        name="name"
        label={t('name')}
        extra={name?.trim() ? t('nameHelp', { name: fullNameOf(name.trim()) }) : undefined}
        rules={[rules.required(t('name')), { pattern: RULE_ID_PATTERN, message: t('common:namePattern') }]}
      >
        <Input disabled={editing || disabled} addonAfter={WEBHOOK_SUFFIX} style={{ maxWidth: 420 }} />
      </Form.Item>
      <Form.Item name="description" label={t('note')}>
        <Input />
      </Form.Item>
      <Form.Item name="trigger" label={t('trigger')} rules={[triggerRule()]}>
        <TriggerField />
      </Form.Item>
      <Form.Item name="method" label={t('method')}>
        <Select aria-label={t('method')} style={{ width: 200 }} options={METHODS.map((m) => ({ value: m, label: m.toUpperCase() }))} />
      </Form.Item>
      <Form.Item label={t('url')} extra={t('urlHelp')} required>
        <Flex gap="small">
          <Form.Item name="url" noStyle rules={[rules.required(t('url')), rules.url()]}>
            <Input aria-label={t('url')} />
          </Form.Item>
          <Button loading={probe.isPending} onClick={() => void test().catch(() => undefined)}>
            {t('test')}
          </Button>
        </Flex>
      </Form.Item>
      <Form.Item name="headers" label={t('headers')}>
        <RowsInput
          columns={[
            { key: 'key', label: t('headerKey'), kind: 'text', width: 220 },
            { key: 'value', label: t('headerValue'), kind: 'text', width: 300 },
          ]}
        />
      </Form.Item>
      <Form.Item name="body" label={t('body')} extra={t('bodyHelp')}>
        <Input.TextArea rows={4} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Collapse ghost items={[{ key: 'advanced', label: t('advancedSettings'), forceRender: true, children: advanced }]} />
    </Form>
  );
}
