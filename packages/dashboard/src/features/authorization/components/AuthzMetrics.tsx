import { Col, Row, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/StatusTag';
import { formatNumber } from '../../../shared/format';
import type { AuthzStatus } from '../authorization.api';

export function AuthzMetrics({ status }: { status?: AuthzStatus }) {
  const { t } = useTranslation(['authorization', 'common']);
  const m = status?.metrics;
  const items: [string, number | undefined][] = [
    [t('total'), m?.total],
    [t('allow'), m?.allow],
    [t('deny'), m?.deny],
    [t('nomatch'), m?.nomatch],
    [t('rate'), m?.rate],
  ];
  const nodes = Array.isArray(status?.node_status) ? status.node_status : [];
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        {items.map(([label, v]) => (
          <Col key={label} xs={12} md={4}>
            <Statistic title={label} value={v === undefined ? '-' : formatNumber(v)} />
          </Col>
        ))}
      </Row>
      {nodes.length > 0 && (
        <Table
          size="small"
          rowKey="node"
          pagination={false}
          dataSource={nodes}
          columns={[
            { title: t('common:node'), dataIndex: 'node' },
            { title: t('common:status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
          ]}
        />
      )}
    </>
  );
}
