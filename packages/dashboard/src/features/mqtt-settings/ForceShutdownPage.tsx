// Management › MQTT Settings › Force Shutdown: force_shutdown of the global zone; in front of MQDeck's node, with what
// each limit measures there (a real EMQX gets the plain form).
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMqdeckNode } from '../../shared/apiExtensions';
import { SettingsScreen } from '../../shared/forms/SettingsScreen';
import { useGlobalZoneQuery, useSaveZoneSectionMutation } from './mqtt-settings.api';
import { forceShutdownFields } from './mqtt-settings.fields';
import { OverloadProtectionNote } from './OverloadProtectionNote';
import { useZoneSection } from './useZoneSection';

export default function ForceShutdownPage() {
  const { t } = useTranslation('mqttSettings');
  const query = useZoneSection(useGlobalZoneQuery(), 'force_shutdown');
  const ourNode = useMqdeckNode();
  return (
    <SettingsScreen
      name="force-shutdown"
      title={t('forceShutdown')}
      component="emqx.force_shutdown"
      fields={forceShutdownFields}
      query={query}
      save={useSaveZoneSectionMutation('force_shutdown')}
      notice={
        ourNode && (
          <>
            <Alert type="info" showIcon title={t('forceGcNoCounterpart')} style={{ marginBottom: 16, maxWidth: 640 }} />
            <OverloadProtectionNote />
          </>
        )
      }
    />
  );
}
