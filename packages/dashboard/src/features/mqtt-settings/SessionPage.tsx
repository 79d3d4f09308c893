// Management › MQTT Settings › Sessions: the session keys of the global zone's mqtt object.
import { useTranslation } from 'react-i18next';
import { SettingsScreen } from '../../shared/forms/SettingsScreen';
import { useGlobalZoneQuery, useSaveZoneSectionMutation } from './mqtt-settings.api';
import { sessionFields } from './mqtt-settings.fields';
import { useZoneSection } from './useZoneSection';

export default function SessionPage() {
  const { t } = useTranslation('mqttSettings');
  const query = useZoneSection(useGlobalZoneQuery(), 'mqtt');
  return <SettingsScreen name="mqtt-session" title={t('session')} component="emqx.mqtt" fields={sessionFields} query={query} save={useSaveZoneSectionMutation('mqtt')} />;
}
