import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format';
import { DEFAULT_MESSAGE_CAP } from '../model/messageLog';
import { websocketStore } from '../store/websocketStore';
import type { ConnectionSnapshot } from '../store/types';
import { MessageList } from './MessageList';

export function MessagesPanel({ conn }: { conn: ConnectionSnapshot }) {
  const { t } = useTranslation('websocket');
  return (
    <Tabs
      items={[
        {
          key: 'received',
          label: `${t('receivedMessages')} (${formatNumber(conn.received.total)})`,
          children: (
            <MessageList
              testId="received-messages"
              log={conn.received}
              cap={DEFAULT_MESSAGE_CAP}
              onClear={() => websocketStore.clearMessages(conn.id, 'received')}
            />
          ),
        },
        {
          key: 'published',
          label: `${t('publishedMessages')} (${formatNumber(conn.published.total)})`,
          children: (
            <MessageList
              testId="published-messages"
              log={conn.published}
              cap={DEFAULT_MESSAGE_CAP}
              onClear={() => websocketStore.clearMessages(conn.id, 'published')}
            />
          ),
        },
      ]}
    />
  );
}
