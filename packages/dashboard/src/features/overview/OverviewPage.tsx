// Cluster overview: live gauges and rates (/monitor_current, /stats), node cards (/nodes), history charts (/monitor).
import './overview.messages';
import { Alert, Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatsQuery } from '../metrics/metrics.api';
import { CountCards } from './components/CountCards';
import { NodeCards } from './components/NodeCards';
import { RateCard } from './components/RateCard';
import { TrendCharts } from './components/TrendCharts';
import { useMonitorCurrentQuery } from './overview.api';
import { TREND_REFRESH_MS } from './overview.config';
import { useRangeParam } from './useRangeParam';
import { useRateWindow } from './useRateWindow';
import { errorText } from '../../shared/apiErrors';

export default function OverviewPage() {
  const { t } = useTranslation('overview');
  const current = useMonitorCurrentQuery();
  const stats = useStatsQuery(undefined, { refetchInterval: TREND_REFRESH_MS });
  const samples = useRateWindow(current.data, current.dataUpdatedAt);
  const [range, setRange] = useRangeParam();
  return (
    <>
      {current.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('loadFailed', { message: errorText(current.error) })} />}
      <CountCards current={current.data} stats={stats.data} loading={current.isPending} />
      <Row gutter={[16, 16]} style={{ marginTop: 16, marginBottom: 16 }}>
        <Col xs={24} xl={12}>
          <RateCard current={current.data} samples={samples} loading={current.isPending} />
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('nodes')} style={{ height: '100%' }}>
            <NodeCards />
          </Card>
        </Col>
      </Row>
      <TrendCharts range={range} onRangeChange={setRange} />
    </>
  );
}
