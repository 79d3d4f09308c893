// A gateway's clients: search by client ID / username (LwM2M: endpoint name), paging, a detail drawer with the
// client's figures and subscriptions, and Kick out (a confirmation first; DELETE /gateways/{name}/clients/{id}).
import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Flex, Input, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/list/PagedTable';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { useCanWrite } from '../../../shared/useCanWrite';
import { formatDateTime } from '../../../shared/format';
import {
  useGatewayClientQuery,
  useGatewayClientSubsQuery,
  useGatewayClientsQuery,
  useKickGatewayClientMutation,
  useUnsubscribeGatewayClientMutation,
  type ClientsQuery,
  type GatewayClient,
  type GatewaySubscription,
} from '../gateways.api';
import type { GatewayName } from '../gateways.config';
import '../gateways.messages';

export function GatewayClientsTab({ gateway, running }: { gateway: GatewayName; running: boolean }) {
  const { t } = useTranslation(['gateways', 'common']);
  const canWrite = useCanWrite();
  const [query, setQuery] = useState<ClientsQuery>({ page: 1, limit: 20 });
  const [open, setOpen] = useState<string>();
  const clients = useGatewayClientsQuery(gateway, query, running);
  const kick = useKickGatewayClientMutation(gateway);
  const lwm2m = gateway === 'lwm2m';
  const patch = (p: Partial<ClientsQuery>) => setQuery((q) => ({ ...q, ...p, page: p.page ?? 1 }));
  const kickButton = (id: string) => (
    <ConfirmAction
      title={t('kickConfirm', { id })}
      onConfirm={async () => {
        await kick.mutateAsync(id);
        if (open === id) setOpen(undefined);
      }}
      successMessage={t('kickSuccess')}
      danger
    >
      <Button size="small" danger aria-label={`${t('kick')} ${id}`}>
        {t('kick')}
      </Button>
    </ConfirmAction>
  );

  const columns: TableColumnsType<GatewayClient> = [
    {
      title: t('clientId'),
      key: 'clientid',
      render: (_: unknown, c) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(c.clientid)}>
          {c.clientid}
        </Button>
      ),
    },
    ...(lwm2m
      ? [
          { title: t('endpointName'), key: 'endpoint', render: (_: unknown, c: GatewayClient) => c.endpoint_name ?? '-' },
          { title: t('lifetime'), key: 'lifetime', render: (_: unknown, c: GatewayClient) => c.lifetime ?? '-' },
        ]
      : []),
    { title: t('username'), key: 'username', render: (_: unknown, c) => c.username ?? '-' },
    { title: t('status'), key: 'connected', render: (_: unknown, c) => <Tag color={c.connected ? 'success' : 'default'}>{t(c.connected ? 'connected' : 'disconnected')}</Tag> },
    { title: t('ipAddress'), key: 'ip', render: (_: unknown, c) => (c.ip_address ? `${c.ip_address}${c.port ? `:${c.port}` : ''}` : '-') },
    { title: t('connectedAt'), key: 'connected_at', render: (_: unknown, c) => (c.connected_at ? formatDateTime(c.connected_at) : '-') },
    ...(canWrite ? [{ title: t('common:actions'), key: 'actions', render: (_: unknown, c: GatewayClient) => kickButton(c.clientid) }] : []),
  ];

  if (!running) return <Alert type="info" showIcon title={t('notRunning')} />;
  return (
    <>
      <Flex gap="small" wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('searchClientId')}
          placeholder={t('searchClientId')}
          allowClear
          style={{ width: 240 }}
          onSearch={(v) => patch({ like_clientid: v.trim() || undefined })}
        />
        <Input.Search
          aria-label={t('searchUsername')}
          placeholder={t('searchUsername')}
          allowClear
          style={{ width: 240 }}
          onSearch={(v) => patch({ like_username: v.trim() || undefined })}
        />
        {lwm2m && (
          <Input.Search
            aria-label={t('searchEndpoint')}
            placeholder={t('searchEndpoint')}
            allowClear
            style={{ width: 240 }}
            onSearch={(v) => patch({ like_endpoint_name: v.trim() || undefined })}
          />
        )}
      </Flex>
      <PagedTable<GatewayClient> rowKey="clientid" columns={columns} data={clients.data} loading={clients.isLoading} query={query} onQueryChange={patch} />
      <ClientDrawer gateway={gateway} clientid={open} onClose={() => setOpen(undefined)} extra={open && canWrite ? kickButton(open) : undefined} />
    </>
  );
}

function ClientDrawer({ gateway, clientid, onClose, extra }: { gateway: GatewayName; clientid?: string; onClose: () => void; extra?: React.ReactNode }) {
  const { t } = useTranslation(['gateways', 'common']);
  const canWrite = useCanWrite();
  const client = useGatewayClientQuery(gateway, clientid);
  const subs = useGatewayClientSubsQuery(gateway, clientid);
  const unsubscribe = useUnsubscribeGatewayClientMutation(gateway, clientid ?? '');
  const c = client.data;
  const subColumns: TableColumnsType<GatewaySubscription> = [
    { title: t('topic'), dataIndex: 'topic' },
    { title: t('qos'), dataIndex: 'qos' },
    ...(canWrite
      ? [
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_: unknown, s: GatewaySubscription) => (
              <ConfirmAction title={t('unsubscribeConfirm', { topic: s.topic })} onConfirm={() => unsubscribe.mutateAsync(s.topic)} danger>
                <Button size="small" danger>
                  {t('unsubscribe')}
                </Button>
              </ConfirmAction>
            ),
          },
        ]
      : []),
  ];
  return (
    <Drawer open={!!clientid} onClose={onClose} size="large" title={t('clientDetail', { id: clientid ?? '' })} extra={extra} destroyOnHidden>
      {c && (
        <Descriptions column={1} size="small" bordered style={{ marginBottom: 24 }}>
          <Descriptions.Item label={t('clientId')}>{c.clientid}</Descriptions.Item>
          {c.endpoint_name !== undefined && <Descriptions.Item label={t('endpointName')}>{c.endpoint_name}</Descriptions.Item>}
          {c.lifetime !== undefined && <Descriptions.Item label={t('lifetime')}>{c.lifetime}</Descriptions.Item>}
          <Descriptions.Item label={t('username')}>{c.username ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('status')}>{t(c.connected ? 'connected' : 'disconnected')}</Descriptions.Item>
          <Descriptions.Item label={t('node')}>{c.node ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('ipAddress')}>{c.ip_address ? `${c.ip_address}${c.port ? `:${c.port}` : ''}` : '-'}</Descriptions.Item>
          <Descriptions.Item label={t('protocol')}>{[c.proto_name, c.proto_ver].filter(Boolean).join(' ') || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('keepalive')}>{c.keepalive ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('connectedAt')}>{c.connected_at ? formatDateTime(c.connected_at) : '-'}</Descriptions.Item>
          <Descriptions.Item label={t('received')}>
            {c.recv_msg ?? 0} / {c.recv_oct ?? 0}
          </Descriptions.Item>
          <Descriptions.Item label={t('sent')}>
            {c.send_msg ?? 0} / {c.send_oct ?? 0}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Table<GatewaySubscription>
        title={() => t('subscriptions')}
        size="small"
        rowKey="topic"
        columns={subColumns}
        dataSource={subs.data ?? []}
        loading={subs.isLoading}
        pagination={false}
        locale={{ emptyText: t('noSubscriptions') }}
      />
    </Drawer>
  );
}
