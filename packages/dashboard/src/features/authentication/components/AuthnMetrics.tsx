// Totals and rates of one authenticator, and its status on each node (GET /authentication/{id}/status).
import { Col, Row, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/StatusTag';
import { formatNumber } from '../../../shared/format';
import type { AuthnStatus } from '../authentication.api';

export function AuthnMetrics({ status }: { status?: AuthnStatus }) {
  const { t } = useTranslation(['authentication', 'common']);
  const m = status?.metrics;
  const items: [string, number | undefined][] = [
    [t('total'), m?.total],
    [t('success'), m?.success],
    [t('failed'), m?.failed],
    [t('nomatch'), m?.nomatch],
    [t('rate'), m?.rate],
    [t('rateMax'), m?.rate_max],
    [t('rateLast5m'), m?.rate_last5m],
  ];
  const nodes = (status?.node_status ?? []).map((n) => ({ node: n.node ?? '-', status: n.status ?? '' }));
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        {items.map(([label, v]) => (
          <Col key={label} xs={12} md={6} xl={3}>
            <Statistic title={label} value={v === undefined ? '-' : formatNumber(v)} />
          </Col>
        ))}
      </Row>
      <Table
        size="small"
        rowKey="node"
        pagination={false}
        dataSource={nodes}
        columns={[
          { title: t('common:node'), dataIndex: 'node' },
          { title: t('nodeStatus'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
        ]}
      />
    </>
  );
}
