// Publish form: topic, text or JSON payload, QoS, retain and MQTT 5 publish properties.
import { App, Button, Checkbox, Col, Collapse, Form, Input, InputNumber, Row, Segmented, Select } from 'antd';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/language';
import type { ProtocolVersion, QoS, UserProperty } from '../model/settings';
import { websocketStore } from '../store/websocketStore';
import type { ConnectionState } from '../store/types';
import { jsonRule, rangeRule, requiredRule } from '../websocket.rules';
import { topicRule } from '../../../shared/topic';
import { failureText } from '../texts';
import { UserPropertiesField } from './UserPropertiesField';

const QOS_OPTIONS = [0, 1, 2].map((q) => ({ value: q, label: String(q) }));

interface Values {
  topic: string;
  payload: string;
  format: 'text' | 'json';
  qos: QoS;
  retain: boolean;
  contentType?: string;
  messageExpiryInterval?: number | null;
  responseTopic?: string;
  correlationData?: string;
  payloadFormatIndicator: boolean;
  userProperties: UserProperty[];
}

export const PublishForm = memo(function PublishForm({ id, state, version }: { id: string; state: ConnectionState; version: ProtocolVersion }) {
  const { t } = useTranslation(['websocket', 'common', 'topic']);
  const lang = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const format = Form.useWatch('format', form) ?? 'text';
  const v5 = version === 5;

  const onPublish = async (v: Values) => {
    if (state !== 'connected') {
      message.error(t('clientNotConnected'));
      return;
    }
    setBusy(true);
    try {
      await websocketStore.publish(id, {
        topic: v.topic,
        payload: v.payload ?? '',
        qos: v.qos,
        retain: v.retain,
        properties: v5
          ? {
              contentType: v.contentType || undefined,
              messageExpiryInterval: typeof v.messageExpiryInterval === 'number' ? v.messageExpiryInterval : undefined,
              responseTopic: v.responseTopic || undefined,
              correlationData: v.correlationData || undefined,
              payloadFormatIndicator: v.payloadFormatIndicator || undefined,
              userProperties: v.userProperties?.filter((p) => p.key),
            }
          : undefined,
      });
      message.success(t('published', { topic: v.topic }));
    } catch (error) {
      message.error(failureText(t, lang, 'publishingFailure', error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      name={`${id}-publish`}
      layout="vertical"
      requiredMark={false}
      initialValues={{ topic: 't/1', payload: '{ "msg": "hello" }', format: 'json', qos: 0, retain: false, payloadFormatIndicator: false, userProperties: [] }}
      onFinish={onPublish}
      aria-label={t('publish')}
    >
      <Row gutter={12}>
        <Col flex="auto">
          <Form.Item name="topic" label={t('topic')} rules={[requiredRule(t, t('topic')), topicRule('name')]}>
            <Input aria-label={t('topic')} />
          </Form.Item>
        </Col>
        <Col flex="96px">
          <Form.Item name="qos" label={t('qos')}>
            <Select options={QOS_OPTIONS} aria-label={t('qos')} />
          </Form.Item>
        </Col>
        <Col flex="none">
          <Form.Item name="retain" label={t('retain')} valuePropName="checked">
            <Checkbox aria-label={t('retain')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="format" label={t('payloadFormat')}>
        <Segmented
          options={[
            { value: 'text', label: t('formatText') },
            { value: 'json', label: t('formatJson') },
          ]}
          onChange={() => void form.validateFields(['payload']).catch(() => undefined)}
        />
      </Form.Item>
      <Form.Item name="payload" label={t('payload')} rules={[jsonRule(t, format === 'json')]}>
        <Input.TextArea rows={4} aria-label={t('payload')} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      {v5 && (
        <Collapse
          size="small"
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'props',
              label: t('publishProperties'),
              forceRender: true,
              children: (
                <Row gutter={12}>
                  <Col xs={24} md={12}>
                    <Form.Item name="contentType" label={t('contentType')}>
                      <Input placeholder="application/json" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="messageExpiryInterval" label={t('messageExpiry')} rules={[rangeRule(t, 'messageExpiryInterval', t('messageExpiry'), true)]}>
                      <InputNumber style={{ width: '100%' }} placeholder={t('optional')} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="responseTopic" label={t('responseTopic')} rules={[topicRule('name')]}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="correlationData" label={t('correlationData')}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <Form.Item name="payloadFormatIndicator" valuePropName="checked">
                      <Checkbox>{t('payloadFormatIndicator')}</Checkbox>
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <UserPropertiesField name="userProperties" />
                  </Col>
                </Row>
              ),
            },
          ]}
        />
      )}
      <Button type="primary" htmlType="submit" disabled={busy}>
        {t('publish')}
      </Button>
    </Form>
  );
});
