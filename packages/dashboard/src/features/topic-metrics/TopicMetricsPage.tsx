// Diagnostics › Topic Metrics: the monitored topics with their counters and rates; add, view (QoS detail and a
// chart of rates), reset one or all, remove.
import { useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { CreateButton } from '../../shared/CreateButton';
import { ListPage } from '../../shared/list/ListPage';
import { formatDateTime, formatNumber } from '../../shared/format';
import { useCanWrite } from '../../shared/useCanWrite';
import { AddTopicModal } from './AddTopicModal';
import { TopicMetricsDrawer } from './TopicMetricsDrawer';
import { useAddTopicMutation, useRemoveTopicMutation, useResetTopicMutation, useTopicMetricsQuery, type TopicMetrics } from './topic-metrics.api';
import './topic-metrics.messages';

export default function TopicMetricsPage() {
  const { t } = useTranslation(['topicMetrics', 'common']);
  const canWrite = useCanWrite();
  const list = useTopicMetricsQuery();
  const add = useAddTopicMutation();
  const remove = useRemoveTopicMutation();
  const reset = useResetTopicMutation();
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<string>();
  const rate = (v: number) => `${formatNumber(v)} ${t('perSecond')}`;
  const columns = [
    {
      title: t('topic'),
      key: 'topic',
      render: (_: unknown, r: TopicMetrics) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setViewing(r.topic)}>
          {r.topic}
        </Button>
      ),
    },
    { title: t('messagesIn'), key: 'in', render: (_: unknown, r: TopicMetrics) => formatNumber(r.metrics['messages.in.count']) },
    { title: t('messagesOut'), key: 'out', render: (_: unknown, r: TopicMetrics) => formatNumber(r.metrics['messages.out.count']) },
    { title: t('messagesDropped'), key: 'dropped', render: (_: unknown, r: TopicMetrics) => formatNumber(r.metrics['messages.dropped.count']) },
    { title: t('inRate'), key: 'inRate', render: (_: unknown, r: TopicMetrics) => rate(r.metrics['messages.in.rate']) },
    { title: t('outRate'), key: 'outRate', render: (_: unknown, r: TopicMetrics) => rate(r.metrics['messages.out.rate']) },
    { title: t('createTime'), key: 'create_time', render: (_: unknown, r: TopicMetrics) => formatDateTime(r.create_time) },
    {
      title: t('common:actions'),
      key: 'ops',
      render: (_: unknown, r: TopicMetrics) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(r.topic)}>
            {t('view')}
          </Button>
          {canWrite && (
            <>
              <ConfirmAction title={t('resetConfirm')} successMessage={t('resetDone')} onConfirm={() => reset.mutateAsync(r.topic)}>
                <Button type="link" size="small">
                  {t('reset')}
                </Button>
              </ConfirmAction>
              <ConfirmAction title={t('removeConfirm')} successMessage={t('removed')} danger onConfirm={() => remove.mutateAsync(r.topic)}>
                <Button type="link" size="small" danger>
                  {t('remove')}
                </Button>
              </ConfirmAction>
            </>
          )}
        </Space>
      ),
    },
  ];
  const rows = list.data ?? [];
  return (
    <ListPage<TopicMetrics>
      mode="all"
      title={t('title')}
      list={list}
      loading={list.isLoading}
      errorText={t('loadFailed')}
      rowKey="topic"
      columns={columns}
      toolbar={<Alert type="info" showIcon title={rows.length === 0 && list.isSuccess ? t('empty') : t('intro')} style={{ marginBottom: 16 }} />}
      actions={
        canWrite && (
          <>
            <ConfirmAction title={t('resetAllConfirm')} successMessage={t('resetDone')} disabled={rows.length === 0} onConfirm={() => reset.mutateAsync(undefined)}>
              <Button disabled={rows.length === 0}>{t('resetAll')}</Button>
            </ConfirmAction>
            <CreateButton onClick={() => setAdding(true)}>{t('addTopic')}</CreateButton>
          </>
        )
      }
    >
      <AddTopicModal open={adding} onClose={() => setAdding(false)} onSubmit={(topic) => add.mutateAsync(topic)} />
      <TopicMetricsDrawer topic={viewing} onClose={() => setViewing(undefined)} />
    </ListPage>
  );
}
