// Cluster overview: live gauges and rates (/monitor_current, /stats), node cards (/nodes), history charts (/monitor).
import './overview.messages';
import { Alert, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatError } from '../../api/client';
import { PageSection } from '../../shared/PageSection';
import { useStatsQuery } from '../metrics/metrics.api';
import { CountCards } from './components/CountCards';
import { NodeCards } from './components/NodeCards';
import { RateCard } from './components/RateCard';
import { TrendCharts } from './components/TrendCharts';
import { useMonitorCurrentQuery } from './overview.api';
import { TREND_REFRESH_MS } from './overview.constants';
import { useRangeParam } from './useRangeParam';
import { useRateWindow } from './useRateWindow';

export default function OverviewPage() {
  const { t } = useTranslation('overview');
  const current = useMonitorCurrentQuery();
  const stats = useStatsQuery(undefined, { refetchInterval: TREND_REFRESH_MS });
  const samples = useRateWindow(current.data, current.dataUpdatedAt);
  const [range, setRange] = useRangeParam();
  return (
    <>
      {current.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('loadFailed', { message: formatError(current.error) })} />
      )}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} xl={14}>
          <CountCards current={current.data} stats={stats.data} loading={current.isPending} />
        </Col>
        <Col xs={24} xl={10}>
          <RateCard current={current.data} samples={samples} loading={current.isPending} />
        </Col>
      </Row>
      <PageSection title={t('nodes')}>
        <NodeCards />
      </PageSection>
      <TrendCharts range={range} onRangeChange={setRange} />
    </>
  );
}
