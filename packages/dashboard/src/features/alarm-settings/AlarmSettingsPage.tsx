// Management › Monitoring › System (EMQX Enterprise console /monitoring/alarm-settings): the sysmon thresholds
// from which the node raises its system alarms (packages/server/src/modules/alarms/sysmon.ts).
import { Alert } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SettingsScreen } from '../../shared/forms/SettingsScreen';
import { useSaveSysmonMutation, useSysmonQuery } from './alarm-settings.api';
import { osFields, vmFields } from './alarm-settings.fields';
import './alarm-settings.messages';

const FIELDS = [...osFields, ...vmFields];

export default function AlarmSettingsPage() {
  const { t } = useTranslation('alarmSettings');
  return (
    <SettingsScreen
      name="alarm-settings"
      ns="alarmSettings"
      title={t('title')}
      component="emqx.sysmon"
      fields={FIELDS}
      query={useSysmonQuery()}
      save={useSaveSysmonMutation()}
      sections={[
        { title: t('os'), from: 0, to: osFields.length },
        { title: t('vm'), from: osFields.length, to: FIELDS.length, nodeNote: t('vmNoCounterpart') },
      ]}
      notice={<Alert type="info" showIcon title={t('intro')} action={<Link to="/alarm/current-alarm">{t('openAlarms')}</Link>} style={{ marginBottom: 16, maxWidth: 640 }} />}
    />
  );
}
