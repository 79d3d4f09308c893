// Management › ExHooks (EMQX console /exhook): every server in call order with its URL, status, number of
// registered hooks, call metrics and enable switch; Settings, move to top/bottom and Delete per row.
import { Alert, Button, Flex, Switch, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../app/bridge';
import { ListPage } from '../../shared/list/ListPage';
import { CreateButton } from '../../shared/CreateButton';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { errorText } from '../../shared/apiErrors';
import { useCanWrite } from '../../shared/useCanWrite';
import { configOf, useDeleteExhookMutation, useExhooksQuery, useMoveExhookMutation, useUpdateExhookMutation } from './exhook.api';
import { statusOf, type ExhookServer } from './exhook.types';
import { ExhookStatus } from './components/ExhookStatus';
import './exhook.messages';

export default function ExhookListPage() {
  const { t } = useTranslation(['exhook', 'common']);
  const { token } = theme.useToken();
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const list = useExhooksQuery();
  const update = useUpdateExhookMutation();
  const del = useDeleteExhookMutation();
  const move = useMoveExhookMutation();
  const detail = (name: string) => `/exhook/detail/${encodeURIComponent(name)}`;

  const columns: TableColumnsType<ExhookServer> = [
    { title: t('name'), key: 'name', render: (_: unknown, r) => <Link to={detail(r.name)}>{r.name}</Link> },
    {
      title: t('url'),
      key: 'url',
      render: (_: unknown, r) => (
        <Typography.Text ellipsis={{ tooltip: r.url }} style={{ maxWidth: 260 }}>
          {r.url}
        </Typography.Text>
      ),
    },
    { title: t('status'), key: 'status', render: (_: unknown, r) => <ExhookStatus status={statusOf(r)} /> },
    { title: t('numberOfHooks'), key: 'hooks', render: (_: unknown, r) => r.hooks.length },
    { title: t('succeed'), key: 'succeed', render: (_: unknown, r) => r.metrics.succeed },
    { title: t('failed'), key: 'failed', render: (_: unknown, r) => r.metrics.failed },
    { title: `${t('rate')} (${t('rateUnit')})`, key: 'rate', render: (_: unknown, r) => r.metrics.rate },
    {
      title: t('enable'),
      key: 'enable',
      render: (_: unknown, r) => (
        <Switch
          size="small"
          aria-label={`${t('enable')} ${r.name}`}
          checked={r.enable}
          disabled={!canWrite}
          loading={update.isPending && update.variables?.name === r.name}
          onChange={(on) =>
            update.mutate(
              { ...configOf(r), enable: on },
              {
                onSuccess: () => void toast().success(t(on ? 'enableSuccess' : 'disableSuccess')),
                onError: (e) => void toast().error(errorText(e)),
              },
            )
          }
        />
      ),
    },
    ...(canWrite
      ? [
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_: unknown, r: ExhookServer) => (
              <Flex gap="small" wrap>
                <Button size="small" onClick={() => navigate(`${detail(r.name)}?tab=settings`)}>
                  {t('setting')}
                </Button>
                <Button
                  size="small"
                  aria-label={`${t('moveUp')} ${r.name}`}
                  onClick={() => move.mutate({ name: r.name, position: 'front' }, { onError: (e) => void toast().error(errorText(e)) })}
                >
                  {t('moveUp')}
                </Button>
                <Button
                  size="small"
                  aria-label={`${t('moveDown')} ${r.name}`}
                  onClick={() => move.mutate({ name: r.name, position: 'rear' }, { onError: (e) => void toast().error(errorText(e)) })}
                >
                  {t('moveDown')}
                </Button>
                <ConfirmAction title={t('deleteConfirm', { name: r.name })} onConfirm={() => del.mutateAsync(r.name)} successMessage={t('common:deleteSuccess')} danger>
                  <Button size="small" danger aria-label={`${t('common:delete')} ${r.name}`}>
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
    <ListPage<ExhookServer>
      mode="all"
      title={t('title')}
      list={list}
      loading={list.isLoading}
      errorText={list.isError ? errorText(list.error) : undefined}
      actions={canWrite && <CreateButton onClick={() => navigate('/exhook/create')}>{t('addExhook')}</CreateButton>}
      toolbar={<Alert type="info" showIcon title={t('intro')} style={{ marginBottom: token.margin }} />}
      rowKey="name"
      columns={columns}
      table={{ locale: { emptyText: t('empty') } }}
    />
  );
}
