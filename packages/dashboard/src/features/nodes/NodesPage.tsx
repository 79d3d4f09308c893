// Nodes of the cluster (`/nodes`); a row opens the node detail.
import './nodes.messages';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NodeInfo } from '@mqdeck/api';
import { formatError } from '../../api/client';
import { ListPage } from '../../shared/list/ListPage';
import { useNodesQuery } from './nodes.api';
import { useNodeColumns } from './nodes.columns';
import { nodePath } from './nodes.format';

export default function NodesPage() {
  const { t } = useTranslation('nodes');
  const nodes = useNodesQuery();
  const columns = useNodeColumns();
  const navigate = useNavigate();
  return (
    <ListPage<NodeInfo>
      mode="all"
      noRefresh
      list={{ data: nodes.data ?? [], isError: nodes.isError }}
      errorText={t('loadFailed', { message: formatError(nodes.error) })}
      loading={nodes.isPending}
      rowKey={(n) => n.node ?? ''}
      columns={columns}
      table={{
        // Ten columns: at max-content the last two (file descriptors, processes) sat off-screen on a laptop with no
        // visible hint; a fixed minimum lets headers wrap to fit and scrolls only on really narrow windows.
        scroll: { x: 1000 },
        locale: { emptyText: t('noNodes') },
        onRow: (n) => ({
          onClick: (e) => {
            // Links inside the row navigate on their own.
            if (n.node && !(e.target as HTMLElement).closest('a')) navigate(nodePath(n.node));
          },
          style: { cursor: 'pointer' },
        }),
      }}
    />
  );
}
