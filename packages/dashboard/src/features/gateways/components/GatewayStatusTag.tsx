import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/StatusTag';
import type { GatewayStatus } from '../gateways.config';
import '../gateways.messages';

/** running / stopped in the common words and tones; unloaded (never set up) in the gateways' own word. */
export function GatewayStatusTag({ status }: { status: GatewayStatus }) {
  const { t } = useTranslation('gateways');
  return <StatusTag status={status === 'unloaded' ? 'disabled' : status} label={t(status)} />;
}
