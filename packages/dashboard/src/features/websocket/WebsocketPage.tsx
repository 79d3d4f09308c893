// Diagnostics › WebSocket Client: MQTT over WebSocket connections in tabs (the default one plus up to six more).
// Connections and messages live in a module-level store, so they stay open while the console is open.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Tabs, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { ConnectionPanel } from './components/ConnectionPanel';
import { ConnectionStateBadge } from './components/ConnectionStateBadge';
import { MAX_CONNECTIONS } from './store/createWebsocketStore';
import { useWebsocketSnapshot, websocketStore } from './store/websocketStore';
import { useNodeEndpoints } from './useNodeEndpoints';
import './websocket.messages';

export default function WebsocketPage() {
  const { t } = useTranslation('websocket');
  const snapshot = useWebsocketSnapshot();
  useNodeEndpoints();
  const canAdd = snapshot.connections.length < MAX_CONNECTIONS;
  // The page stays mounted (hidden) while the operator is elsewhere in the console: message lists stop rendering then.
  const pageVisible = useMatch('/websocket') !== null;

  const addButton = (
    <Tooltip title={canAdd ? undefined : t('connectionLimit', { max: MAX_CONNECTIONS })}>
      <Button icon={<PlusOutlined />} disabled={!canAdd} onClick={() => websocketStore.addConnection()}>
        {t('newConnection')}
      </Button>
    </Tooltip>
  );

  return (
    <PageSection title={t('title')}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Tabs
        type="editable-card"
        hideAdd
        activeKey={snapshot.activeId}
        onChange={(key) => websocketStore.setActive(key)}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') websocketStore.removeConnection(key);
        }}
        tabBarExtraContent={{ right: addButton }}
        items={snapshot.connections.map((c) => ({
          key: c.id,
          closable: !c.isDefault,
          closeIcon: c.isDefault ? undefined : <span aria-label={t('closeConnection')}>×</span>,
          label: (
            <Flex gap={8} align="center" data-testid="connection-tab">
              <span>{c.settings.name}</span>
              <ConnectionStateBadge state={c.state} />
            </Flex>
          ),
          children: <ConnectionPanel id={c.id} visible={pageVisible && c.id === snapshot.activeId} />,
        }))}
      />
    </PageSection>
  );
}
