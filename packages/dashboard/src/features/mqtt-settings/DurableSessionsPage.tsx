// Management › MQTT Settings › Durable Sessions: durable_sessions of the global zone, and (MQDeck's node) what its
// store holds now.
import { useTranslation } from 'react-i18next';
import { SettingsScreen } from '../../shared/forms/SettingsScreen';
import { useGlobalZoneQuery, useSaveZoneSectionMutation } from './mqtt-settings.api';
import { durableSessionFields } from './mqtt-settings.fields';
import { useZoneSection } from './useZoneSection';
import { DurableStorePanel } from './DurableStorePanel';

export default function DurableSessionsPage() {
  const { t } = useTranslation('mqttSettings');
  const query = useZoneSection(useGlobalZoneQuery(), 'durable_sessions');
  return (
    <SettingsScreen
      name="durable-sessions"
      title={t('durableSessions')}
      component="emqx.durable_sessions"
      fields={durableSessionFields}
      query={query}
      save={useSaveZoneSectionMutation('durable_sessions')}
      notice={<DurableStorePanel />}
    />
  );
}
