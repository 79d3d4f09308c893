// Diagnostics › Slow Subscriptions › Settings (GET|PUT /slow_subscriptions/settings, the slow_subs root).
import type { FieldSpec } from '../../shared/forms/fieldSpec';
import { SettingsScreen } from '../../shared/forms/SettingsScreen';
import { useTranslation } from 'react-i18next';
import { useSaveSlowSubsSettingsMutation, useSlowSubsSettingsQuery } from './slow-subscriptions.api';
import './slow-subscriptions.messages';

const FIELDS: FieldSpec[] = [
  { path: 'enable', label: 'enable', kind: 'switch' },
  { path: 'threshold', label: 'threshold', help: 'help_threshold', kind: 'duration', units: ['ms', 's', 'm'], min: 0, required: true },
  { path: 'expire_interval', label: 'expire_interval', help: 'help_expire_interval', kind: 'duration', units: ['s', 'm', 'h', 'd'], min: 0, required: true },
  { path: 'top_k_num', label: 'top_k_num', help: 'help_top_k_num', kind: 'integer', min: 1, max: 1000, required: true },
  {
    path: 'stats_type',
    label: 'stats_type',
    help: 'help_stats_type',
    kind: 'select',
    options: ['whole', 'internal', 'response'],
    optionLabels: { whole: 'type_whole', internal: 'type_internal', response: 'type_response' },
    required: true,
  },
];

export default function SlowSubsSettingsPage() {
  const { t } = useTranslation('slowSubscriptions');
  return (
    <SettingsScreen
      name="slow-subs-settings"
      ns="slowSubscriptions"
      title={t('settingsTitle')}
      component="slow_subs.slow_subs"
      fields={FIELDS}
      query={useSlowSubsSettingsQuery()}
      save={useSaveSlowSubsSettingsMutation()}
    />
  );
}
