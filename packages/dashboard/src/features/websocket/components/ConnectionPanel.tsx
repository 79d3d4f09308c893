// One tab: connection settings and state, then subscriptions and publishing side by side, then the message logs.
import { Button, Card, Col, Flex, Form, Row, Typography } from 'antd';
import { memo, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import type { ConnectionSettings } from '../model/settings';
import { useConnection, websocketStore } from '../store/websocketStore';
import { ConnectionProblemAlert } from './ConnectionProblemAlert';
import { ConnectionSettingsForm } from './ConnectionSettingsForm';
import { ConnectionStateBadge } from './ConnectionStateBadge';
import { MessagesPanel } from './MessagesPanel';
import { PublishForm } from './PublishForm';
import { SubscriptionsPanel } from './SubscriptionsPanel';

// Memoised, and the connection snapshot does not change with messages: a flood re-renders only the message list.
// `visible`: this tab is the active one on a showing page; hidden tabs do not render incoming messages.
export const ConnectionPanel = memo(function ConnectionPanel({ id, visible }: { id: string; visible: boolean }) {
  const { t } = useTranslation(['websocket', 'common', 'topic']);
  const [form] = Form.useForm<ConnectionSettings>();
  const conn = useConnection(id);
  const onSettingsChange = useCallback((s: ConnectionSettings) => websocketStore.updateSettings(id, s), [id]);
  // A port and path the store proposes later (the node's own listener, once known) reach a form already showing.
  const port = conn?.settings.port;
  const path = conn?.settings.path;
  useEffect(() => {
    if (port === undefined) return;
    if (form.getFieldValue('port') !== port) form.setFieldValue('port', port);
    if (form.getFieldValue('path') !== path) form.setFieldValue('path', path);
  }, [form, port, path]);
  if (!conn) return null;
  const version = (conn.connectedWith ?? conn.settings).protocolVersion;

  const busy = conn.state === 'connecting' || conn.state === 'disconnecting' || conn.state === 'reconnecting';
  const open = conn.state !== 'disconnected';

  const onConnect = async () => {
    try {
      await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    websocketStore.updateSettings(id, { ...conn.settings, ...form.getFieldsValue(true) });
    websocketStore.connect(id);
  };

  return (
    <Flex vertical gap={16} data-testid="connection-panel">
      <Card
        size="small"
        title={
          <Flex gap={12} align="center" wrap>
            <span>{t('connectionSettings')}</span>
            <ConnectionStateBadge state={conn.state} />
            {conn.state === 'connected' && conn.connectedAt && (
              <Typography.Text type="secondary">{t('connectedSince', { time: formatDateTime(conn.connectedAt) })}</Typography.Text>
            )}
          </Flex>
        }
        extra={
          <Flex gap={8}>
            {/* No `loading` here: antd's spinner leave-animation can stick when a refusal comes within a frame, and
                the button then stays named "loading Connect". The state badge already says Connecting. */}
            <Button type="primary" onClick={() => void onConnect()} disabled={open}>
              {t('connect')}
            </Button>
            <Button danger onClick={() => void websocketStore.disconnect(id)} disabled={!open || conn.state === 'disconnecting'}>
              {t('disconnect')}
            </Button>
          </Flex>
        }
      >
        <Flex vertical gap={16}>
          {conn.problem && <ConnectionProblemAlert problem={conn.problem} />}
          <ConnectionSettingsForm formName={`${id}-settings`} form={form} settings={conn.settings} locked={open || busy} onChange={onSettingsChange} />
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('subscriptions')} style={{ height: '100%' }}>
            <SubscriptionsPanel id={id} state={conn.state} version={version} subscriptions={conn.subscriptions} />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('publish')} style={{ height: '100%' }}>
            <PublishForm id={id} state={conn.state} version={version} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('messages')}>
        <MessagesPanel id={id} live={visible} />
      </Card>
    </Flex>
  );
});
