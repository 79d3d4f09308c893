import '../nodes.messages';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NodeInfo } from '@mqdeck/api';

export function NodeRole({ role }: { role: NodeInfo['role'] }) {
  const { t } = useTranslation('nodes');
  if (!role) return <>-</>;
  return <Tag>{role === 'core' ? t('roleCore') : role === 'replicant' ? t('roleReplicant') : role}</Tag>;
}

export function NodeStatus({ status }: { status: NodeInfo['node_status'] }) {
  const { t } = useTranslation('nodes');
  if (!status) return <>-</>;
  return <Tag color={status === 'running' ? 'success' : 'default'}>{status === 'running' ? t('running') : t('stopped')}</Tag>;
}
