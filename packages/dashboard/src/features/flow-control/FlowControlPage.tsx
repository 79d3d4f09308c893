// Management › Flow Control: the node limiter's connection rate ('infinity' disables). The message and byte rates
// are stored by the node but not enforced, so the screen does not offer them (they are sent back unchanged).
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../mqtt-settings/fields/fieldSpec';
import { SettingsScreen } from '../mqtt-settings/components/SettingsScreen';
import { useLimiterQuery, useSaveLimiterMutation } from './flow-control.api';
import './flow-control.messages';

const FIELDS: FieldSpec[] = [
  { path: 'max_conn_rate', label: 'max_conn_rate', help: 'help_max_conn_rate', kind: 'rate', required: true },
];

export default function FlowControlPage() {
  const { t } = useTranslation('flowControl');
  return (
    <SettingsScreen name="flow-control" ns="flowControl" title={t('title')} component="emqx.limiter" fields={FIELDS} query={useLimiterQuery()}
      save={useSaveLimiterMutation()} notice={<Alert type="info" showIcon title={t('intro')} description={t('notEnforced')} style={{ marginBottom: 16, maxWidth: 640 }} />} />
  );
}
