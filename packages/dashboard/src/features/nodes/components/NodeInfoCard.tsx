import '../nodes.messages';
import { Descriptions, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NodeInfo } from '@mqdeck/api';
import { formatDuration, formatNumber } from '../../../shared/format';
import { formatLoad, formatRuntime, isNodeRuntime } from '../nodes.format';
import { MemoryUsage } from './MemoryUsage';
import { NodeRole, NodeStatus } from './NodeRole';

/** Static facts of one node from `/nodes/{node}`. */
export function NodeInfoCard({ node }: { node: NodeInfo }) {
  const { t } = useTranslation('nodes');
  // MQDeck's node has no Erlang VM: its release is the Node.js version and its "processes" are runtime handles
  // whose limit is the fd limit shown beside them (docs/node-counterparts.md).
  const nodeRuntime = isNodeRuntime(node.otp_release);
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
      <Descriptions.Item label={t('name')}>{node.node ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('status')}>
        <NodeStatus status={node.node_status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('role')}>
        <NodeRole role={node.role} />
      </Descriptions.Item>
      <Descriptions.Item label={t('version')}>{[node.version, node.edition].filter(Boolean).join(' ') || '-'}</Descriptions.Item>
      <Descriptions.Item label={t('uptime')}>{formatDuration(node.uptime)}</Descriptions.Item>
      <Descriptions.Item label={nodeRuntime ? t('runtime') : t('otpRelease')}>{formatRuntime(node.otp_release)}</Descriptions.Item>
      <Descriptions.Item label={t('memory')}>
        <MemoryUsage used={node.memory_used} total={node.memory_total} />
      </Descriptions.Item>
      <Descriptions.Item label={t('load')}>{[node.load1, node.load5, node.load15].map(formatLoad).join(' / ')}</Descriptions.Item>
      <Descriptions.Item label={t('maxFds')}>{formatNumber(node.max_fds)}</Descriptions.Item>
      {nodeRuntime ? (
        <Descriptions.Item
          label={
            <Tooltip title={t('runtimeHandlesHelp')}>
              <span>{t('runtimeHandles')}</span>
            </Tooltip>
          }
        >
          {formatNumber(node.process_used)}
        </Descriptions.Item>
      ) : (
        <Descriptions.Item label={t('processes')}>
          {t('processesUsedOfAvailable', { used: formatNumber(node.process_used), available: formatNumber(node.process_available) })}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('connectionsLive')}>{`${formatNumber(node.connections)} / ${formatNumber(node.live_connections)}`}</Descriptions.Item>
      <Descriptions.Item label={t('sysPath')}>{node.sys_path ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('logPath')} span="filled">
        {node.log_path ?? '-'}
      </Descriptions.Item>
    </Descriptions>
  );
}
