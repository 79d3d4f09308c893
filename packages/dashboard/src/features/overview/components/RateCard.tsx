// Current message rates (received / sent / dropped per second) and their trend over the past minute.
import '../overview.messages';
import { useMemo } from 'react';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CURRENT_REFRESH_MS, RATE_WINDOW_MS } from '../overview.config';
import type { MonitorCurrent, RateSample } from '../series';
import { TrendChart, type TrendSeries } from './TrendChart';

interface Props {
  current: MonitorCurrent | undefined;
  samples: RateSample[];
  loading: boolean;
}

export function RateCard({ current, samples, loading }: Props) {
  const { t } = useTranslation('overview');
  const series = useMemo<TrendSeries[]>(
    () => [
      { name: t('received'), data: samples.map((p) => [p.t, p.received]) },
      { name: t('sent'), data: samples.map((p) => [p.t, p.sent]) },
      { name: t('dropped'), data: samples.map((p) => [p.t, p.dropped]) },
    ],
    [samples, t],
  );
  const last = samples.length > 0 ? samples[samples.length - 1].t : 0;
  const xRange = useMemo<[number, number] | undefined>(() => (last ? [last - RATE_WINDOW_MS, last] : undefined), [last]);
  const unit = t('msgPerSecond');
  return (
    // The chart mounts at once (not behind a loading card) so ECharts is ready when the first answer lands.
    <Card title={t('rateTrend')} style={{ height: '100%' }}>
      <Row gutter={16}>
        <Col span={8}>
          <Statistic title={t('incomingRate')} value={current?.received_msg_rate ?? 0} suffix={unit} loading={loading && !current} />
        </Col>
        <Col span={8}>
          <Statistic title={t('outgoingRate')} value={current?.sent_msg_rate ?? 0} suffix={unit} loading={loading && !current} />
        </Col>
        <Col span={8}>
          <Statistic title={t('droppedRate')} value={current?.dropped_msg_rate ?? 0} suffix={unit} loading={loading && !current} />
        </Col>
      </Row>
      <TrendChart series={series} label={t('rateTrend')} height={180} xRange={xRange} unit={unit} emptyText={t('waitingForSamples')} loading={loading && !current} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('rateTrendHint', { seconds: CURRENT_REFRESH_MS / 1000 })}
      </Typography.Text>
    </Card>
  );
}
