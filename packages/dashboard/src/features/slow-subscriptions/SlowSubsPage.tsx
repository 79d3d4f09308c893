// Diagnostics › Slow Subscriptions: the ranking of the slowest clientid/topic pairs (GET /slow_subscriptions),
// clear (DELETE), a link to the settings; a notice with Enable while the feature is off.
import { Alert, Button, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../app/bridge';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { ListPage } from '../../shared/list/ListPage';
import { formatDateTime, formatNumber } from '../../shared/format';
import { useCanWrite } from '../../shared/useCanWrite';
import { useClearSlowSubsMutation, useSaveSlowSubsSettingsMutation, useSlowSubsQuery, useSlowSubsSettingsQuery, type SlowSubRecord } from './slow-subscriptions.api';
import './slow-subscriptions.messages';

export default function SlowSubsPage() {
  const { t } = useTranslation(['slowSubscriptions', 'common']);
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const list = useSlowSubsQuery();
  const settings = useSlowSubsSettingsQuery();
  const save = useSaveSlowSubsSettingsMutation();
  const clear = useClearSlowSubsMutation();
  const enable = async () => {
    if (!settings.data) return;
    await save.mutateAsync({ ...settings.data, enable: true });
    void toast().success(t('enabled'));
  };
  const columns = [
    { title: t('rank'), key: 'rank', width: 72, render: (_: unknown, _r: SlowSubRecord, i: number) => i + 1 },
    { title: t('clientid'), dataIndex: 'clientid', key: 'clientid' },
    { title: t('topic'), dataIndex: 'topic', key: 'topic' },
    { title: t('timespan'), key: 'timespan', render: (_: unknown, r: SlowSubRecord) => `${formatNumber(r.timespan)} ms` },
    { title: t('node'), dataIndex: 'node', key: 'node' },
    { title: t('last_update_time'), key: 'last_update_time', render: (_: unknown, r: SlowSubRecord) => formatDateTime(r.last_update_time) },
  ];
  const off = settings.data?.enable === false;
  return (
    <ListPage<SlowSubRecord>
      mode="all"
      title={t('title')}
      list={list}
      loading={list.isLoading}
      errorText={t('loadFailed')}
      rowKey={(r) => `${r.clientid}\u0000${r.topic}`}
      columns={columns}
      table={{ locale: { emptyText: t('empty') } }}
      toolbar={
        off ? (
          <Alert
            type="warning"
            showIcon
            title={t('disabledBanner')}
            style={{ marginBottom: 16 }}
            action={
              canWrite && (
                <Button size="small" type="primary" loading={save.isPending} onClick={() => void enable().catch(() => undefined)}>
                  {t('enableIt')}
                </Button>
              )
            }
          />
        ) : (
          <Alert type="info" showIcon title={t('intro')} style={{ marginBottom: 16 }} />
        )
      }
      actions={
        <Space>
          {canWrite && (
            <ConfirmAction title={t('clearConfirm')} successMessage={t('cleared')} danger onConfirm={() => clear.mutateAsync()}>
              <Button danger>{t('clear')}</Button>
            </ConfirmAction>
          )}
          <Button icon={<SettingOutlined />} onClick={() => void navigate('/slow-sub/config')}>
            {t('settings')}
          </Button>
        </Space>
      }
    />
  );
}
