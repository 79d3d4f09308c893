// Nodes of the cluster (`/nodes`); a row opens the node detail.
import './nodes.messages';
import { Alert, Table } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NodeInfo } from '@mqdeck/api';
import { formatError } from '../../api/client';
import { PageSection } from '../../shared/PageSection';
import { useNodesQuery } from './nodes.api';
import { useNodeColumns } from './nodes.columns';
import { nodePath } from './nodes.format';

export default function NodesPage() {
  const { t } = useTranslation('nodes');
  const nodes = useNodesQuery();
  const columns = useNodeColumns();
  const navigate = useNavigate();
  return (
    <PageSection>
      {nodes.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('loadFailed', { message: formatError(nodes.error) })} />
      )}
      <Table<NodeInfo>
        rowKey={(n) => n.node ?? ''}
        columns={columns}
        dataSource={nodes.data ?? []}
        loading={nodes.isPending}
        pagination={false}
        // Ten columns: at max-content the last two (file descriptors, processes) sat off-screen on a laptop with no
        // visible hint; a fixed minimum lets headers wrap to fit and scrolls only on really narrow windows.
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('noNodes') }}
        onRow={(n) => ({
          onClick: (e) => {
            // Links inside the row navigate on their own.
            if (n.node && !(e.target as HTMLElement).closest('a')) navigate(nodePath(n.node));
          },
          style: { cursor: 'pointer' },
        })}
      />
    </PageSection>
  );
}
