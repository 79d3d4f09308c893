// Durable Sessions screen: what the node's durable session store holds now (GET /mqdeck/durable_sessions, extension
// `durable_store`). Shown only in front of MQDeck's node: EMQX 5.8 has no route for it.
import { Alert, Card, Descriptions } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DurableStoreView } from '@mqdeck/api';
import { extensionRequest, useApiExtension } from '../../shared/apiExtensions';
import { formatDateTime, formatNumber } from '../../shared/format';
import './mqtt-settings.messages';

/** the answer of GET /mqdeck/durable_sessions (docs/api-extensions.md), as the contract types it */
export type DurableStore = DurableStoreView;

export const durableStoreKey = ['mqdeck', 'durable_sessions'] as const;

/** refreshed every few seconds while the screen is open: the figures move with the traffic */
const REFRESH_MS = 5000;

export function DurableStorePanel() {
  const { t } = useTranslation('mqttSettings');
  const served = useApiExtension('durable_store');
  const store = useQuery({
    queryKey: durableStoreKey,
    queryFn: ({ signal }) => extensionRequest<DurableStore>('GET', '/mqdeck/durable_sessions', undefined, signal),
    enabled: served,
    refetchInterval: REFRESH_MS,
  });
  if (!served) return null;
  if (store.isError) return <Alert type="error" showIcon title={t('storeLoadFailed')} style={{ marginBottom: 16, maxWidth: 720 }} />;
  const s = store.data;
  if (!s) return null;
  return (
    <Card size="small" title={t('storeTitle')} style={{ marginBottom: 16, maxWidth: 720 }}>
      {s.enable ? (
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'messages', label: t('storeMessages'), children: formatNumber(s.messages) },
            { key: 'sessions', label: t('storeSessions'), children: formatNumber(s.sessions) },
            { key: 'oldest', label: t('storeOldest'), children: s.oldest_at === null ? '-' : formatDateTime(s.oldest_at) },
            { key: 'expired', label: t('storeExpired', { period: s.message_retention_period }), children: formatNumber(s.retention_expired) },
          ]}
        />
      ) : (
        t('storeOff')
      )}
    </Card>
  );
}
