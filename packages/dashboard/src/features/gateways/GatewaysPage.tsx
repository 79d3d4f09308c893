// Management › Gateways (EMQX console /gateway): the five gateways with a description, status, current connections
// and listeners; a loaded gateway has an enable switch (disabling asks first: it closes every connection), Settings and
// Clients; an unloaded one has Setup (the wizard at /gateway/create/{name}).
import { Alert, Button, Flex, Switch, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../app/bridge';
import { ListPage } from '../../shared/list/ListPage';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { errorText } from '../../shared/apiErrors';
import { useCanWrite } from '../../shared/useCanWrite';
import { useEnableGatewayMutation, useGatewaysQuery } from './gateways.api';
import { GATEWAY_LABELS, GATEWAY_NAMES, isGatewayName, statusOf, type GatewayName, type GatewayOverview } from './gateways.config';
import { GatewayStatusTag } from './components/GatewayStatusTag';
import './gateways.messages';

export default function GatewaysPage() {
  const { t } = useTranslation(['gateways', 'common']);
  const { token } = theme.useToken();
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const list = useGatewaysQuery();
  const enable = useEnableGatewayMutation();
  // the five gateways of the open-source edition that the node lists, in a fixed order (an enterprise node lists
  // more: not managed here; our node leaves out a gateway it cannot load)
  const rows = list.data && GATEWAY_NAMES.flatMap((n) => list.data.find((g) => g.name === n) ?? []);
  const detail = (name: string, tab?: string) => `/gateway/detail/${name}${tab ? `?tab=${tab}` : ''}`;

  const toggle = (name: GatewayName, on: boolean) => enable.mutateAsync({ name, enable: on }).then(() => void toast().success(t(on ? 'enableSuccess' : 'disableSuccess')));

  const columns: TableColumnsType<GatewayOverview> = [
    {
      title: t('name'),
      key: 'name',
      render: (_: unknown, g) => {
        const name = g.name as GatewayName;
        return statusOf(g) === 'unloaded' ? <strong>{GATEWAY_LABELS[name]}</strong> : <Link to={detail(name)}>{GATEWAY_LABELS[name]}</Link>;
      },
    },
    {
      title: t('description'),
      key: 'description',
      render: (_: unknown, g) => (
        <Typography.Text type="secondary" style={{ maxWidth: 420, display: 'inline-block' }}>
          {isGatewayName(g.name ?? '') ? t(`desc_${g.name as GatewayName}`) : ''}
        </Typography.Text>
      ),
    },
    { title: t('status'), key: 'status', render: (_: unknown, g) => <GatewayStatusTag status={statusOf(g)} /> },
    { title: t('currentConnections'), key: 'conns', render: (_: unknown, g) => (statusOf(g) === 'unloaded' ? '-' : (g.current_connections ?? 0)) },
    { title: t('listeners'), key: 'listeners', render: (_: unknown, g) => (statusOf(g) === 'unloaded' ? '-' : (g.listeners?.length ?? 0)) },
    {
      title: t('enable'),
      key: 'enable',
      render: (_: unknown, g) => {
        const name = g.name as GatewayName;
        const status = statusOf(g);
        if (status === 'unloaded') return '-';
        const running = status === 'running';
        const busy = enable.isPending && enable.variables?.name === name;
        const sw = <Switch size="small" aria-label={`${t('enable')} ${GATEWAY_LABELS[name]}`} checked={running} disabled={!canWrite} loading={busy} />;
        // switching off closes every connection: asked first; switching on is immediate
        return running ? (
          <ConfirmAction title={t('disableConfirm', { name: GATEWAY_LABELS[name] })} onConfirm={() => toggle(name, false)} successMessage={false} danger disabled={!canWrite}>
            {sw}
          </ConfirmAction>
        ) : (
          <Switch
            size="small"
            aria-label={`${t('enable')} ${GATEWAY_LABELS[name]}`}
            checked={false}
            disabled={!canWrite}
            loading={busy}
            onChange={() => void toggle(name, true).catch((e: unknown) => void toast().error(errorText(e)))}
          />
        );
      },
    },
    {
      title: t('common:actions'),
      key: 'actions',
      render: (_: unknown, g) => {
        const name = g.name as GatewayName;
        const status = statusOf(g);
        if (status === 'unloaded')
          return canWrite ? (
            <Button size="small" type="primary" aria-label={`${t('setup')} ${GATEWAY_LABELS[name]}`} onClick={() => navigate(`/gateway/create/${name}`)}>
              {t('setup')}
            </Button>
          ) : null;
        return (
          <Flex gap="small" wrap>
            <Button size="small" aria-label={`${t('settings')} ${GATEWAY_LABELS[name]}`} onClick={() => navigate(detail(name, 'settings'))}>
              {t('settings')}
            </Button>
            <Button size="small" aria-label={`${t('clients')} ${GATEWAY_LABELS[name]}`} disabled={status !== 'running'} onClick={() => navigate(detail(name, 'clients'))}>
              {t('clients')}
            </Button>
          </Flex>
        );
      },
    },
  ];

  return (
    <ListPage<GatewayOverview>
      mode="all"
      title={t('title')}
      list={{ ...list, data: rows }}
      loading={list.isLoading}
      errorText={list.isError ? errorText(list.error) : undefined}
      toolbar={<Alert type="info" showIcon title={t('intro')} style={{ marginBottom: token.margin }} />}
      rowKey={(g) => g.name ?? ''}
      columns={columns}
    />
  );
}
