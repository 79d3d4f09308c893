// Management › Logging: console and file handlers and throttling (GET|PUT /configs/log, one request, applied live).
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsScreen } from '../../shared/forms/SettingsScreen';
import { useLogConfigQuery, useSaveLogConfigMutation } from './logging.api';
import { consoleFields, fileFields, throttlingFields } from './logging.fields';
import './logging.messages';

const FIELDS = [...consoleFields, ...fileFields, ...throttlingFields];

export default function LoggingPage() {
  const { t } = useTranslation('logging');
  return (
    <SettingsScreen
      name="logging"
      ns="logging"
      title={t('title')}
      component="emqx.log"
      fields={FIELDS}
      query={useLogConfigQuery()}
      save={useSaveLogConfigMutation()}
      sections={[
        { title: t('consoleHandler'), from: 0, to: consoleFields.length },
        { title: t('fileHandler'), from: consoleFields.length, to: consoleFields.length + fileFields.length },
        { title: t('throttling'), from: consoleFields.length + fileFields.length, to: FIELDS.length },
      ]}
      notice={<Alert type="info" showIcon title={t('appliedLive')} style={{ marginBottom: 16, maxWidth: 640 }} />}
    />
  );
}
