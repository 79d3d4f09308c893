// Management › Advanced MQTT › Delayed Publish: enable and the limit (GET|PUT /mqtt/delayed).
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../../shared/forms/fieldSpec';
import { SettingsScreen } from '../../shared/forms/SettingsScreen';
import { useDelayedSettingsQuery, useSaveDelayedSettingsMutation } from './delayed-publish.api';
import './delayed-publish.messages';

const FIELDS: FieldSpec[] = [
  { path: 'enable', label: 'enable', kind: 'switch' },
  { path: 'max_delayed_messages', label: 'max_delayed_messages', help: 'help_max_delayed_messages', kind: 'integer', min: 0, required: true },
];

export default function DelayedSettingsPage() {
  const { t } = useTranslation('delayedPublish');
  return (
    <SettingsScreen
      name="delayed-settings"
      ns="delayedPublish"
      title={t('settingsTitle')}
      component="modules.delayed"
      fields={FIELDS}
      query={useDelayedSettingsQuery()}
      save={useSaveDelayedSettingsMutation()}
      notice={<Alert type="info" showIcon title={t('intro')} style={{ marginBottom: 16, maxWidth: 640 }} />}
    />
  );
}
