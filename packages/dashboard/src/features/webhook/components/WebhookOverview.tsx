// The detail's Overview: the connection (status, reason, per node), the action's counters (GET /actions/{id}/metrics)
// and the rule's (GET /rules/{id}/metrics), both refreshed every 5 s, and Reset of both.
import { Alert, Button, Card, Col, Descriptions, Flex, Row, Statistic, theme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../app/bridge';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { errorText } from '../../../shared/apiErrors';
import { useCanWrite } from '../../../shared/useCanWrite';
import { useRuleMetricsQuery } from '../../rules/rules.api';
import { NodeStatusTable, ResourceStatusTag } from '../../connectors/components/ResourceStatus';
import { formatRate, metric } from '../../rules/metrics';
import { useActionMetricsQuery, useReconnectWebhookMutation, useResetWebhookMetricsMutation } from '../webhook.api';
import { webhookStatus } from '../webhook.model';
import type { Webhook } from '../webhook.types';

const ACTION_STATS = [
  ['matched', 'matched'],
  ['success', 'success'],
  ['failed', 'failed'],
  ['dropped', 'dropped'],
  ['queuing', 'queuing'],
  ['inflight', 'inflight'],
  ['retried', 'retried'],
] as const;
const RULE_STATS = [
  ['matched', 'matched'],
  ['passed', 'passed'],
  ['failed', 'failed'],
  ['failed.no_result', 'noResult'],
] as const;

export function WebhookOverview({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation(['webhook', 'common']);
  const { token } = theme.useToken();
  const canWrite = useCanWrite();
  const action = useActionMetricsQuery(webhook.fullName);
  const rule = useRuleMetricsQuery(webhook.fullName, { poll: true });
  const reset = useResetWebhookMetricsMutation();
  const reconnect = useReconnectWebhookMutation();
  const status = webhookStatus(webhook);
  const reason = webhook.action.status_reason || webhook.connector.status_reason;
  const am = action.data?.metrics;
  const rm = rule.data?.metrics;
  // a dash until the node answered: no made-up zeros
  const stat = (m: object | undefined, key: string, label: string) => (
    <Col xs={12} md={6} key={key}>
      <Statistic title={label} value={m ? metric(m, key) : '-'} />
    </Col>
  );
  const rate = (m: object | undefined, key: string) => (
    <Col xs={12} md={6}>
      <Statistic title={t('rateNow')} value={m ? formatRate(metric(m, key)) : '-'} suffix={m && t('rateUnit')} />
    </Col>
  );
  const nodes = webhook.action.node_status ?? [];

  return (
    <Flex vertical gap={token.margin}>
      <Flex justify="flex-end" gap="small">
        <Button icon={<ReloadOutlined />} loading={action.isFetching || rule.isFetching} onClick={() => void Promise.all([action.refetch(), rule.refetch()])}>
          {t('common:refresh')}
        </Button>
        {canWrite && (status === 'disconnected' || status === 'connecting' || status === 'inconsistent') && (
          <Button loading={reconnect.isPending} onClick={() => reconnect.mutate(webhook.fullName, { onSuccess: () => void toast().success(t('common:operationSucceeded')) })}>
            {t('reconnect')}
          </Button>
        )}
        {canWrite && (
          <ConfirmAction title={t('resetConfirm')} onConfirm={() => reset.mutateAsync(webhook.fullName)} successMessage={t('resetSuccess')} danger>
            <Button danger>{t('resetStats')}</Button>
          </ConfirmAction>
        )}
      </Flex>
      <Card size="small" title={t('connectionStatus')}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('status')}>
            <ResourceStatusTag status={status} />
          </Descriptions.Item>
          {reason && <Descriptions.Item label={t('statusReason')}>{reason}</Descriptions.Item>}
          <Descriptions.Item label={t('url')}>{webhook.connector.url}</Descriptions.Item>
          <Descriptions.Item label={t('trigger')}>
            <Link to={`/rule/rules/${encodeURIComponent(webhook.fullName)}`}>{t('openRule', { id: webhook.fullName })}</Link>
          </Descriptions.Item>
        </Descriptions>
        {nodes.length > 0 && <NodeStatusTable nodes={nodes.map((n) => ({ ...n, node: n.node ?? '', status: n.status ?? '' }))} />}
      </Card>
      {(action.isError || rule.isError) && <Alert type="error" showIcon title={errorText(action.error ?? rule.error)} />}
      <Card size="small" title={t('actionStats')}>
        <Row gutter={[token.margin, token.margin]}>
          {ACTION_STATS.map(([key, label]) => stat(am, key, t(label)))}
          {rate(am, 'rate')}
        </Row>
      </Card>
      <Card size="small" title={t('ruleStats')}>
        <Row gutter={[token.margin, token.margin]}>
          {RULE_STATS.map(([key, label]) => stat(rm, key, t(label)))}
          {rate(rm, 'matched.rate')}
        </Row>
      </Card>
    </Flex>
  );
}
