// Diagnostics › Log Trace: the traces with their subject, window, status and log size; view, download, stop
// and delete each; create one.
import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shared/list/ListPage';
import { CreateButton } from '../../shared/CreateButton';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { StatusTag } from '../../shared/StatusTag';
import { useCanWrite } from '../../shared/useCanWrite';
import { formatBytes, formatDateTime } from '../../shared/format';
import { filterOf, useDeleteTraceMutation, useStopTraceMutation, useTracesQuery, type Trace } from './log-trace.api';
import { encodeLabel, formatterLabel, traceTypeLabel } from './log-trace.labels';
import { CreateTraceModal } from './components/CreateTraceModal';
import { useTraceDownload } from './useTraceDownload';
import './log-trace.messages';

const detailPath = (name: string) => `/log-trace/detail/${encodeURIComponent(name)}`;
const totalSize = (t: Trace) => Object.values(t.log_size).reduce((a, b) => a + b, 0);

export default function LogTracePage() {
  const { t } = useTranslation(['logTrace', 'common']);
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const { downloading, download } = useTraceDownload();
  const traces = useTracesQuery();
  const stop = useStopTraceMutation();
  const del = useDeleteTraceMutation();

  const columns: TableColumnsType<Trace> = [
    { title: t('name'), dataIndex: 'name', render: (name: string) => <Link to={detailPath(name)}>{name}</Link> },
    { title: t('type'), dataIndex: 'type', render: (type: Trace['type']) => traceTypeLabel(t, type) },
    { title: t('filter'), key: 'filter', render: (_: unknown, row) => <Typography.Text code>{filterOf(row)}</Typography.Text> },
    { title: t('startTime'), dataIndex: 'start_at', render: (v: string) => formatDateTime(v) },
    { title: t('endTime'), dataIndex: 'end_at', render: (v: string) => formatDateTime(v) },
    { title: t('status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
    { title: t('payloadEncode'), dataIndex: 'payload_encode', render: (e: Trace['payload_encode']) => encodeLabel(t, e) },
    { title: t('formatter'), dataIndex: 'formatter', render: (f: Trace['formatter']) => formatterLabel(t, f) },
    {
      title: t('logSize'),
      key: 'log_size',
      // one node: its size; a cluster: each node's
      render: (_: unknown, row) => {
        const sizes = Object.entries(row.log_size);
        if (sizes.length <= 1) return formatBytes(totalSize(row));
        return (
          <Flex vertical>
            {sizes.map(([node, size]) => (
              <span key={node}>
                {node}: {formatBytes(size)}
              </span>
            ))}
          </Flex>
        );
      },
    },
    {
      title: t('common:actions'),
      key: 'actions',
      render: (_: unknown, row) => (
        <Flex gap={8} wrap>
          <Button size="small" onClick={() => void navigate(detailPath(row.name))}>
            {t('view')}
          </Button>
          <Button size="small" loading={downloading === row.name} disabled={totalSize(row) === 0} onClick={() => void download(row.name)}>
            {t('download')}
          </Button>
          {canWrite && row.status !== 'stopped' && (
            <ConfirmAction title={t('stopConfirm', { name: row.name })} onConfirm={() => stop.mutateAsync(row.name)} successMessage={t('stopSuccess')}>
              <Button size="small">{t('stop')}</Button>
            </ConfirmAction>
          )}
          {canWrite && (
            <ConfirmAction title={t('deleteConfirm', { name: row.name })} onConfirm={() => del.mutateAsync(row.name)} successMessage={t('deleteSuccess')} danger>
              <Button size="small" danger>
                {t('common:delete')}
              </Button>
            </ConfirmAction>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <ListPage<Trace>
      mode="all"
      title={t('title')}
      list={traces}
      loading={traces.isLoading}
      actions={canWrite && <CreateButton onClick={() => setCreating(true)}>{t('create')}</CreateButton>}
      rowKey="name"
      columns={columns}
    >
      <CreateTraceModal open={creating} onClose={() => setCreating(false)} />
    </ListPage>
  );
}
