// One group of `/metrics` counters: readable label (when known) over the EMQX name, and the value.
import '../metrics.names.messages';
import '../metrics.messages';
import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format';
import { labelKeyOf, type CounterRow } from '../groups';

interface Props {
  title: string;
  rows: CounterRow[];
  loading: boolean;
}

export function CounterTable({ title, rows, loading }: Props) {
  const { t, i18n } = useTranslation('metrics');
  const label = (name: string) => {
    const key = `metricNames:${labelKeyOf(name)}`;
    // The key is built from a counter name the node sends: i18n.exists checks it at run time, not tsc.
    return i18n.exists(key) ? t(key as never) : undefined;
  };
  return (
    <Card size="small" title={title} styles={{ body: { padding: 0 } }} data-testid={`counter-group-${title}`}>
      <Table<CounterRow>
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
                <Typography.Text code copyable={{ text: row.name }}>
                  {row.name}
                </Typography.Text>
                {label(row.name) && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {label(row.name)}
                  </Typography.Text>
                )}
              </>
            ),
          },
          {
            key: 'value',
            title: t('value'),
            dataIndex: 'value',
            align: 'right',
            width: 140,
            sorter: (a, b) => a.value - b.value,
            render: (v: number) => formatNumber(v),
          },
        ]}
      />
    </Card>
  );
}
