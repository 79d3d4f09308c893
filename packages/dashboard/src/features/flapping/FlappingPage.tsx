// Access Control › Flapping Detect: enable, window time, max disconnects, ban time (flapping_detect of the global zone).
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../../shared/forms/fieldSpec';
import { SettingsScreen } from '../../shared/forms/SettingsScreen';
import { useGlobalZoneQuery, useSaveZoneSectionMutation } from '../mqtt-settings/mqtt-settings.api';
import { useZoneSection } from '../mqtt-settings/useZoneSection';
import './flapping.messages';

// EMQX refuses a zero window or ban: both at least one second.
const FIELDS: FieldSpec[] = [
  { path: 'enable', label: 'enable', kind: 'switch' },
  { path: 'window_time', label: 'windowTime', kind: 'duration', units: ['s', 'm', 'h'], min: 1000, required: true },
  { path: 'max_count', label: 'maxCount', kind: 'integer', min: 1, required: true },
  { path: 'ban_time', label: 'banTime', kind: 'duration', units: ['s', 'm', 'h', 'd'], min: 1000, required: true },
];

export default function FlappingPage() {
  const { t } = useTranslation('flapping');
  const query = useZoneSection(useGlobalZoneQuery(), 'flapping_detect');
  return (
    <SettingsScreen
      name="flapping"
      ns="flapping"
      title={t('title')}
      component="emqx.flapping_detect"
      fields={FIELDS}
      query={query}
      save={useSaveZoneSectionMutation('flapping_detect')}
      notice={<Alert type="info" showIcon title={t('intro')} style={{ marginBottom: 24, maxWidth: 720 }} />}
    />
  );
}
