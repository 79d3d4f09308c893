// Subscribe form (topic defaults to t/#) and the list of active subscriptions of one connection.
import { App, Button, Checkbox, Col, Empty, Flex, Form, Input, Row, Select, Tag, Typography, theme } from 'antd';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/language';
import type { ProtocolVersion, QoS } from '../model/settings';
import { websocketStore } from '../store/websocketStore';
import type { ConnectionState, SubscriptionEntry } from '../store/types';
import { failureText } from '../texts';
import { requiredRule } from '../websocket.rules';
import { topicRule } from '../../../shared/topic';

export const DEFAULT_SUBSCRIBE_TOPIC = 't/#';
const QOS_OPTIONS = [0, 1, 2].map((q) => ({ value: q, label: String(q) }));

interface Values {
  topic: string;
  qos: QoS;
  nl: boolean;
  rap: boolean;
  rh: 0 | 1 | 2;
}

interface Props {
  id: string;
  state: ConnectionState;
  version: ProtocolVersion;
  subscriptions: readonly SubscriptionEntry[];
}

export const SubscriptionsPanel = memo(function SubscriptionsPanel({ id, state, version, subscriptions }: Props) {
  const { t } = useTranslation(['websocket', 'common', 'topic']);
  const lang = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const { token } = theme.useToken();
  const v5 = version === 5;
  const connected = state === 'connected';

  const onSubscribe = async (values: Values) => {
    if (!connected) {
      message.error(t('clientNotConnected'));
      return;
    }
    setBusy(true);
    try {
      const entry = await websocketStore.subscribeTopic(id, { ...values, topic: values.topic.trim() });
      message.success(t('subscribed', { topic: entry.topic, qos: entry.qos }));
    } catch (error) {
      message.error(failureText(t, lang, 'subscriptionFailure', error));
    } finally {
      setBusy(false);
    }
  };

  const onUnsubscribe = async (topic: string) => {
    try {
      await websocketStore.unsubscribeTopic(id, topic);
      message.success(t('unsubscribed', { topic }));
    } catch (error) {
      message.error(failureText(t, lang, 'unsubscribeFailure', error));
    }
  };

  return (
    <>
      <Form<Values>
        form={form}
        name={`${id}-subscribe`}
        layout="vertical"
        requiredMark={false}
        initialValues={{ topic: DEFAULT_SUBSCRIBE_TOPIC, qos: 0, nl: false, rap: false, rh: 0 }}
        onFinish={onSubscribe}
        aria-label={t('subscribe')}
      >
        <Row gutter={12}>
          <Col flex="auto">
            <Form.Item name="topic" label={t('topic')} rules={[requiredRule(t, t('topic')), topicRule('filter', { others: () => subscriptions.map((x) => x.topic) })]}>
              <Input aria-label={t('topic')} />
            </Form.Item>
          </Col>
          <Col flex="96px">
            <Form.Item name="qos" label={t('qos')}>
              <Select options={QOS_OPTIONS} aria-label={t('qos')} />
            </Form.Item>
          </Col>
        </Row>
        {v5 && (
          <Row gutter={12}>
            <Col>
              <Form.Item name="nl" valuePropName="checked">
                <Checkbox>{t('noLocal')}</Checkbox>
              </Form.Item>
            </Col>
            <Col>
              <Form.Item name="rap" valuePropName="checked">
                <Checkbox>{t('retainAsPublished')}</Checkbox>
              </Form.Item>
            </Col>
            <Col flex="auto">
              <Form.Item name="rh" label={t('retainHandling')}>
                <Select options={([0, 1, 2] as const).map((v) => ({ value: v, label: t(`retainHandling${v}`) }))} />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Button type="primary" htmlType="submit" disabled={busy}>
          {t('subscribe')}
        </Button>
      </Form>
      <Flex vertical gap={8} style={{ marginTop: 16 }}>
        {subscriptions.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSubscriptions')} />}
        {subscriptions.map((s) => (
          <Flex
            key={s.topic}
            data-testid="subscription"
            justify="space-between"
            align="center"
            gap={8}
            style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: token.paddingXS }}
          >
            <Flex gap={8} wrap align="center">
              <Typography.Text code>{s.topic}</Typography.Text>
              <Tag>QoS {s.qos}</Tag>
              {s.nl && <Tag>{t('noLocal')}</Tag>}
              {s.rap && <Tag>{t('retainAsPublished')}</Tag>}
              {v5 && s.rh !== 0 && (
                <Tag>
                  {t('retainHandling')} {s.rh}
                </Tag>
              )}
            </Flex>
            <Button size="small" danger onClick={() => void onUnsubscribe(s.topic)}>
              {t('unsubscribe')}
            </Button>
          </Flex>
        ))}
      </Flex>
    </>
  );
});
