// Management › MQTT Settings › Force Shutdown: force_shutdown of the global zone, with what each limit measures here.
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsScreen } from './components/SettingsScreen';
import { useGlobalZoneQuery, useSaveZoneSectionMutation } from './mqtt-settings.api';
import { forceShutdownFields } from './mqtt-settings.fields';
import { OverloadProtectionNote } from './OverloadProtectionNote';
import { useZoneSection } from './useZoneSection';

export default function ForceShutdownPage() {
  const { t } = useTranslation('mqttSettings');
  const query = useZoneSection(useGlobalZoneQuery(), 'force_shutdown');
  return (
    <SettingsScreen name="force-shutdown" title={t('forceShutdown')} component="emqx.force_shutdown" fields={forceShutdownFields}
      query={query} save={useSaveZoneSectionMutation('force_shutdown')}
      notice={<><Alert type="info" showIcon title={t('forceGcNoCounterpart')} style={{ marginBottom: 16, maxWidth: 640 }} /><OverloadProtectionNote /></>} />
  );
}
