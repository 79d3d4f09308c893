// One topic's detail: counters by QoS and a chart of its in/out/dropped rates, sampled from the node every few
// seconds while the drawer is open (the node keeps no history of them).
import { useEffect, useState } from 'react';
import { Alert, Descriptions, Drawer, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/apiErrors';
import { formatDateTime, formatNumber } from '../../shared/format';
import { TrendChart } from '../overview/components/TrendChart';
import type { Point } from '../overview/series';
import { useTopicMetricQuery, type TopicMetrics } from './topic-metrics.api';
import './topic-metrics.messages';

/** samples kept on the chart: ten minutes at the poll interval */
const MAX_POINTS = 120;

interface Props {
  topic: string | undefined;
  onClose: () => void;
}

interface RatePoints {
  in: Point[];
  out: Point[];
  dropped: Point[];
}
const NO_POINTS: RatePoints = { in: [], out: [], dropped: [] };

export function TopicMetricsDrawer({ topic, onClose }: Props) {
  const { t } = useTranslation(['topicMetrics', 'common']);
  const query = useTopicMetricQuery(topic);
  const data = query.data;
  const [points, setPoints] = useState<RatePoints>(NO_POINTS);
  const [sampledFor, setSampledFor] = useState(topic);
  if (sampledFor !== topic) {
    setSampledFor(topic);
    setPoints(NO_POINTS);
  }
  const updatedAt = query.dataUpdatedAt;
  useEffect(() => {
    if (!data || data.topic !== topic) return;
    const m = data.metrics;
    const add = (list: Point[], v: number): Point[] => [...list, [updatedAt, v] as Point].slice(-MAX_POINTS);
    setPoints((p) => ({ in: add(p.in, m['messages.in.rate']), out: add(p.out, m['messages.out.rate']), dropped: add(p.dropped, m['messages.dropped.rate']) }));
  }, [data, topic, updatedAt]);

  return (
    <Drawer open={topic !== undefined} onClose={onClose} size={860} title={t('detailTitle', { topic: topic ?? '' })} destroyOnHidden>
      {query.isError && <Alert type="error" showIcon title={errorText(query.error)} style={{ marginBottom: 16 }} />}
      {query.isPending && topic !== undefined && <Skeleton active />}
      {data && (
        <>
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('createTime')}>{formatDateTime(data.create_time)}</Descriptions.Item>
            <Descriptions.Item label={t('resetTime')}>{data.reset_time ? formatDateTime(data.reset_time) : t('never')}</Descriptions.Item>
          </Descriptions>
          <QosTable metrics={data.metrics} />
          <TrendChart
            label={t('ratesChart')}
            // at least the last minute, growing with the samples taken since the drawer opened
            xRange={[Math.min(points.in[0]?.[0] ?? updatedAt, updatedAt - 60_000), updatedAt]}
            unit={t('perSecond')}
            emptyText={t('ratesWaiting')}
            series={[
              { name: t('inRate'), data: points.in },
              { name: t('outRate'), data: points.out },
              { name: t('droppedRate'), data: points.dropped },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

function QosTable({ metrics: m }: { metrics: TopicMetrics['metrics'] }) {
  const { t } = useTranslation('topicMetrics');
  const rows = [
    { key: 'qos0', qos: 'QoS 0', in: m['messages.qos0.in.count'], out: m['messages.qos0.out.count'], inRate: m['messages.qos0.in.rate'], outRate: m['messages.qos0.out.rate'] },
    { key: 'qos1', qos: 'QoS 1', in: m['messages.qos1.in.count'], out: m['messages.qos1.out.count'], inRate: m['messages.qos1.in.rate'], outRate: m['messages.qos1.out.rate'] },
    { key: 'qos2', qos: 'QoS 2', in: m['messages.qos2.in.count'], out: m['messages.qos2.out.count'], inRate: m['messages.qos2.in.rate'], outRate: m['messages.qos2.out.rate'] },
    { key: 'all', qos: t('total'), in: m['messages.in.count'], out: m['messages.out.count'], inRate: m['messages.in.rate'], outRate: m['messages.out.rate'] },
  ];
  const rate = (v: number) => `${formatNumber(v)} ${t('perSecond')}`;
  return (
    <Table
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      style={{ marginBottom: 16 }}
      aria-label={t('byQos')}
      dataSource={rows}
      columns={[
        { title: t('qos'), dataIndex: 'qos', key: 'qos' },
        { title: t('messagesIn'), dataIndex: 'in', key: 'in', render: formatNumber },
        { title: t('inRate'), dataIndex: 'inRate', key: 'inRate', render: rate },
        { title: t('messagesOut'), dataIndex: 'out', key: 'out', render: formatNumber },
        { title: t('outRate'), dataIndex: 'outRate', key: 'outRate', render: rate },
      ]}
      footer={() => `${t('messagesDropped')}: ${formatNumber(m['messages.dropped.count'])} · ${t('droppedRate')}: ${rate(m['messages.dropped.rate'])}`}
    />
  );
}
