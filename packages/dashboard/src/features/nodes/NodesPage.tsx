// Nodes of the cluster (`/nodes`); a row opens the node detail.
import './nodes.messages';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NodeInfo } from '@mqdeck/api';
import { ListPage } from '../../shared/list/ListPage';
import { useNodesQuery } from './nodes.api';
import { useNodeColumns } from './nodes.columns';
import { nodePath } from './nodes.format';
import { errorText } from '../../shared/apiErrors';

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
      errorText={t('loadFailed', { message: errorText(nodes.error) })}
      loading={nodes.isPending}
      rowKey={(n) => n.node ?? ''}
      columns={columns}
      table={{
        // Laid out by content: with a fixed layout (antd's default for a fixed column) every column got the same
        // share, so headers broke mid-word and long values ran into the next column at 1440 px. At min-content the
        // table fills the card, headers wrap only between words, and it scrolls only below the columns' narrowest widths.
        tableLayout: 'auto',
        size: 'middle',
        scroll: { x: 'min-content' },
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
