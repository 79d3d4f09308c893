// Management › MQTT Settings › General: the mqtt keys of the global zone that are not session keys.
import { useTranslation } from 'react-i18next';
import { SettingsScreen } from '../../shared/forms/SettingsScreen';
import { useGlobalZoneQuery, useSaveZoneSectionMutation } from './mqtt-settings.api';
import { generalFields } from './mqtt-settings.fields';
import { useZoneSection } from './useZoneSection';

export default function GeneralPage() {
  const { t } = useTranslation('mqttSettings');
  const query = useZoneSection(useGlobalZoneQuery(), 'mqtt');
  return <SettingsScreen name="mqtt-general" title={t('general')} component="emqx.mqtt" fields={generalFields} query={query} save={useSaveZoneSectionMutation('mqtt')} />;
}
