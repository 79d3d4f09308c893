// One card per node of `/nodes`: name, status, version, uptime, role, CPU load and memory; opens the node detail.
import '../../nodes/nodes.messages';
import { Alert, Card, Col, Descriptions, Empty, Row } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NodeInfo } from '@mqdeck/api';
import { formatDuration } from '../../../shared/format';
import { MemoryUsage } from '../../nodes/components/MemoryUsage';
import { NodeRole, NodeStatus } from '../../nodes/components/NodeRole';
import { useNodesQuery } from '../../nodes/nodes.api';
import { formatLoad, nodePath } from '../../nodes/nodes.format';
import { errorText } from '../../../shared/apiErrors';

function NodeCard({ node }: { node: NodeInfo }) {
  const { t } = useTranslation('nodes');
  const name = node.node ?? '-';
  return (
    <Card size="small" title={node.node ? <Link to={nodePath(node.node)}>{name}</Link> : name} extra={<NodeStatus status={node.node_status} />} data-testid="node-card">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('version')}>{node.version ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('uptime')}>{formatDuration(node.uptime)}</Descriptions.Item>
        <Descriptions.Item label={t('role')}>
          <NodeRole role={node.role} />
        </Descriptions.Item>
        <Descriptions.Item label={t('load')}>{[node.load1, node.load5, node.load15].map(formatLoad).join(' / ')}</Descriptions.Item>
        <Descriptions.Item label={t('memory')}>
          <MemoryUsage used={node.memory_used} total={node.memory_total} />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export function NodeCards() {
  const { t } = useTranslation('nodes');
  const nodes = useNodesQuery();
  if (nodes.isError) return <Alert type="error" showIcon title={t('loadFailed', { message: errorText(nodes.error) })} />;
  if (nodes.isPending) return <Card loading size="small" />;
  if (nodes.data.length === 0) return <Empty description={t('noNodes')} />;
  return (
    <Row gutter={[16, 16]}>
      {nodes.data.map((n) => (
        <Col key={n.node} flex="1 1 300px">
          <NodeCard node={n} />
        </Col>
      ))}
    </Row>
  );
}
