// Management › MQTT Settings › System Topic: $SYS intervals and event messages (GET|PUT /configs/sys_topics).
import { useTranslation } from 'react-i18next';
import { SettingsScreen } from '../../shared/forms/SettingsScreen';
import { useSaveSysTopicsMutation, useSysTopicsQuery } from './mqtt-settings.api';
import { sysTopicFields } from './mqtt-settings.fields';

export default function SystemTopicPage() {
  const { t } = useTranslation('mqttSettings');
  return (
    <SettingsScreen
      name="system-topic"
      title={t('systemTopic')}
      component="emqx.sys_topics"
      fields={sysTopicFields}
      query={useSysTopicsQuery()}
      save={useSaveSysTopicsMutation()}
    />
  );
}
