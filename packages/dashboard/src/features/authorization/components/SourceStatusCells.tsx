import { StatusTag } from '../../../shared/StatusTag';
import { formatNumber } from '../../../shared/format';
import { useSourceStatusQuery } from '../authorization.api';
import type { SourceType } from '../authorization.config';

export function SourceStatusCell({ type }: { type: SourceType }) {
  const s = useSourceStatusQuery(type).data;
  return s?.status ? <StatusTag status={s.status} /> : <>-</>;
}

export function SourceMetricCell({ type, metric }: { type: SourceType; metric: 'allow' | 'deny' | 'nomatch' }) {
  const s = useSourceStatusQuery(type).data;
  return <>{formatNumber(s?.metrics?.[metric])}</>;
}
