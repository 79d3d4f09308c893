// The listeners of a gateway: a table with Add, Edit and Delete. The detail page's tab works on the node
// (GET/POST/PUT/DELETE /gateways/{name}/listeners…); the setup wizard keeps its list in memory (`local`).
import { useState } from 'react';
import { Button, Flex, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { CreateButton } from '../../../shared/CreateButton';
import { useCanWrite } from '../../../shared/useCanWrite';
import { useDeleteGatewayListenerMutation, useGatewayListenersQuery } from '../gateways.api';
import type { GatewayListener, GatewayName, ListenerValues } from '../gateways.config';
import { GatewayListenerDrawer } from './GatewayListenerDrawer';
import '../gateways.messages';

interface TableProps {
  gateway: GatewayName;
  rows: GatewayListener[];
  loading?: boolean;
  /** false: read-only (viewer role) */
  canWrite: boolean;
  onAdd: () => void;
  onEdit: (l: GatewayListener) => void;
  onDelete: (l: GatewayListener) => Promise<unknown>;
  /** show the running column (not for listeners not yet created) */
  live: boolean;
}

const idOf = (gateway: string, l: GatewayListener) => l.id ?? `${gateway}:${l.type}:${l.name}`;

function ListenersTable({ gateway, rows, loading, canWrite, onAdd, onEdit, onDelete, live }: TableProps) {
  const { t } = useTranslation(['gateways', 'common']);
  const columns: TableColumnsType<GatewayListener> = [
    { title: t('listenerName'), key: 'name', render: (_: unknown, l) => l.name },
    { title: t('type'), key: 'type', render: (_: unknown, l) => (l.type ?? '').toUpperCase() },
    { title: t('bind'), key: 'bind', render: (_: unknown, l) => l.bind },
    { title: t('maxConnections'), key: 'max', render: (_: unknown, l) => String(l.max_connections) },
    { title: t('maxConnRate'), key: 'rate', render: (_: unknown, l) => l.max_conn_rate },
    ...(live
      ? [
          {
            title: t('status'),
            key: 'running',
            render: (_: unknown, l: GatewayListener) => <Tag color={l.running ? 'success' : 'default'}>{t(l.running ? 'running_yes' : 'running_no')}</Tag>,
          },
        ]
      : []),
    ...(canWrite
      ? [
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_: unknown, l: GatewayListener) => (
              <Flex gap="small">
                <Button size="small" aria-label={`${t('common:edit')} ${idOf(gateway, l)}`} onClick={() => onEdit(l)}>
                  {t('common:edit')}
                </Button>
                <ConfirmAction title={t('deleteListenerConfirm', { id: idOf(gateway, l) })} onConfirm={() => onDelete(l)} successMessage={t('common:deleteSuccess')} danger>
                  <Button size="small" danger aria-label={`${t('common:delete')} ${idOf(gateway, l)}`}>
                    {t('common:delete')}
                  </Button>
                </ConfirmAction>
              </Flex>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      {canWrite && (
        <Flex justify="flex-end" style={{ marginBottom: 16 }}>
          <CreateButton onClick={onAdd}>{t('addListener')}</CreateButton>
        </Flex>
      )}
      <Table<GatewayListener>
        size="middle"
        rowKey={(l) => idOf(gateway, l)}
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        locale={{ emptyText: t('noListeners') }}
      />
    </>
  );
}

/** The detail page's Listeners tab. */
export function GatewayListenersTab({ gateway }: { gateway: GatewayName }) {
  const canWrite = useCanWrite();
  const list = useGatewayListenersQuery(gateway);
  const del = useDeleteGatewayListenerMutation(gateway);
  const [dialog, setDialog] = useState<{ editing?: GatewayListener } | null>(null);
  const rows = list.data ?? [];
  return (
    <>
      <ListenersTable
        gateway={gateway}
        rows={rows}
        loading={list.isLoading}
        canWrite={canWrite}
        live
        onAdd={() => setDialog({})}
        onEdit={(l) => setDialog({ editing: l })}
        onDelete={(l) => del.mutateAsync(idOf(gateway, l))}
      />
      <GatewayListenerDrawer gateway={gateway} open={dialog !== null} editing={dialog?.editing} taken={rows.map((l) => `${l.type}:${l.name}`)} onClose={() => setDialog(null)} />
    </>
  );
}

/** The setup wizard's listeners step: the list lives in the wizard until the gateway is set up. */
export function LocalListeners({ gateway, value, onChange }: { gateway: GatewayName; value: ListenerValues[]; onChange: (v: ListenerValues[]) => void }) {
  const [dialog, setDialog] = useState<{ index?: number } | null>(null);
  const rows = value as unknown as GatewayListener[];
  const index = (l: GatewayListener) => rows.indexOf(l);
  return (
    <>
      <ListenersTable
        gateway={gateway}
        rows={rows}
        canWrite
        live={false}
        onAdd={() => setDialog({})}
        onEdit={(l) => setDialog({ index: index(l) })}
        onDelete={(l) => {
          onChange(value.filter((_, i) => i !== index(l)));
          return Promise.resolve();
        }}
      />
      <GatewayListenerDrawer
        gateway={gateway}
        open={dialog !== null}
        editing={dialog?.index !== undefined ? rows[dialog.index] : undefined}
        taken={value.map((l) => `${l.type}:${l.name}`)}
        onClose={() => setDialog(null)}
        onSave={(l) => onChange(dialog?.index !== undefined ? value.map((x, i) => (i === dialog.index ? l : x)) : [...value, l])}
      />
    </>
  );
}
