// The status of a connector, action or source: EMQX's word as a tag, the reason (when the node gives one) on hover,
// and the per-node table of the detail page. Shared with the webhook pages and the flow view.
import { Table, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/StatusTag';
import type { NodeStatus, ResourceStatus } from '../connectors.api';
import '../connectors.messages';

export function ResourceStatusTag({ status, reason }: { status?: ResourceStatus; reason?: string }) {
  const tag = <StatusTag status={status ?? ''} />;
  return reason ? (
    <Tooltip title={reason}>
      <span>{tag}</span>
    </Tooltip>
  ) : (
    tag
  );
}

export function NodeStatusTable({ nodes }: { nodes?: NodeStatus[] }) {
  const { t } = useTranslation(['connectors', 'common']);
  return (
    <Table<NodeStatus>
      size="small"
      rowKey="node"
      pagination={false}
      dataSource={nodes ?? []}
      columns={[
        { title: t('common:node'), dataIndex: 'node' },
        { title: t('connectionStatus'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
        { title: t('statusReason'), dataIndex: 'status_reason', render: (r?: string) => r || '-' },
      ]}
    />
  );
}
