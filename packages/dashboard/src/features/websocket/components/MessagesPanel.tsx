// Received and published messages of one connection. Only the visible list follows the store: the other one,
// a hidden connection tab and a hidden page cost nothing while messages pour in.
import { Tabs } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MESSAGE_CAP } from '../model/messageLog';
import { useConnectionLogs, websocketStore } from '../store/websocketStore';
import { MessageList } from './MessageList';

type Which = 'received' | 'published';

export function MessagesPanel({ id, live }: { id: string; live: boolean }) {
  const { t } = useTranslation(['websocket', 'common', 'topic']);
  const [which, setWhich] = useState<Which>('received');
  const logs = useConnectionLogs(id, live);
  const clearReceived = useCallback(() => websocketStore.clearMessages(id, 'received'), [id]);
  const clearPublished = useCallback(() => websocketStore.clearMessages(id, 'published'), [id]);
  // Counts stay out of the tab labels: a label changing ten times a second makes the tab bar re-measure itself.
  return (
    <Tabs
      activeKey={which}
      onChange={(key) => setWhich(key as Which)}
      items={[
        {
          key: 'received',
          label: t('receivedMessages'),
          children: <MessageList testId="received-messages" log={logs.received} live={live && which === 'received'} cap={DEFAULT_MESSAGE_CAP} onClear={clearReceived} />,
        },
        {
          key: 'published',
          label: t('publishedMessages'),
          children: <MessageList testId="published-messages" log={logs.published} live={live && which === 'published'} cap={DEFAULT_MESSAGE_CAP} onClear={clearPublished} />,
        },
      ]}
    />
  );
}
