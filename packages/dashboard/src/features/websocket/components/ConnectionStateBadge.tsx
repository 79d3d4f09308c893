import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../store/types';

const STATUS: Record<ConnectionState, 'success' | 'processing' | 'default' | 'warning'> = {
  connected: 'success',
  connecting: 'processing',
  reconnecting: 'warning',
  disconnecting: 'processing',
  disconnected: 'default',
};

export function ConnectionStateBadge({ state }: { state: ConnectionState }) {
  const { t } = useTranslation(['websocket', 'common', 'topic']);
  return <Badge status={STATUS[state]} text={t(`state_${state}`)} data-testid="connection-state" data-state={state} />;
}
