// Integration › Webhooks: every webhook (the connectors, actions and rules named `<name>_WH_D`, joined) with its
// trigger, URL, status, enable switch (the three objects together), Settings and Delete (the three objects).
import { Alert, Button, Flex, Switch, Tag, Tooltip, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../app/bridge';
import { ListPage } from '../../shared/list/ListPage';
import { CreateButton } from '../../shared/CreateButton';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { ResourceStatusTag } from '../connectors/components/ResourceStatus';
import { errorText } from '../../shared/apiErrors';
import { useCanWrite } from '../../shared/useCanWrite';
import { useDeleteWebhookMutation, useToggleWebhookMutation, useWebhooksQuery } from './webhook.api';
import { webhookErrorText, partName } from './webhook.errors';
import { webhookStatus, type WebhookRow } from './webhook.model';
import { TriggerTags } from './components/TriggerTags';
import './webhook.messages';

const rowName = (r: WebhookRow) => (r.complete ? r.webhook.fullName : r.partial.fullName);

export default function WebhookListPage() {
  const { t } = useTranslation(['webhook', 'common']);
  const { token } = theme.useToken();
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const list = useWebhooksQuery();
  const toggle = useToggleWebhookMutation();
  const del = useDeleteWebhookMutation();

  const remove = (fullName: string) =>
    del.mutateAsync(fullName).catch((e: unknown) => {
      void toast().error(webhookErrorText('delete', e));
      throw e;
    });

  const columns: TableColumnsType<WebhookRow> = [
    {
      title: t('name'),
      key: 'name',
      render: (_: unknown, r) => (
        <Typography.Text ellipsis={{ tooltip: rowName(r) }} style={{ maxWidth: '100%' }}>
          {r.complete ? <Link to={`/webhook/${encodeURIComponent(r.webhook.fullName)}`}>{r.webhook.fullName}</Link> : r.partial.fullName}
        </Typography.Text>
      ),
    },
    { title: t('trigger'), key: 'trigger', render: (_: unknown, r) => <TriggerTags from={r.complete ? r.webhook.rule.from : (r.partial.rule?.from ?? [])} /> },
    {
      title: t('url'),
      key: 'url',
      render: (_: unknown, r) => {
        const url = r.complete ? r.webhook.connector.url : r.partial.connector?.url;
        return url ? (
          <Typography.Text ellipsis={{ tooltip: url }} style={{ maxWidth: '100%' }}>
            {url}
          </Typography.Text>
        ) : (
          '-'
        );
      },
    },
    {
      title: t('status'),
      key: 'status',
      width: 130,
      render: (_: unknown, r) => {
        if (r.complete)
          return (
            <ResourceStatusTag status={webhookStatus(r.webhook)} reason={r.webhook.enable ? r.webhook.action.status_reason || r.webhook.connector.status_reason : undefined} />
          );
        const missing = (['connector', 'action', 'rule'] as const).filter((p) => !r.partial[p]).map(partName);
        return (
          <Tooltip title={t('incompleteHelp', { parts: missing.join(', ') })}>
            <Tag color="warning">{t('incomplete')}</Tag>
          </Tooltip>
        );
      },
    },
    {
      title: t('enable'),
      key: 'enable',
      width: 90,
      render: (_: unknown, r) =>
        r.complete ? (
          <Switch
            size="small"
            aria-label={`${t('enable')} ${r.webhook.fullName}`}
            checked={r.webhook.enable}
            disabled={!canWrite}
            loading={toggle.isPending && toggle.variables?.webhook.fullName === r.webhook.fullName}
            onChange={(on) =>
              toggle.mutate(
                { webhook: r.webhook, enable: on },
                {
                  onSuccess: () => void toast().success(t(on ? 'enableSuccess' : 'disableSuccess')),
                  onError: (e) => void toast().error(webhookErrorText('toggle', e)),
                },
              )
            }
          />
        ) : (
          '-'
        ),
    },
    ...(canWrite
      ? [
          {
            title: t('common:actions'),
            key: 'actions',
            width: 170,
            render: (_: unknown, r: WebhookRow) => (
              <Flex gap="small">
                {r.complete && (
                  <Button size="small" onClick={() => navigate(`/webhook/${encodeURIComponent(r.webhook.fullName)}?tab=settings`)}>
                    {t('setting')}
                  </Button>
                )}
                <ConfirmAction title={t('deleteConfirm', { name: rowName(r) })} onConfirm={() => remove(rowName(r))} successMessage={t('common:deleteSuccess')} danger>
                  <Button size="small" danger aria-label={`${t('common:delete')} ${rowName(r)}`}>
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
    <ListPage<WebhookRow>
      mode="all"
      title={t('title')}
      list={list}
      loading={list.isFetching}
      errorText={list.isError ? errorText(list.error) : undefined}
      actions={canWrite && <CreateButton onClick={() => navigate('/webhook/create')}>{t('create')}</CreateButton>}
      toolbar={<Alert type="info" showIcon title={t('intro')} style={{ marginBottom: token.margin }} />}
      rowKey={rowName}
      columns={columns}
      // fixed: the name, trigger and URL share what is left and truncate (with a tooltip) on a narrow screen
      table={{ tableLayout: 'fixed', locale: { emptyText: t('empty') } }}
    />
  );
}
