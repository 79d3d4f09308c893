// Every counter of `/metrics?aggregate=true` (or one node of the array form `aggregate=false`), grouped like the official console,
// plus the stats of `/stats?aggregate=true` (same for one node). Manual and automatic refresh.
import './metrics.messages';
import type { metricsMessages } from './metrics.messages';
import { useMemo, useState } from 'react';
import { Alert, Button, Select, Space, Switch, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { PageSection } from '../../shared/PageSection';
import { useNodesQuery } from '../nodes/nodes.api';
import { CounterTable } from './components/CounterTable';
import { StatsTable } from './components/StatsTable';
import { useCountersQuery, useStatsQuery } from './metrics.api';
import { METRIC_GROUPS, groupCounters, type MetricGroup } from './groups';
import { useMetricsScope } from './useMetricsScope';
import { errorText } from '../../shared/apiErrors';

const AUTO_REFRESH_MS = 10_000;
const GROUP_TITLE_KEYS: Record<MetricGroup, keyof typeof metricsMessages> = {
  client: 'groupClient',
  session: 'groupSession',
  auth: 'groupAuth',
  bytes: 'groupBytes',
  packets: 'groupPackets',
  messages: 'groupMessages',
  delivery: 'groupDelivery',
  other: 'groupOther',
};

export default function MetricsPage() {
  const { t } = useTranslation('metrics');
  const { t: tc } = useTranslation('common');
  const [node, setNode] = useMetricsScope();
  const [auto, setAuto] = useState(true);
  const interval = auto ? AUTO_REFRESH_MS : false;
  const nodes = useNodesQuery({ refetchInterval: false });
  const counters = useCountersQuery(node, { refetchInterval: interval });
  const stats = useStatsQuery(node, { refetchInterval: interval });
  const groups = useMemo(() => groupCounters(counters.data ?? {}), [counters.data]);
  const refresh = () => void Promise.all([counters.refetch(), stats.refetch()]);
  const error = counters.error ?? stats.error;
  const shown = METRIC_GROUPS.filter((g) => g !== 'other' || groups.other.length > 0);
  const scopeOptions = [{ value: '', label: t('cluster') }, ...(nodes.data ?? []).flatMap((n) => (n.node ? [{ value: n.node, label: n.node }] : []))];

  return (
    <PageSection
      title={
        <Space wrap>
          <Select aria-label={t('scope')} value={node ?? ''} onChange={(v: string) => setNode(v || undefined)} options={scopeOptions} style={{ minWidth: 240 }} />
          {counters.dataUpdatedAt > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
              {t('updatedAt', { time: dayjs(counters.dataUpdatedAt).format('HH:mm:ss') })}
            </Typography.Text>
          )}
        </Space>
      }
      extra={
        <>
          <Space>
            <Switch checked={auto} onChange={setAuto} aria-label={t('autoRefresh', { seconds: AUTO_REFRESH_MS / 1000 })} />
            <Typography.Text>{t('autoRefresh', { seconds: AUTO_REFRESH_MS / 1000 })}</Typography.Text>
          </Space>
          <Button icon={<ReloadOutlined />} onClick={refresh} loading={counters.isFetching || stats.isFetching}>
            {tc('refresh')}
          </Button>
        </>
      }
    >
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('loadFailed', { message: errorText(error) })} />}
      {/* Masonry columns: groups differ a lot in length (packets has ~45 counters, traffic 2). */}
      <div style={{ columns: '380px', columnGap: 16 }}>
        {shown.map((g) => (
          <div key={g} style={{ breakInside: 'avoid', marginBottom: 16 }}>
            <CounterTable title={t(GROUP_TITLE_KEYS[g])} rows={groups[g]} loading={counters.isPending} />
          </div>
        ))}
        <div style={{ breakInside: 'avoid', marginBottom: 16 }}>
          <StatsTable stats={stats.data} loading={stats.isPending} />
        </div>
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12, fontSize: 12 }}>
        {t('countersSince')}
      </Typography.Text>
    </PageSection>
  );
}
