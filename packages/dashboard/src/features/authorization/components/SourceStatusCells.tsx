import { StatusTag } from '../../../shared/StatusTag';
import { formatNumber } from '../../../shared/format';
import { useSourceStatusQuery } from '../authorization.api';
import type { AnySourceType } from '../authorization.config';

export function SourceStatusCell({ type }: { type: AnySourceType }) {
  const s = useSourceStatusQuery(type).data;
  return s?.status ? <StatusTag status={s.status} /> : <>-</>;
}

export function SourceMetricCell({ type, metric }: { type: AnySourceType; metric: 'allow' | 'deny' | 'nomatch' }) {
  const s = useSourceStatusQuery(type).data;
  return <>{formatNumber(s?.metrics?.[metric])}</>;
}
