// The test drawer (EMQX's dry run): a message (topic, payload, QoS, retain, client, user properties) run through the
// transformation as it stands in the form by POST /message_transformations/dryrun; shows the output message or the
// node's sentence for the failure. Nothing is published.
import { useState } from 'react';
import { Alert, Button, Col, Descriptions, Drawer, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/apiErrors';
import { useDryRunMutation } from '../message-transform.api';
import type { DryRunMessage, Transformation } from '../message-transform.types';
import '../message-transform.messages';

interface Props {
  open: boolean;
  onClose: () => void;
  /** the transformation from the form (rejects when the form does not validate) */
  read: () => Promise<Transformation>;
}

type Values = Omit<DryRunMessage, 'user_property'> & { user_property: string };

const INITIAL: Values = { topic: 't/1', payload: '{"msg": "hello"}', qos: 0, retain: false, clientid: 'test-clientid', username: '', user_property: '{}' };

function userProps(text: string): Record<string, string> | undefined {
  try {
    const v = JSON.parse(text || '{}') as unknown;
    if (v === null || typeof v !== 'object' || Array.isArray(v) || !Object.values(v).every((x) => typeof x === 'string')) return undefined;
    return v as Record<string, string>;
  } catch {
    return undefined;
  }
}

export function DryRunDrawer({ open, onClose, read }: Props) {
  const { t } = useTranslation(['messageTransform', 'common']);
  const [form] = Form.useForm<Values>();
  const run = useDryRunMutation();
  const [formError, setFormError] = useState<string>();
  const submit = async () => {
    setFormError(undefined);
    const v = await form.validateFields();
    let transformation: Transformation;
    try {
      transformation = await read();
    } catch {
      onClose();
      return;
    }
    const message: DryRunMessage = { ...v, username: v.username || undefined, user_property: userProps(v.user_property) ?? {} };
    run.mutate({ transformation, message }, { onError: (e) => setFormError(errorText(e)) });
  };
  const out = run.isSuccess ? run.data : undefined;
  return (
    <Drawer open={open} onClose={onClose} title={t('dryRunTitle')} width={560} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('dryRunTip')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={INITIAL}>
        <Form.Item name="topic" label={t('topic')} rules={[{ required: true, whitespace: true }]}>
          <Input aria-label={t('topic')} />
        </Form.Item>
        <Form.Item name="payload" label={t('payload')}>
          <Input.TextArea autoSize={{ minRows: 3 }} style={{ fontFamily: 'monospace' }} aria-label={t('payload')} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="qos" label={t('qos')}>
              <Select options={[0, 1, 2].map((q) => ({ value: q, label: String(q) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="retain" label={t('retain')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="clientid" label={t('clientid')}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="username" label={t('username')}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="user_property"
          label={t('userProperties')}
          rules={[{ validator: async (_r, v: string) => (userProps(v) ? undefined : Promise.reject(new Error(t('userPropertiesInvalid')))) }]}
        >
          <Input.TextArea autoSize={{ minRows: 1 }} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Button type="primary" loading={run.isPending} onClick={() => void submit()}>
          {t('runTest')}
        </Button>
      </Form>
      {formError && <Alert style={{ marginTop: 16 }} type="error" showIcon message={t('testFailed')} description={formError} data-testid="dryrun-error" />}
      {out && (
        <Descriptions style={{ marginTop: 16 }} title={t('result')} column={1} bordered size="small" data-testid="dryrun-result">
          <Descriptions.Item label={t('topic')}>{out.topic}</Descriptions.Item>
          <Descriptions.Item label={t('payload')}>
            <Typography.Text code style={{ whiteSpace: 'pre-wrap' }}>
              {typeof out.payload === 'string' ? out.payload : JSON.stringify(out.payload)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('qos')}>{out.qos}</Descriptions.Item>
          <Descriptions.Item label={t('retain')}>{String(out.retain)}</Descriptions.Item>
          <Descriptions.Item label={t('userProperties')}>{JSON.stringify(out.user_property)}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
