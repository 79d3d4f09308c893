// Management › Cluster: the cluster's nodes (name, role, status, version) and the invite call EMQX answers.
// The single-node explanation shows only in front of MQDeck's own node, which always runs alone; a real EMQX
// (one node or many) may join and invite others, so its nodes are simply listed.
import { Alert, Button, Descriptions, Form, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NodeInfo } from '@mqdeck/api';
import { toast } from '../../app/bridge';
import { PageSection } from '../../shared/PageSection';
import { StatusTag } from '../../shared/StatusTag';
import { useMqdeckNode } from '../../shared/apiExtensions';
import { useCanWrite } from '../../shared/useCanWrite';
import { useClusterNodesQuery, useClusterQuery, useInviteNodeMutation } from './cluster.api';
import './cluster.messages';

export default function ClusterPage() {
  const { t } = useTranslation(['cluster', 'common']);
  const canWrite = useCanWrite();
  const cluster = useClusterQuery();
  const nodes = useClusterNodesQuery();
  const invite = useInviteNodeMutation();
  // a one-node EMQX is not 'single-node' in this sense: only our node cannot join or invite
  const singleNode = useMqdeckNode();
  const [form] = Form.useForm<{ node: string }>();

  async function submit() {
    const { node } = await form.validateFields();
    await invite.mutateAsync(node.trim());
    void toast().success(t('inviteSuccess'));
    form.resetFields();
  }

  const columns = [
    { title: t('node'), dataIndex: 'node', key: 'node' },
    { title: t('role'), dataIndex: 'role', key: 'role' },
    { title: t('common:status'), key: 'status', render: (_: unknown, n: NodeInfo) => <StatusTag status={n.node_status === 'running' ? 'running' : 'stopped'} /> },
    { title: t('version'), dataIndex: 'version', key: 'version' },
  ];

  return (
    <PageSection title={t('title')}>
      {singleNode && <Alert type="info" showIcon title={t('singleNode')} style={{ marginBottom: 16 }} />}
      <Descriptions column={1} style={{ marginBottom: 16 }} items={[{ key: 'name', label: t('clusterName'), children: cluster.data?.name ?? '-' }]} />
      <Table rowKey="node" columns={columns} dataSource={nodes.data ?? []} loading={nodes.isLoading} pagination={false} style={{ marginBottom: 24 }} />
      {canWrite && (
        <Form form={form} name="cluster-invite" layout="inline">
          <Form.Item name="node" label={t('nodeName')} rules={[{ required: true, whitespace: true, message: t('nodeNameRequired') }]}>
            <Input aria-label={t('nodeName')} placeholder="emqx@192.168.0.2" style={{ width: 280 }} />
          </Form.Item>
          <Button type="primary" loading={invite.isPending} onClick={() => void submit().catch(() => undefined)}>
            {t('invite')}
          </Button>
        </Form>
      )}
    </PageSection>
  );
}
