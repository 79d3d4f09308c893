// The detail's Overview: the rule's counters and rates (GET /rules/{id}/metrics, refreshed every 5 s), the same
// per node, and Reset (PUT …/metrics/reset, 'Reset successfully').
import { Alert, Button, Card, Col, Flex, Row, Statistic, Table, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { errorText } from '../../../shared/apiErrors';
import { useCanWrite } from '../../../shared/useCanWrite';
import { useResetRuleMetricsMutation, useRuleMetricsQuery } from '../rules.api';
import { formatRate, metric } from '../metrics';
import type { RuleNodeMetrics } from '../rules.types';

export function RuleOverview({ id }: { id: string }) {
  const { t } = useTranslation(['rules', 'common']);
  const { token } = theme.useToken();
  const canWrite = useCanWrite();
  const q = useRuleMetricsQuery(id, { poll: true });
  const reset = useResetRuleMetricsMutation();
  const m = q.data?.metrics;
  // no zeros before the node answered (or when it did not): a dash until there are real counters
  const shown = (v: number | string) => (m ? v : '-');
  const stat = (key: string, label: string) => (
    <Col xs={12} md={8} lg={6} key={key}>
      <Statistic title={label} value={shown(metric(m, key))} />
    </Col>
  );
  const rate = (key: string, label: string) => (
    <Col xs={12} md={8} key={key}>
      <Statistic title={label} value={shown(formatRate(metric(m, key)))} suffix={m && t('rateUnit')} />
    </Col>
  );
  const nodeColumns: TableColumnsType<RuleNodeMetrics> = [
    { title: t('common:node'), dataIndex: 'node' },
    ...(
      [
        ['matched', 'matched'],
        ['passed', 'passed'],
        ['failed', 'failed'],
        ['failed.no_result', 'noResult'],
        ['failed.exception', 'exception'],
        ['actions.total', 'actionsTotal'],
        ['actions.success', 'actionsSuccess'],
        ['actions.failed', 'actionsFailed'],
      ] as const
    ).map(([key, label]) => ({ title: t(label), key, render: (_: unknown, n: RuleNodeMetrics) => metric(n, key) })),
    { title: t('rateNow'), key: 'rate', render: (_: unknown, n: RuleNodeMetrics) => formatRate(metric(n, 'matched.rate')) },
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
      <Card size="small" title={t('ruleStats')}>
        <Row gutter={[token.margin, token.margin]}>
          {stat('matched', t('matched'))}
          {stat('passed', t('passed'))}
          {stat('failed', t('failed'))}
          {stat('failed.no_result', t('noResult'))}
          {stat('failed.exception', t('exception'))}
          {stat('failed.unknown', t('failedUnknown'))}
        </Row>
        <Row gutter={[token.margin, token.margin]} style={{ marginTop: token.margin }}>
          {rate('matched.rate', t('rateNow'))}
          {rate('matched.rate.max', t('rateMax'))}
          {rate('matched.rate.last5m', t('rateLast5m'))}
        </Row>
      </Card>
      <Card size="small" title={t('actionStats')}>
        <Row gutter={[token.margin, token.margin]}>
          {stat('actions.total', t('actionsTotal'))}
          {stat('actions.success', t('actionsSuccess'))}
          {stat('actions.failed', t('actionsFailed'))}
          {stat('actions.failed.out_of_service', t('outOfService'))}
          {stat('actions.failed.unknown', t('failedUnknown'))}
          {stat('actions.discarded', t('actionsDiscarded'))}
        </Row>
      </Card>
      <Card size="small" title={t('nodeStats')}>
        <Table<RuleNodeMetrics> size="small" rowKey={(n) => n.node ?? ''} columns={nodeColumns} dataSource={q.data?.node_metrics ?? []} pagination={false} />
        {q.isPending && <Typography.Text type="secondary">{t('common:loading')}</Typography.Text>}
      </Card>
    </Flex>
  );
}
