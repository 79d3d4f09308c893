// Gateway detail › Metrics: what EMQX 5.8 serves about a gateway's load (GET /gateways: current and max connections per
// node; GET /gateways/{name}/listeners: per listener), and, in front of our node only, the gateway's own counters
// (GET /mqdeck/gateways/{name}/metrics, extension `gateway_metrics`: EMQX keeps them but serves them over no route).
import { Alert, Card, Descriptions, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiExtension } from '../../../shared/apiExtensions';
import { formatDateTime, formatNumber } from '../../../shared/format';
import { useGatewayListenersQuery, useGatewayMetricsQuery, useGatewaysQuery } from '../gateways.api';
import type { GatewayListener, GatewayName } from '../gateways.config';
import '../gateways.messages';

interface NodeRow {
  node?: string;
  status?: string;
  current_connections?: number;
  max_connections?: number | string;
}

/** a listener's figures as GET /gateways/{name}/listeners answers them (status.current_connections) */
const statusOf = (l: GatewayListener) => (l as { status?: { current_connections?: number; max_connections?: number | string } }).status;
const count = (v: number | string | undefined) => (typeof v === 'number' ? formatNumber(v) : (v ?? '-'));

export function GatewayMetricsTab({ gateway }: { gateway: GatewayName }) {
  const { t } = useTranslation(['gateways', 'common']);
  const overview = useGatewaysQuery().data?.find((g) => g.name === gateway);
  const listeners = useGatewayListenersQuery(gateway, 5000); // as often as GET /gateways (node counts)
  const served = useApiExtension('gateway_metrics');
  const metrics = useGatewayMetricsQuery(gateway, served);

  const nodes: NodeRow[] = overview?.node_status ?? [];
  const nodeColumns: TableColumnsType<NodeRow> = [
    { title: t('node'), key: 'node', render: (_: unknown, n) => n.node },
    { title: t('currentConnections'), key: 'current', render: (_: unknown, n) => count(n.current_connections) },
    { title: t('maxConnections'), key: 'max', render: (_: unknown, n) => count(n.max_connections) },
  ];
  const listenerColumns: TableColumnsType<GatewayListener> = [
    { title: t('listenerId'), key: 'id', render: (_: unknown, l) => l.id },
    { title: t('status'), key: 'running', render: (_: unknown, l) => <Tag color={l.running ? 'success' : 'default'}>{t(l.running ? 'running_yes' : 'running_no')}</Tag> },
    { title: t('currentConnections'), key: 'current', render: (_: unknown, l) => count(statusOf(l)?.current_connections) },
    { title: t('maxConnections'), key: 'max', render: (_: unknown, l) => count(statusOf(l)?.max_connections ?? (l.max_connections as number | string | undefined)) },
  ];

  const m = metrics.data;
  return (
    <>
      <Card size="small" title={t('connectionsByNode')} style={{ marginBottom: 16 }}>
        <Table<NodeRow> size="small" pagination={false} rowKey={(n) => n.node ?? ''} columns={nodeColumns} dataSource={nodes} />
      </Card>
      <Card size="small" title={t('connectionsByListener')} style={{ marginBottom: 16 }}>
        <Table<GatewayListener>
          size="small"
          pagination={false}
          rowKey={(l) => l.id ?? `${l.type}:${l.name}`}
          loading={listeners.isLoading}
          columns={listenerColumns}
          dataSource={listeners.data ?? []}
        />
      </Card>
      {served && (
        <Card size="small" title={t('counters')}>
          {metrics.isError && <Alert type="error" showIcon title={t('countersLoadFailed')} />}
          {m && (
            <>
              <Typography.Paragraph type="secondary">{t('countersSince', { time: formatDateTime(m.since) })}</Typography.Paragraph>
              <Descriptions
                size="small"
                bordered
                column={{ xs: 1, md: 2 }}
                items={Object.entries(m.metrics).map(([key, value]) => ({
                  key,
                  label: t(`metric_${key.replace(/\./g, '_')}`, { defaultValue: key }),
                  children: formatNumber(value),
                }))}
              />
            </>
          )}
        </Card>
      )}
    </>
  );
}
