import './nodes.messages';
import { useMemo } from 'react';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NodeInfo } from '@mqdeck/api';
import { formatDuration, formatNumber } from '../../shared/format';
import { MemoryUsage } from './components/MemoryUsage';
import { NodeRole, NodeStatus } from './components/NodeRole';
import { formatLoad, nodePath } from './nodes.format';

// Node names, memory and load figures must not break mid-value ('emqx@12|7.0.0.1'); headers may wrap between words
// (the table is laid out by content, NodesPage: a column is never narrower than its longest word or value).
const noWrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

export function useNodeColumns(): TableColumnsType<NodeInfo> {
  const { t } = useTranslation('nodes');
  return useMemo(
    () => [
      {
        key: 'node',
        title: t('name'),
        dataIndex: 'node',
        fixed: 'left' as const,
        onCell: noWrap,
        render: (node?: string) => (node ? <Link to={nodePath(node)}>{node}</Link> : '-'),
      },
      { key: 'role', title: t('role'), dataIndex: 'role', onCell: noWrap, render: (role: NodeInfo['role']) => <NodeRole role={role} /> },
      { key: 'status', title: t('status'), dataIndex: 'node_status', render: (s: NodeInfo['node_status']) => <NodeStatus status={s} /> },
      { key: 'version', title: t('version'), dataIndex: 'version', render: (v?: string) => v ?? '-' },
      { key: 'uptime', title: t('uptime'), dataIndex: 'uptime', onCell: noWrap, render: (ms?: number) => formatDuration(ms) },
      {
        key: 'connections',
        title: t('connectionsLive'),
        onCell: noWrap,
        render: (_: unknown, n: NodeInfo) => `${formatNumber(n.connections)} / ${formatNumber(n.live_connections)}`,
      },
      { key: 'memory', title: t('memory'), onCell: noWrap, render: (_: unknown, n: NodeInfo) => <MemoryUsage used={n.memory_used} total={n.memory_total} /> },
      {
        key: 'load',
        title: t('load'),
        onCell: noWrap,
        render: (_: unknown, n: NodeInfo) => [n.load1, n.load5, n.load15].map(formatLoad).join(' / '),
      },
      // Erlang processes are left out of the list: on MQDeck's node they are runtime handles (docs/node-counterparts.md),
      // shown with that label on the node detail.
      { key: 'maxFds', title: t('maxFds'), dataIndex: 'max_fds', render: (v?: number) => formatNumber(v) },
    ],
    [t],
  );
}
