// The headline gauges of /monitor_current, with the peak value from /stats where EMQX keeps one.
import '../overview.messages';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Counters } from '../../metrics/metrics.api';
import type { MonitorCurrent } from '../series';

interface Props {
  current: MonitorCurrent | undefined;
  stats: Counters | undefined;
  loading: boolean;
}

interface Item {
  key: string;
  title: string;
  value: number | undefined;
  peak?: number;
  extra?: string;
}

export function CountCards({ current, stats, loading }: Props) {
  const { t } = useTranslation('overview');
  const items: Item[] = [
    { key: 'connections', title: t('connections'), value: current?.connections, peak: stats?.['connections.max'] },
    { key: 'live', title: t('liveConnections'), value: current?.live_connections, peak: stats?.['live_connections.max'] },
    {
      key: 'subscriptions',
      title: t('subscriptions'),
      value: current?.subscriptions,
      peak: stats?.['subscriptions.max'],
      extra: current?.shared_subscriptions !== undefined ? t('sharedSubscriptions', { value: current.shared_subscriptions }) : undefined,
    },
    { key: 'topics', title: t('topics'), value: current?.topics, peak: stats?.['topics.max'] },
    { key: 'retained', title: t('retained'), value: current?.retained_msg_count, peak: stats?.['retained.max'] },
  ];
  return (
    <Row gutter={[16, 16]}>
      {items.map((item) => (
        <Col key={item.key} flex="1 1 200px">
          <Card loading={loading && !current} size="small" style={{ height: '100%' }} data-testid={`count-${item.key}`}>
            <Statistic title={item.title} value={item.value ?? '-'} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[item.peak !== undefined ? t('peak', { value: item.peak.toLocaleString() }) : null, item.extra].filter(Boolean).join(' · ') || '\u00a0'}
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
