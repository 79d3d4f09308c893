// Access Control › Authorization: sources in check order, with status, metrics, enable and moves;
// global settings (no match, deny action, cache) and the explain panel.
import { useState } from 'react';
import { Button, Dropdown, Empty, Flex, Switch, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { MoreOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListPage } from '../../shared/list/ListPage';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { useCanWrite } from '../../shared/useCanWrite';
import { useDeleteSourceMutation, useMoveSourceMutation, useSourcesQuery, useUpdateSourceMutation } from './authorization.api';
import type { AuthzSource } from './authorization.config';
import { sourceTypeLabel } from './authorization.labels';
import { AuthzSettingsDrawer } from './components/AuthzSettingsDrawer';
import { ExplainButton, ExplainDrawer } from './components/ExplainDrawer';
import { SourceMetricCell, SourceStatusCell } from './components/SourceStatusCells';
import './authorization.messages';

export default function AuthorizationPage() {
  const { t } = useTranslation(['authorization', 'common']);
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const [drawer, setDrawer] = useState<'settings' | 'explain' | null>(null);
  const sources = useSourcesQuery();
  const rows = sources.data ?? [];
  const update = useUpdateSourceMutation();
  const move = useMoveSourceMutation();
  const del = useDeleteSourceMutation();

  const doMove = (i: number, key: string) => {
    const position = key === 'up' ? `before:${rows[i - 1].type}` : key === 'down' ? `after:${rows[i + 1].type}` : key;
    move.mutate({ type: rows[i].type, position });
  };
  const columns: TableColumnsType<AuthzSource> = [
    { title: t('type'), dataIndex: 'type', render: (type: string) => <Link to={`/authorization/detail/${type}`}>{sourceTypeLabel(t, type)}</Link> },
    { title: t('common:status'), key: 'status', render: (_, r) => <SourceStatusCell type={r.type} /> },
    { title: t('allow'), key: 'allow', render: (_, r) => <SourceMetricCell type={r.type} metric="allow" /> },
    { title: t('deny'), key: 'deny', render: (_, r) => <SourceMetricCell type={r.type} metric="deny" /> },
    { title: t('nomatch'), key: 'nomatch', render: (_, r) => <SourceMetricCell type={r.type} metric="nomatch" /> },
    {
      title: t('common:enable'),
      dataIndex: 'enable',
      render: (on: boolean | undefined, r) => (
        <Switch size="small" checked={on !== false} disabled={!canWrite} aria-label={`${t('common:enable')} ${r.type}`} onChange={(enable) => update.mutate({ ...r, enable })} />
      ),
    },
  ];
  if (canWrite) {
    columns.push({
      title: t('common:actions'),
      key: 'actions',
      render: (_, r, i) => (
        <Flex gap="small">
          <Button size="small" onClick={() => navigate(`/authorization/detail/${r.type}?tab=settings`)}>
            {t('settings')}
          </Button>
          <ConfirmAction title={t('deleteConfirm', { type: r.type })} onConfirm={() => del.mutateAsync(r.type)} successMessage={t('common:deleteSuccess')} danger>
            <Button size="small" danger>
              {t('common:delete')}
            </Button>
          </ConfirmAction>
          <Dropdown
            trigger={['click']}
            menu={{
              onClick: ({ key }) => doMove(i, key),
              items: [
                { key: 'front', label: t('moveFront'), disabled: i === 0 },
                { key: 'up', label: t('moveUp'), disabled: i === 0 },
                { key: 'down', label: t('moveDown'), disabled: i === rows.length - 1 },
                { key: 'rear', label: t('moveRear'), disabled: i === rows.length - 1 },
              ],
            }}
          >
            <Button size="small" icon={<MoreOutlined />} aria-label={`${t('common:more')} ${r.type}`} />
          </Dropdown>
        </Flex>
      ),
    });
  }

  return (
    <ListPage<AuthzSource>
      mode="all"
      title={t('title')}
      noRefresh
      actions={
        <>
          <ExplainButton onClick={() => setDrawer('explain')} />
          <Button icon={<SettingOutlined />} onClick={() => setDrawer('settings')}>
            {t('globalSettings')}
          </Button>
          {canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/authorization/create')}>
              {t('common:create')}
            </Button>
          )}
        </>
      }
      // No dataSource before the first answer: antd then shows only the spinner, never the empty state.
      list={sources}
      loading={sources.isPending}
      rowKey="type"
      columns={columns}
      table={{ scroll: { x: 'max-content' }, locale: { emptyText: <Empty description={<Typography.Text type="secondary">{t('empty')}</Typography.Text>} /> } }}
    >
      <AuthzSettingsDrawer open={drawer === 'settings'} onClose={() => setDrawer(null)} />
      <ExplainDrawer open={drawer === 'explain'} onClose={() => setDrawer(null)} />
    </ListPage>
  );
}
