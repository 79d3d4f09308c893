// The statistics of an action or source (GET …/metrics every 5 s): EMQX's counters, the drops by reason, the rates,
// the same per node, and Reset ('Reset successfully'). A source counts what it received.
import { Button, Card, Col, Flex, Row, Statistic, Table, Tooltip, theme, Alert } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { errorText } from '../../../shared/apiErrors';
import { useCanWrite } from '../../../shared/useCanWrite';
import type { NodeStatus } from '../../connectors/connectors.api';
import { StatusTag } from '../../../shared/StatusTag';
import { useBridgeMetricsQuery, useReconnectBridgeOnNodeMutation, useResetBridgeMetricsMutation, type BridgeKind } from '../bridges.api';
import type { actionsMessages } from '../actions.messages';

type Key = keyof typeof actionsMessages;
const EGRESS: [string, Key][] = [
  ['matched', 'matched'],
  ['success', 'success'],
  ['failed', 'failed'],
  ['dropped', 'dropped'],
  ['queuing', 'queuing'],
  ['inflight', 'inflight'],
  ['retried', 'retried'],
  ['late_reply', 'lateReply'],
];
const INGRESS: [string, Key][] = [['received', 'received']];
const DROPS: [string, Key][] = [
  ['dropped.expired', 'droppedExpired'],
  ['dropped.queue_full', 'droppedQueueFull'],
  ['dropped.resource_stopped', 'droppedResourceStopped'],
  ['dropped.resource_not_found', 'droppedResourceNotFound'],
  ['dropped.other', 'droppedOther'],
];

const rate = (v: number | undefined) => (v === undefined ? '-' : Math.round(v * 100) / 100);

interface Props {
  kind: BridgeKind;
  id: string;
  nodeStatus?: NodeStatus[];
}

export function BridgeMetricsPanel({ kind, id, nodeStatus }: Props) {
  const { t } = useTranslation(['actions', 'connectors', 'common']);
  const { token } = theme.useToken();
  const canWrite = useCanWrite();
  const q = useBridgeMetricsQuery(kind, id, { poll: true });
  const reset = useResetBridgeMetricsMutation(kind);
  const reconnect = useReconnectBridgeOnNodeMutation(kind);
  const m = q.data?.metrics;
  const counters = kind === 'sources' ? INGRESS : EGRESS;
  const value = (key: string) => (m ? (m[key] ?? 0) : '-');
  const statusOf = (node: string) => nodeStatus?.find((n) => n.node === node);
  const nodeColumns: TableColumnsType<{ node: string; metrics?: Record<string, number> }> = [
    { title: t('common:node'), dataIndex: 'node' },
    { title: t('connectors:connectionStatus'), key: 'status', render: (_: unknown, n) => <StatusTag status={statusOf(n.node)?.status ?? ''} /> },
    ...counters.map(([key, label]) => ({ title: t(label), key, render: (_: unknown, n: { metrics?: Record<string, number> }) => n.metrics?.[key] ?? 0 })),
    { title: t('rateNow'), key: 'rate', render: (_: unknown, n: { metrics?: Record<string, number> }) => rate(n.metrics?.rate) },
    ...(canWrite
      ? [
          {
            title: t('common:actions'),
            key: 'ops',
            render: (_: unknown, n: { node: string }) =>
              statusOf(n.node)?.status !== 'connected' && (
                <Button size="small" type="link" loading={reconnect.isPending && reconnect.variables?.node === n.node} onClick={() => reconnect.mutate({ id, node: n.node })}>
                  {t('connectors:reconnect')}
                </Button>
              ),
          },
        ]
      : []),
  ];
  return (
    <Flex vertical gap={token.margin}>
      <Flex justify="flex-end" gap="small">
        <Button icon={<ReloadOutlined />} loading={q.isFetching} onClick={() => void q.refetch()}>
          {t('common:refresh')}
        </Button>
        {canWrite && (
          <ConfirmAction title={t('resetConfirm')} onConfirm={() => reset.mutateAsync(id)} successMessage={t('resetSuccess')} danger>
            <Button danger>{t('resetStats')}</Button>
          </ConfirmAction>
        )}
      </Flex>
      {q.isError && <Alert type="error" showIcon title={errorText(q.error)} />}
      <Card size="small" title={t('statistics')}>
        <Row gutter={[token.margin, token.margin]}>
          {counters.map(([key, label]) => (
            <Col xs={12} md={6} key={key}>
              <Statistic title={t(label)} value={value(key)} />
            </Col>
          ))}
        </Row>
        <Row gutter={[token.margin, token.margin]} style={{ marginTop: token.margin }}>
          <Col xs={12} md={8}>
            <Statistic title={t('rateNow')} value={rate(m?.rate)} suffix={m && t('rateUnit')} />
          </Col>
          <Col xs={12} md={8}>
            <Statistic title={t('rateMax')} value={rate(m?.rate_max)} suffix={m && t('rateUnit')} />
          </Col>
          <Col xs={12} md={8}>
            <Statistic title={t('rateLast5m')} value={rate(m?.rate_last5m)} suffix={m && t('rateUnit')} />
          </Col>
        </Row>
      </Card>
      {kind === 'actions' && (
        <Card size="small" title={t('droppedReasons')}>
          <Row gutter={[token.margin, token.margin]}>
            {DROPS.map(([key, label]) => (
              <Col xs={12} md={4} key={key}>
                <Tooltip title={key}>
                  <Statistic title={t(label)} value={value(key)} />
                </Tooltip>
              </Col>
            ))}
          </Row>
        </Card>
      )}
      <Card size="small" title={t('nodeStats')}>
        <Table size="small" rowKey="node" pagination={false} columns={nodeColumns} dataSource={q.data?.node_metrics ?? []} />
      </Card>
    </Flex>
  );
}
