import { Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import '../clients.messages';

/** `client_attrs` (set by the broker's client attribute extraction); values are shown as plain text. */
export function ClientAttributes({ attrs }: { attrs?: Record<string, string> }) {
  const { t } = useTranslation('clients');
  const rows = Object.entries(attrs ?? {}).map(([name, value]) => ({ name, value: String(value) }));
  if (rows.length === 0) return <Empty description={t('noAttributes')} />;
  return (
    <Table
      size="small"
      rowKey="name"
      pagination={false}
      dataSource={rows}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('attribute') },
        { key: 'value', dataIndex: 'value', title: t('value') },
      ]}
    />
  );
}
