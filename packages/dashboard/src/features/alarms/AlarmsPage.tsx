// Monitoring › Alarms: Active (deactivate) and History (clear) tabs, as the Enterprise console's /alarm.
import { SettingOutlined } from '@ant-design/icons';
import { Button, Tabs, Tooltip } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { ListPage } from '../../shared/list/ListPage';
import { formatDateTime, formatDuration } from '../../shared/format';
import { useCanWrite } from '../../shared/useCanWrite';
import { useTableQuery } from '../../shared/useTableQuery';
import { useAlarmsQuery, useClearAlarmHistoryMutation, useDeactivateAlarmMutation, type Alarm } from './alarms.api';
import './alarms.messages';

export default function AlarmsPage() {
  const { t } = useTranslation(['alarms', 'common']);
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const history = useLocation().pathname.endsWith('/history-alarm');
  const [query, setQuery] = useTableQuery({ page: 1, limit: 20 });
  const list = useAlarmsQuery(!history, query);
  const deactivate = useDeactivateAlarmMutation();
  const clear = useClearAlarmHistoryMutation();

  const columns = [
    { title: t('name'), dataIndex: 'name', key: 'name' },
    {
      title: t('message'),
      key: 'message',
      render: (_: unknown, a: Alarm) => (
        <Tooltip title={a.details ? JSON.stringify(a.details) : undefined}>
          <span>{a.message}</span>
        </Tooltip>
      ),
    },
    { title: t('common:node'), dataIndex: 'node', key: 'node' },
    { title: t('activateAt'), key: 'activate_at', render: (_: unknown, a: Alarm) => formatDateTime(a.activate_at) },
    history
      ? { title: t('deactivateAt'), key: 'deactivate_at', render: (_: unknown, a: Alarm) => formatDateTime(a.deactivate_at) }
      : { title: t('duration'), key: 'duration', render: (_: unknown, a: Alarm) => formatDuration(a.duration) },
    ...(canWrite && !history
      ? [
          {
            title: t('common:actions'),
            key: 'ops',
            render: (_: unknown, a: Alarm) => (
              <ConfirmAction title={t('deactivateConfirm', { name: a.name })} onConfirm={() => deactivate.mutateAsync(a.name ?? '')}>
                <Button type="link" size="small">
                  {t('deactivate')}
                </Button>
              </ConfirmAction>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage<Alarm>
      title={t('title')}
      list={list}
      // the active alarms poll: only the first load shows as loading
      loading={list.isLoading}
      actions={
        <>
          <Button icon={<SettingOutlined />} onClick={() => void navigate('/monitoring/alarm-settings')}>
            {t('settings')}
          </Button>
          {canWrite && history && (
            <ConfirmAction title={t('clearHistoryConfirm')} danger onConfirm={() => clear.mutateAsync()}>
              <Button danger>{t('clearHistory')}</Button>
            </ConfirmAction>
          )}
        </>
      }
      toolbar={
        <Tabs
          activeKey={history ? 'history' : 'current'}
          onChange={(k) => void navigate(k === 'history' ? '/alarm/history-alarm' : '/alarm/current-alarm')}
          items={[
            { key: 'current', label: t('current') },
            { key: 'history', label: t('history') },
          ]}
        />
      }
      rowKey={(a) => `${a.node}/${a.name}/${a.activate_at}`}
      columns={columns}
      query={query}
      onQueryChange={setQuery}
    />
  );
}
