// Integration › Rules › Actions (Sink) / Sources: every action or source with its type, connector, status (reason
// on hover) and enable switch; Settings, Reconnect, Duplicate and Delete (with the rules dialog of useDeleteFlow).
import { Button, Flex, Switch, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListPage } from '../../../shared/list/ListPage';
import { CreateButton } from '../../../shared/CreateButton';
import { useCanWrite } from '../../../shared/useCanWrite';
import { errorText } from '../../../shared/apiErrors';
import { isWebhookManaged, resourceId } from '../../connectors/connectors.api';
import { ResourceStatusTag } from '../../connectors/components/ResourceStatus';
import { TypeIcon } from '../../connectors/components/TypeIcon';
import { typeLabel } from '../../connectors/components/TypePicker';
import { useBridgesQuery, useEnableBridgeMutation, useReconnectBridgeMutation, type Bridge, type BridgeKind } from '../bridges.api';
import { BASE, useKindTexts } from './kind';
import { useDeleteFlow } from './useDeleteFlow';

export function BridgeListPage({ kind }: { kind: BridgeKind }) {
  const { t } = useTranslation(['actions', 'connectors', 'common']);
  const texts = useKindTexts(kind);
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const list = useBridgesQuery(kind, { poll: true });
  const enable = useEnableBridgeMutation(kind);
  const reconnect = useReconnectBridgeMutation(kind);
  const deletion = useDeleteFlow(kind);
  const base = BASE[kind];

  const columns: TableColumnsType<Bridge> = [
    {
      title: t('connectors:name'),
      key: 'name',
      render: (_: unknown, b) =>
        isWebhookManaged(b.name) ? (
          <Tooltip title={t('connectors:webhookManaged')}>
            <Typography.Text>{b.name}</Typography.Text>
          </Tooltip>
        ) : (
          <Link to={`${base}/${encodeURIComponent(resourceId(b.type, b.name))}`}>{b.name}</Link>
        ),
    },
    {
      title: t('connectors:type'),
      dataIndex: 'type',
      render: (type: string) => (
        <Flex gap="small" align="center">
          <TypeIcon type={type} />
          {typeLabel(type)}
        </Flex>
      ),
    },
    {
      title: t('connector'),
      key: 'connector',
      render: (_: unknown, b) => (b.connector ? <Link to={`/connector/${encodeURIComponent(resourceId(b.type, b.connector))}`}>{b.connector}</Link> : '-'),
    },
    { title: t('connectors:connectionStatus'), key: 'status', render: (_: unknown, b) => <ResourceStatusTag status={b.status} reason={b.status_reason} /> },
    {
      title: t('connectors:enable'),
      key: 'enable',
      render: (_: unknown, b) => (
        <Switch
          size="small"
          aria-label={`${t('connectors:enable')} ${b.name}`}
          checked={b.enable !== false}
          disabled={!canWrite || isWebhookManaged(b.name)}
          loading={enable.isPending && enable.variables?.id === resourceId(b.type, b.name)}
          onChange={(on) => enable.mutate({ id: resourceId(b.type, b.name), enable: on })}
        />
      ),
    },
    ...(canWrite
      ? [
          {
            title: t('common:actions'),
            key: 'ops',
            render: (_: unknown, b: Bridge) => {
              const id = resourceId(b.type, b.name);
              if (isWebhookManaged(b.name)) return <Link to="/webhook">{t('connectors:goWebhook')}</Link>;
              return (
                <Flex gap={4} wrap>
                  <Button size="small" type="link" onClick={() => navigate(`${base}/${encodeURIComponent(id)}?tab=settings`)}>
                    {t('connectors:settings')}
                  </Button>
                  {b.enable !== false && b.status !== 'connected' && (
                    <Button size="small" type="link" loading={reconnect.isPending && reconnect.variables === id} onClick={() => reconnect.mutate(id)}>
                      {t('connectors:reconnect')}
                    </Button>
                  )}
                  <Button size="small" type="link" onClick={() => navigate(`${base}/create`, { state: { copy: b } })}>
                    {t('connectors:duplicate')}
                  </Button>
                  <Button size="small" type="link" danger onClick={() => deletion.ask(id)}>
                    {t('common:delete')}
                  </Button>
                </Flex>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <ListPage<Bridge>
      mode="all"
      title={texts.title}
      list={list}
      loading={list.isLoading}
      errorText={list.isError ? errorText(list.error) : undefined}
      actions={canWrite && <CreateButton onClick={() => navigate(`${base}/create`)}>{t('common:create')}</CreateButton>}
      rowKey={(b) => resourceId(b.type, b.name)}
      columns={columns}
    >
      {deletion.holder}
    </ListPage>
  );
}
