// Management › Flow Control: the node limiter (hidden GET|PUT /configs/limiter). All three rates are enforced by the
// node for all clients together ('infinity' disables one); per-client rates are set on each listener.
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../../shared/forms/fieldSpec';
import { SettingsScreen } from '../../shared/forms/SettingsScreen';
import { useLimiterQuery, useSaveLimiterMutation } from './flow-control.api';
import './flow-control.messages';

// the node refuses a zero rate (it would stop every client), so the form does too
const FIELDS: FieldSpec[] = [
  { path: 'max_conn_rate', label: 'max_conn_rate', help: 'help_max_conn_rate', kind: 'rate', positive: true, required: true },
  { path: 'messages_rate', label: 'messages_rate', help: 'help_messages_rate', kind: 'rate', positive: true, required: true, note: 'note_messages_rate' },
  { path: 'bytes_rate', label: 'bytes_rate', help: 'help_bytes_rate', kind: 'rate', positive: true, required: true, note: 'note_bytes_rate' },
];

export default function FlowControlPage() {
  const { t } = useTranslation('flowControl');
  return (
    <SettingsScreen
      name="flow-control"
      ns="flowControl"
      title={t('title')}
      component="limiter.limiter"
      fields={FIELDS}
      query={useLimiterQuery()}
      save={useSaveLimiterMutation()}
      notice={<Alert type="info" showIcon title={t('intro')} description={t('perClient')} style={{ marginBottom: 16, maxWidth: 640 }} />}
    />
  );
}
