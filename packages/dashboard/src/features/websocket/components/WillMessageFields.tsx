import { Checkbox, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConnectionSettings } from '../model/settings';
import { rangeRule, requiredRule } from '../websocket.rules';
import { topicRule } from '../../../shared/topic';

const QOS_OPTIONS = [0, 1, 2].map((q) => ({ value: q, label: String(q) }));

interface Props {
  form: FormInstance<ConnectionSettings>;
  v5: boolean;
  locked: boolean;
}

export function WillMessageFields({ form, v5, locked }: Props) {
  const { t } = useTranslation(['websocket', 'common', 'topic']);
  const enabled: boolean = Form.useWatch(['will', 'enabled'], form) ?? false;
  const off = locked || !enabled;
  return (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item name={['will', 'enabled']} valuePropName="checked">
          <Checkbox>{t('willEnabled')}</Checkbox>
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={['will', 'topic']} label={t('willTopic')} rules={enabled ? [requiredRule(t, t('willTopic')), topicRule('name')] : []}>
          <Input disabled={off} />
        </Form.Item>
      </Col>
      <Col xs={8} md={4}>
        <Form.Item name={['will', 'qos']} label={t('willQos')}>
          <Select options={QOS_OPTIONS} disabled={off} />
        </Form.Item>
      </Col>
      <Col xs={8} md={4}>
        <Form.Item name={['will', 'retain']} label={t('willRetain')} valuePropName="checked">
          <Checkbox disabled={off} />
        </Form.Item>
      </Col>
      {v5 && (
        <Col xs={8} md={4}>
          <Form.Item name={['will', 'delayInterval']} label={t('willDelay')} rules={enabled ? [rangeRule(t, 'willDelayInterval', t('willDelay'))] : []}>
            <InputNumber style={{ width: '100%' }} disabled={off} />
          </Form.Item>
        </Col>
      )}
      <Col span={24}>
        <Form.Item name={['will', 'payload']} label={t('willPayload')}>
          <Input.TextArea rows={2} disabled={off} />
        </Form.Item>
      </Col>
    </Row>
  );
}
