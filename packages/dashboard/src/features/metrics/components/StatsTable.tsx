// `/stats` as one row per statistic: current value (`*.count`) and peak (`*.max`) side by side.
import '../metrics.names.messages';
import '../metrics.messages';
import { useMemo } from 'react';
import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format';
import type { Counters } from '../metrics.api';
import { labelKeyOf } from '../groups';

export interface StatRow {
  name: string;
  count?: number;
  max?: number;
}

export function toStatRows(stats: Counters): StatRow[] {
  const rows = new Map<string, StatRow>();
  for (const [key, value] of Object.entries(stats)) {
    const m = /^(.*)\.(count|max)$/.exec(key);
    const name = m ? m[1] : key;
    const row = rows.get(name) ?? { name };
    if (m?.[2] === 'max') row.max = value;
    else row.count = value;
    rows.set(name, row);
  }
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export function StatsTable({ stats, loading }: { stats: Counters | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation('metrics');
  const rows = useMemo(() => toStatRows(stats ?? {}), [stats]);
  const label = (name: string) => {
    const key = `statNames:${labelKeyOf(name)}_count`;
    // The key is built from a counter name the node sends: i18n.exists checks it at run time, not tsc.
    return i18n.exists(key) ? t(key as never) : undefined;
  };
  return (
    <Card size="small" title={t('stats')} styles={{ body: { padding: 0 } }} data-testid="stats-table">
      <Table<StatRow>
        size="small"
        rowKey="name"
        loading={loading}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('noCounters') }}
        columns={[
          {
            key: 'name',
            title: t('counter'),
            render: (_: unknown, row) => (
              <>
                <Typography.Text code>{row.name}</Typography.Text>
                {label(row.name) && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {label(row.name)}
                  </Typography.Text>
                )}
              </>
            ),
          },
          { key: 'count', title: t('current'), dataIndex: 'count', align: 'right', render: (v?: number) => formatNumber(v) },
          { key: 'max', title: t('peak'), dataIndex: 'max', align: 'right', render: (v?: number) => formatNumber(v) },
        ]}
      />
    </Card>
  );
}
