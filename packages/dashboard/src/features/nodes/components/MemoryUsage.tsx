import '../nodes.messages';
import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usedPercent } from '../nodes.format';

interface Props {
  used: string | undefined;
  total: string | undefined;
}

/**
 * "512.00M of 7.54G" with a bar when both sides are readable sizes. The block takes the width of its text and the bar
 * fills that width (a fixed minimum made the bar run into the next column of the Nodes table).
 */
export function MemoryUsage({ used, total }: Props) {
  const { t } = useTranslation('nodes');
  if (!used && !total) return <>-</>;
  const percent = usedPercent(used, total);
  return (
    <div style={{ display: 'inline-block', maxWidth: '100%', verticalAlign: 'middle' }}>
      <Typography.Text style={{ whiteSpace: 'nowrap' }}>{t('memoryUsedOfTotal', { used: used ?? '-', total: total ?? '-' })}</Typography.Text>
      {percent !== undefined && <Progress percent={percent} size="small" showInfo={false} aria-label={`${percent}%`} style={{ display: 'block', margin: 0 }} />}
    </div>
  );
}
