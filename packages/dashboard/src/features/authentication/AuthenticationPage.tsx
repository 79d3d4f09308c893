// Access Control › Authentication: the global chain in order, with status, metrics, enable and reordering.
import { Button, Dropdown, Empty, Flex, Switch, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListPage } from '../../shared/list/ListPage';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { StatusTag } from '../../shared/StatusTag';
import { useCanWrite } from '../../shared/useCanWrite';
import { formatNumber } from '../../shared/format';
import {
  useAuthenticatorsQuery,
  useAuthnStatusesQueries,
  useDeleteAuthenticatorMutation,
  useMoveAuthenticatorMutation,
  useUpdateAuthenticatorMutation,
} from './authentication.api';
import { authnId, type AuthnConfig } from './authentication.config';
import { backendLabel, mechanismLabel } from './authentication.labels';
import './authentication.messages';

type Row = AuthnConfig & { id: string };

export default function AuthenticationPage() {
  const { t } = useTranslation(['authentication', 'common']);
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const list = useAuthenticatorsQuery();
  const rows: Row[] = (list.data ?? []).map((c) => ({ ...c, id: c.id ?? authnId(c.mechanism, c.backend) }));
  const statuses = useAuthnStatusesQueries(rows.map((r) => r.id));
  const update = useUpdateAuthenticatorMutation();
  const move = useMoveAuthenticatorMutation();
  const del = useDeleteAuthenticatorMutation();

  const moveItems = (i: number) => [
    { key: 'front', label: t('moveFront'), disabled: i === 0 },
    { key: 'up', label: t('moveUp'), disabled: i === 0 },
    { key: 'down', label: t('moveDown'), disabled: i === rows.length - 1 },
    { key: 'rear', label: t('moveRear'), disabled: i === rows.length - 1 },
  ];
  const doMove = (i: number, key: string) => {
    const position = key === 'up' ? `before:${rows[i - 1].id}` : key === 'down' ? `after:${rows[i + 1].id}` : key;
    move.mutate({ id: rows[i].id, position });
  };

  const columns: TableColumnsType<Row> = [
    { title: t('mechanism'), dataIndex: 'mechanism', render: (m: string, r) => <Link to={`/authentication/detail/${encodeURIComponent(r.id)}`}>{mechanismLabel(t, m)}</Link> },
    { title: t('backend'), dataIndex: 'backend', render: (b?: string) => backendLabel(t, b) },
    {
      title: t('common:status'),
      key: 'status',
      render: (_, _r, i) => {
        const s = statuses[i]?.data;
        return s?.status ? <StatusTag status={s.status} /> : '-';
      },
    },
    { title: t('success'), key: 'success', render: (_, _r, i) => formatNumber(statuses[i]?.data?.metrics?.success) },
    { title: t('failed'), key: 'failed', render: (_, _r, i) => formatNumber(statuses[i]?.data?.metrics?.failed) },
    { title: t('rate'), key: 'rate', render: (_, _r, i) => formatNumber(statuses[i]?.data?.metrics?.rate) },
    {
      title: t('common:enable'),
      dataIndex: 'enable',
      render: (on: boolean | undefined, r) => (
        <Switch
          size="small"
          checked={on !== false}
          disabled={!canWrite}
          aria-label={`${t('common:enable')} ${r.id}`}
          onChange={(enable) => update.mutate({ id: r.id, config: { ...r, enable } })}
        />
      ),
    },
  ];
  if (canWrite) {
    columns.push({
      title: t('common:actions'),
      key: 'actions',
      render: (_, r, i) => (
        <Flex gap="small">
          <Button size="small" onClick={() => navigate(`/authentication/detail/${encodeURIComponent(r.id)}?tab=settings`)}>
            {t('settings')}
          </Button>
          <ConfirmAction title={t('deleteConfirm', { id: r.id })} onConfirm={() => del.mutateAsync(r.id)} successMessage={t('common:deleteSuccess')} danger>
            <Button size="small" danger>
              {t('common:delete')}
            </Button>
          </ConfirmAction>
          <Dropdown menu={{ items: moveItems(i), onClick: ({ key }) => doMove(i, key) }} trigger={['click']}>
            <Button size="small" icon={<MoreOutlined />} aria-label={`${t('common:more')} ${r.id}`} />
          </Dropdown>
        </Flex>
      ),
    });
  }

  return (
    <ListPage<Row>
      mode="all"
      title={t('title')}
      noRefresh
      actions={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/authentication/create')}>
            {t('common:create')}
          </Button>
        )
      }
      // No dataSource before the first answer: antd then shows only the spinner, never the empty state.
      list={{ data: list.data && rows }}
      loading={list.isPending}
      rowKey="id"
      columns={columns}
      table={{ scroll: { x: 'max-content' }, locale: { emptyText: <Empty description={<Typography.Text type="secondary">{t('empty')}</Typography.Text>} /> } }}
    />
  );
}
