// Management › MQTT Settings › Retainer: GET|PUT /mqtt/retainer.
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsScreen } from '../../shared/forms/SettingsScreen';
import { useRetainerQuery, useSaveRetainerMutation } from './mqtt-settings.api';
import { retainerFields } from './mqtt-settings.fields';

export default function RetainerPage() {
  const { t } = useTranslation('mqttSettings');
  return (
    <SettingsScreen
      name="retainer"
      title={t('retainer')}
      component="retainer.retainer"
      fields={retainerFields}
      query={useRetainerQuery()}
      save={useSaveRetainerMutation()}
      notice={<Alert type="info" showIcon title={t('disabledKeepsMessages')} style={{ marginBottom: 16, maxWidth: 640 }} />}
    />
  );
}
