// Integration › Connectors: every connector with its type, status (reason on hover), enable switch, and Settings,
// Reconnect, Duplicate, Delete. A connector still used by actions or sources is not deleted: the dialog names them.
// Connectors of a webhook are shown but managed on the webhook pages (spec 001 §4).
import { Button, Flex, Modal, Switch, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListPage } from '../../shared/list/ListPage';
import { CreateButton } from '../../shared/CreateButton';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { useCanWrite } from '../../shared/useCanWrite';
import { errorText } from '../../shared/apiErrors';
import {
  isWebhookManaged,
  resourceId,
  useConnectorOperationMutation,
  useConnectorsQuery,
  useDeleteConnectorMutation,
  useEnableConnectorMutation,
  type Connector,
} from './connectors.api';
import { ResourceStatusTag } from './components/ResourceStatus';
import { TypeIcon } from './components/TypeIcon';
import { typeLabel } from './components/TypePicker';
import { DependantsList } from './components/DependantsList';
import './connectors.messages';

export default function ConnectorsPage() {
  const { t } = useTranslation(['connectors', 'common']);
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const list = useConnectorsQuery({ poll: true });
  const del = useDeleteConnectorMutation();
  const enable = useEnableConnectorMutation();
  const op = useConnectorOperationMutation();
  const [modal, holder] = Modal.useModal();

  const toggle = (c: Connector, on: boolean) => {
    const id = resourceId(c.type, c.name);
    const users = [...(c.actions ?? []), ...(c.sources ?? [])];
    if (on || users.length === 0) return enable.mutate({ id, enable: on });
    void modal.confirm({
      title: t('disableConfirm', { id }),
      content: <DependantsList type={c.type} actions={c.actions} sources={c.sources} />,
      onOk: () => enable.mutateAsync({ id, enable: false }),
    });
  };

  const askDelete = (c: Connector) => {
    void modal.warning({
      title: t('confirmDelete'),
      content: <DependantsList intro={t('deleteBlocked')} type={c.type} actions={c.actions} sources={c.sources} />,
      okText: t('common:close'),
    });
  };

  const columns: TableColumnsType<Connector> = [
    {
      title: t('name'),
      key: 'name',
      render: (_: unknown, c) =>
        isWebhookManaged(c.name) ? (
          <Tooltip title={t('webhookManaged')}>
            <Typography.Text>{c.name}</Typography.Text>
          </Tooltip>
        ) : (
          <Link to={`/connector/${encodeURIComponent(resourceId(c.type, c.name))}`}>{c.name}</Link>
        ),
    },
    {
      title: t('type'),
      dataIndex: 'type',
      render: (type: string) => (
        <Flex gap="small" align="center">
          <TypeIcon type={type} />
          {typeLabel(type)}
        </Flex>
      ),
    },
    { title: t('connectionStatus'), key: 'status', render: (_: unknown, c) => <ResourceStatusTag status={c.status} reason={c.status_reason} /> },
    {
      title: t('enable'),
      key: 'enable',
      render: (_: unknown, c) => (
        <Switch
          size="small"
          aria-label={`${t('enable')} ${c.name}`}
          checked={c.enable !== false}
          disabled={!canWrite || isWebhookManaged(c.name)}
          loading={enable.isPending && enable.variables?.id === resourceId(c.type, c.name)}
          onChange={(on) => toggle(c, on)}
        />
      ),
    },
    { title: t('note'), dataIndex: 'description', render: (d?: string) => d || '-' },
    ...(canWrite
      ? [
          {
            title: t('common:actions'),
            key: 'ops',
            render: (_: unknown, c: Connector) => {
              const id = resourceId(c.type, c.name);
              if (isWebhookManaged(c.name)) return <Link to="/webhook">{t('goWebhook')}</Link>;
              const inUse = (c.actions?.length ?? 0) + (c.sources?.length ?? 0) > 0;
              return (
                <Flex gap={4} wrap>
                  <Button size="small" type="link" onClick={() => navigate(`/connector/${encodeURIComponent(id)}?tab=settings`)}>
                    {t('settings')}
                  </Button>
                  {c.enable !== false && c.status !== 'connected' && (
                    <Button size="small" type="link" loading={op.isPending && op.variables?.id === id} onClick={() => op.mutate({ id, operation: 'start' })}>
                      {t('reconnect')}
                    </Button>
                  )}
                  <Button size="small" type="link" onClick={() => navigate('/connector/create', { state: { copy: c } })}>
                    {t('duplicate')}
                  </Button>
                  {inUse ? (
                    <Button size="small" type="link" danger onClick={() => askDelete(c)}>
                      {t('common:delete')}
                    </Button>
                  ) : (
                    <ConfirmAction title={t('deleteConfirm', { id })} onConfirm={() => del.mutateAsync(id)} successMessage={t('common:deleteSuccess')} danger>
                      <Button size="small" type="link" danger>
                        {t('common:delete')}
                      </Button>
                    </ConfirmAction>
                  )}
                </Flex>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <ListPage<Connector>
      mode="all"
      title={t('title')}
      list={list}
      loading={list.isLoading}
      errorText={list.isError ? errorText(list.error) : undefined}
      actions={canWrite && <CreateButton onClick={() => navigate('/connector/create')}>{t('common:create')}</CreateButton>}
      rowKey={(c) => resourceId(c.type, c.name)}
      columns={columns}
    >
      {holder}
    </ListPage>
  );
}
