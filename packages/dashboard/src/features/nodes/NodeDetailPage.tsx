// One node: facts (`/nodes/{node}`), live gauges and rates (`/monitor_current/nodes/{node}`) and its
// history charts (`/monitor/nodes/{node}`). A 404 shows a not-found state instead of empty cards.
import './nodes.messages';
import '../overview/overview.messages';
import { Alert, Button, Result, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../shared/PageSection';
import { CountCards } from '../overview/components/CountCards';
import { RateCard } from '../overview/components/RateCard';
import { TrendCharts } from '../overview/components/TrendCharts';
import { useStatsQuery } from '../metrics/metrics.api';
import { useMonitorCurrentQuery } from '../overview/overview.api';
import { TREND_REFRESH_MS } from '../overview/overview.config';
import { useRangeParam } from '../overview/useRangeParam';
import { useRateWindow } from '../overview/useRateWindow';
import { NodeInfoCard } from './components/NodeInfoCard';
import { isNotFound, useNodeQuery } from './nodes.api';
import { errorText } from '../../shared/apiErrors';

export default function NodeDetailPage() {
  const { nodeName = '' } = useParams();
  const { t } = useTranslation('nodes');
  const node = useNodeQuery(nodeName);
  const running = node.isSuccess;
  const current = useMonitorCurrentQuery(nodeName, { enabled: running });
  const stats = useStatsQuery(nodeName, { refetchInterval: TREND_REFRESH_MS, enabled: running });
  const samples = useRateWindow(current.data, current.dataUpdatedAt);
  const [range, setRange] = useRangeParam();

  if (node.isError && isNotFound(node.error)) {
    return (
      <Result
        status="404"
        title={t('notFoundTitle')}
        subTitle={t('notFoundText', { node: nodeName })}
        extra={
          <Link to="/dashboard/nodes">
            <Button type="primary">{t('backToNodes')}</Button>
          </Link>
        }
      />
    );
  }
  return (
    <>
      <PageSection title={nodeName} extra={<Link to="/dashboard/nodes">{t('backToNodes')}</Link>}>
        {node.isError && <Alert type="error" showIcon title={t('loadFailed', { message: errorText(node.error) })} />}
        {node.isPending && <Skeleton active />}
        {node.data && <NodeInfoCard node={node.data} />}
      </PageSection>
      {running && (
        <>
          <PageSection title={t('currentStatus')}>
            <CountCards current={current.data} stats={stats.data} loading={current.isPending} />
            <div style={{ marginTop: 16 }}>
              <RateCard current={current.data} samples={samples} loading={current.isPending} />
            </div>
          </PageSection>
          <TrendCharts range={range} onRangeChange={setRange} node={nodeName} />
        </>
      )}
    </>
  );
}
