// History charts of the cluster (or of one node): `/monitor[/nodes/{node}]?latest=<range>`, refreshed every 10 s.
import '../overview.messages';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Card, Col, Row, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMonitorHistoryQuery } from '../overview.api';
import { TIME_RANGES, type TimeRangeSeconds } from '../overview.config';
import { gaugeSeries, rateSeries, type DeltaKey, type GaugeKey, type MonitorSample } from '../series';
import { TrendChart, type TrendSeries } from './TrendChart';
import { errorText } from '../../../shared/apiErrors';

interface Props {
  range: TimeRangeSeconds;
  onRangeChange: (range: TimeRangeSeconds) => void;
  node?: string;
}

interface ChartDef {
  key: string;
  title: string;
  series: TrendSeries[];
  unit?: string;
}

function useChartDefs(samples: MonitorSample[]): ChartDef[] {
  const { t } = useTranslation('overview');
  return useMemo(() => {
    const gauge = (key: GaugeKey, name: string): TrendSeries => ({ name, data: gaugeSeries(samples, key) });
    const rate = (key: DeltaKey, name: string): TrendSeries => ({ name, data: rateSeries(samples, key) });
    const unit = t('msgPerSecond');
    return [
      { key: 'connections', title: t('connections'), series: [gauge('connections', t('connections')), gauge('live_connections', t('liveConnections'))] },
      { key: 'subscriptions', title: t('subscriptions'), series: [gauge('subscriptions', t('subscriptions'))] },
      { key: 'topics', title: t('topics'), series: [gauge('topics', t('topics'))] },
      { key: 'received', title: t('receivedPerSecond'), series: [rate('received', t('received'))], unit },
      { key: 'sent', title: t('sentPerSecond'), series: [rate('sent', t('sent'))], unit },
      { key: 'dropped', title: t('droppedPerSecond'), series: [rate('dropped', t('dropped'))], unit },
    ];
  }, [samples, t]);
}

/**
 * The x window [now − range, now], moved on with every answer: a few samples then sit at the right end of the
 * chosen range instead of ECharts stretching them over whole days.
 */
function useRangeWindow(range: TimeRangeSeconds, fetchedAt: number): [number, number] {
  const [end, setEnd] = useState(() => Date.now());
  useEffect(() => setEnd(Date.now()), [range, fetchedAt]);
  return useMemo(() => [end - range * 1000, end], [end, range]);
}

export function TrendCharts({ range, onRangeChange, node }: Props) {
  const { t } = useTranslation('overview');
  const history = useMonitorHistoryQuery(range, node);
  const charts = useChartDefs(history.data ?? []);
  const xRange = useRangeWindow(range, history.dataUpdatedAt);
  return (
    <section aria-label={t('trends')}>
      <Space style={{ width: '100%', justifyContent: 'space-between', margin: '8px 0 16px' }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('trends')}
        </Typography.Title>
        <Select<TimeRangeSeconds>
          aria-label={t('timeRange')}
          value={range}
          onChange={onRangeChange}
          style={{ width: 200 }}
          options={TIME_RANGES.map((r) => ({ value: r.seconds, label: t(r.labelKey) }))}
        />
      </Space>
      {history.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('loadFailed', { message: errorText(history.error) })} />}
      <Row gutter={[16, 16]}>
        {charts.map((c) => (
          <Col key={c.key} xs={24} md={12} xl={8}>
            <Card size="small" title={c.title}>
              <TrendChart series={c.series} label={c.title} xRange={xRange} unit={c.unit} emptyText={t('noSamples')} loading={history.isPending} />
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
        {t('ratesAreAverages')}
      </Typography.Text>
    </section>
  );
}
