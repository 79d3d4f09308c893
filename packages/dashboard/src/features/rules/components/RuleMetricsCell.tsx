// The list's metrics column: matched / passed / failed and the current rate of one rule.
import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuleMetricsQuery } from '../rules.api';
import { formatRate, metric } from '../metrics';

export function RuleMetricsCell({ id }: { id: string }) {
  const { t } = useTranslation('rules');
  const q = useRuleMetricsQuery(id);
  const m = q.data?.metrics;
  if (!m) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Tooltip title={`${t('rateNow')}: ${t('perSecond', { n: formatRate(metric(m, 'matched.rate')) })}`}>
      <Flex vertical>
        <Typography.Text>{t('metricsSummary', { matched: metric(m, 'matched'), passed: metric(m, 'passed'), failed: metric(m, 'failed') })}</Typography.Text>
        <Typography.Text type="secondary">{t('perSecond', { n: formatRate(metric(m, 'matched.rate')) })}</Typography.Text>
      </Flex>
    </Tooltip>
  );
}
