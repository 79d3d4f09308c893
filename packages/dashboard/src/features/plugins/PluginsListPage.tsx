// Management › Plugins (EMQX console /plugins): the installed plugins in boot order with name, author, version,
// status (Active/Inactive per node, with the reason a node reports) and description; Start/Stop, move to top or
// bottom, Uninstall (confirmed) per row; Install plugin opens the upload screen.
import { Alert, Button, Flex, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../app/bridge';
import { ListPage } from '../../shared/list/ListPage';
import { CreateButton } from '../../shared/CreateButton';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { errorText } from '../../shared/apiErrors';
import { useCanWrite } from '../../shared/useCanWrite';
import { useMovePluginMutation, usePluginActionMutation, usePluginsQuery, useUninstallPluginMutation } from './plugins.api';
import { isRunning, nameVsnOf, type Plugin } from './plugins.types';
import { PluginStatus } from './components/PluginStatus';
import './plugins.messages';

export const authorsOf = (p: Plugin) => (p.authors ?? p.author ?? []).join(', ');

export default function PluginsListPage() {
  const { t } = useTranslation(['plugins', 'common']);
  const { token } = theme.useToken();
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const list = usePluginsQuery();
  const action = usePluginActionMutation();
  const move = useMovePluginMutation();
  const uninstall = useUninstallPluginMutation();
  const detail = (p: Plugin) => `/plugins/detail/${encodeURIComponent(nameVsnOf(p))}`;

  const columns: TableColumnsType<Plugin> = [
    { title: t('name'), key: 'name', render: (_: unknown, r) => <Link to={detail(r)}>{r.name}</Link> },
    { title: t('author'), key: 'author', render: (_: unknown, r) => authorsOf(r) || '-' },
    { title: t('version'), key: 'version', render: (_: unknown, r) => r.rel_vsn },
    { title: t('status'), key: 'status', render: (_: unknown, r) => <PluginStatus plugin={r} /> },
    {
      title: t('description'),
      key: 'description',
      render: (_: unknown, r) => (
        <Typography.Text ellipsis={{ tooltip: r.description }} style={{ maxWidth: 320 }}>
          {r.description}
        </Typography.Text>
      ),
    },
    ...(canWrite
      ? [
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_: unknown, r: Plugin) => {
              const nv = nameVsnOf(r);
              const running = isRunning(r);
              return (
                <Flex gap="small" wrap>
                  <Button
                    size="small"
                    aria-label={`${t(running ? 'stop' : 'start')} ${nv}`}
                    loading={action.isPending && action.variables?.nameVsn === nv}
                    onClick={() =>
                      action.mutate({ nameVsn: nv, action: running ? 'stop' : 'start' }, { onSuccess: () => void toast().success(t(running ? 'stopSuccess' : 'startSuccess')) })
                    }
                  >
                    {t(running ? 'stop' : 'start')}
                  </Button>
                  <Button size="small" aria-label={`${t('moveToTop')} ${nv}`} onClick={() => move.mutate({ nameVsn: nv, position: 'front' })}>
                    {t('moveToTop')}
                  </Button>
                  <Button size="small" aria-label={`${t('moveToBottom')} ${nv}`} onClick={() => move.mutate({ nameVsn: nv, position: 'rear' })}>
                    {t('moveToBottom')}
                  </Button>
                  <ConfirmAction title={t('uninstallConfirm', { name: nv })} onConfirm={() => uninstall.mutateAsync(nv)} successMessage={t('uninstalledSuccessfully')} danger>
                    <Button size="small" danger aria-label={`${t('uninstall')} ${nv}`}>
                      {t('uninstall')}
                    </Button>
                  </ConfirmAction>
                </Flex>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <ListPage<Plugin>
      mode="all"
      title={t('title')}
      list={list}
      loading={list.isLoading}
      errorText={list.isError ? errorText(list.error) : undefined}
      actions={canWrite && <CreateButton onClick={() => navigate('/plugins/install')}>{t('installPlugin')}</CreateButton>}
      toolbar={<Alert type="info" showIcon title={t('intro')} style={{ marginBottom: token.margin }} />}
      rowKey={(r) => nameVsnOf(r)}
      columns={columns}
      table={{ locale: { emptyText: t('empty') } }}
    />
  );
}
