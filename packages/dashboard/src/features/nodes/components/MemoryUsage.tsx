import '../nodes.messages';
import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usedPercent } from '../nodes.format';

interface Props {
  used: string | undefined;
  total: string | undefined;
}

/** "512.00M of 7.54G" with a bar when both sides are readable sizes. */
export function MemoryUsage({ used, total }: Props) {
  const { t } = useTranslation('nodes');
  if (!used && !total) return <>-</>;
  const percent = usedPercent(used, total);
  return (
    <div style={{ minWidth: 140 }}>
      <Typography.Text>{t('memoryUsedOfTotal', { used: used ?? '-', total: total ?? '-' })}</Typography.Text>
      {percent !== undefined && <Progress percent={percent} size="small" showInfo={false} aria-label={`${percent}%`} />}
    </div>
  );
}
