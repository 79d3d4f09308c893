import { useMemo } from 'react';
import type { TableColumnsType } from 'antd';
import { Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { splitSharedTopic } from './subscriptions.filters';
import type { SubscriptionRow, TopicRoute } from './subscriptions.api';
import './subscriptions.messages';

/** Spec §3 subscription fields; a shared subscription's `$share/<group>/` prefix goes to its own column. */
export function useSubscriptionColumns(): TableColumnsType<SubscriptionRow> {
  const { t } = useTranslation('subscriptions');
  const { t: tc } = useTranslation('common');
  return useMemo(() => {
    const flag = (v?: number) => (v === undefined ? '-' : v ? tc('yes') : tc('no'));
    return [
      {
        key: 'clientid',
        title: t('clientid'),
        dataIndex: 'clientid',
        render: (id?: string | null) =>
          id ? <Link to={`/clients/detail/${encodeURIComponent(id)}`}>{id}</Link> : <Typography.Text type="secondary">{t('internal')}</Typography.Text>,
      },
      { key: 'topic', title: t('topic'), dataIndex: 'topic', render: (topic: string) => splitSharedTopic(topic ?? '').topic },
      {
        key: 'share',
        title: t('shareName'),
        dataIndex: 'topic',
        render: (topic: string) => splitSharedTopic(topic ?? '').group ?? '-',
      },
      { key: 'qos', title: t('qos'), dataIndex: 'qos' },
      { key: 'nl', title: t('noLocal'), dataIndex: 'nl', render: flag },
      { key: 'rap', title: t('retainAsPublished'), dataIndex: 'rap', render: flag },
      { key: 'rh', title: t('retainHandling'), dataIndex: 'rh' },
      { key: 'node', title: t('node'), dataIndex: 'node' },
    ];
  }, [t, tc]);
}

export function useTopicColumns(): TableColumnsType<TopicRoute> {
  const { t } = useTranslation('subscriptions');
  return useMemo(
    () => [
      { key: 'topic', title: t('topic'), dataIndex: 'topic' },
      // Durable-session routes carry `session` instead of `node`.
      { key: 'node', title: t('node'), render: (_: unknown, r: TopicRoute) => r.node ?? r.session ?? '-' },
    ],
    [t],
  );
}
