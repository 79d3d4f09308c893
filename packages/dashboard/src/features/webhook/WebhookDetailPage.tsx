// Integration › Webhooks › <name>_WH_D: Overview (status and statistics of the action and the rule) and Settings
// (the webhook form: Update puts the connector, the action and the rule), with the enable switch and Delete (the
// three objects) in the header. A webhook missing a part says which, and offers to delete the rest.
import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Form, Result, Spin, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '../../app/bridge';
import { PageSection } from '../../shared/PageSection';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { StatusTag } from '../../shared/StatusTag';
import { errorText } from '../../shared/apiErrors';
import { useCanWrite } from '../../shared/useCanWrite';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { fullNameOf, toFormValues, webhookStatus, type WebhookFormValues } from './webhook.model';
import { useDeleteWebhookMutation, useToggleWebhookMutation, useUpdateWebhookMutation, useWebhookQuery } from './webhook.api';
import { partName, webhookErrorText } from './webhook.errors';
import type { Webhook } from './webhook.types';
import { WebhookForm, fromFormState, toFormState, type WebhookFormState } from './components/WebhookForm';
import { useTriggerEvents } from './components/TriggerField';
import { WebhookOverview } from './components/WebhookOverview';
import './webhook.messages';

export default function WebhookDetailPage() {
  const { t } = useTranslation(['webhook', 'common']);
  const fullName = fullNameOf(useParams().name ?? '');
  const q = useWebhookQuery(fullName);
  const del = useDeleteWebhookMutation();
  const navigate = useNavigate();
  const back = <Link to="/webhook">{t('common:back')}</Link>;

  if (q.isLoading) return <Spin />;
  if (q.isError || !q.data) return <Result status="error" title={errorText(q.error)} extra={back} />;
  if (!q.data.webhook) {
    const { missing, partial } = q.data;
    if (missing.length === 3) return <Result status="404" title={t('notFound')} extra={back} />;
    return (
      <Result
        status="warning"
        title={t('incomplete')}
        subTitle={t('incompleteHelp', { parts: missing.map(partName).join(', ') })}
        extra={
          <Flex gap="small" justify="center">
            {back}
            <ConfirmAction
              title={t('deleteConfirm', { name: partial.fullName })}
              onConfirm={() =>
                del
                  .mutateAsync(partial.fullName)
                  .then(() => navigate('/webhook'))
                  .catch((e: unknown) => {
                    void toast().error(webhookErrorText('delete', e));
                    throw e;
                  })
              }
              successMessage={t('common:deleteSuccess')}
              danger
            >
              <Button danger>{t('common:delete')}</Button>
            </ConfirmAction>
          </Flex>
        }
      />
    );
  }
  return <WebhookDetail webhook={q.data.webhook} />;
}

function WebhookDetail({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation(['webhook', 'common']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const canWrite = useCanWrite();
  const toggle = useToggleWebhookMutation();
  const del = useDeleteWebhookMutation();
  const tab = params.get('tab') ?? 'overview';

  const switchAll = (on: boolean) =>
    toggle.mutate(
      { webhook, enable: on },
      { onSuccess: () => void toast().success(t(on ? 'enableSuccess' : 'disableSuccess')), onError: (e) => void toast().error(webhookErrorText('toggle', e)) },
    );

  const items = [
    { key: 'overview', label: t('overview'), children: <WebhookOverview webhook={webhook} /> },
    { key: 'settings', label: t('setting'), children: <WebhookSettings webhook={webhook} /> },
  ];

  return (
    <PageSection
      title={
        <Flex gap="small" align="center">
          <Link to="/webhook">{t('title')}</Link> / {webhook.fullName}
          <StatusTag status={webhookStatus(webhook)} />
        </Flex>
      }
      extra={
        <>
          <Switch aria-label={`${t('enable')} ${webhook.fullName}`} checked={webhook.enable} disabled={!canWrite} loading={toggle.isPending} onChange={switchAll} />
          {canWrite && (
            <ConfirmAction
              title={t('deleteConfirm', { name: webhook.fullName })}
              onConfirm={() =>
                del
                  .mutateAsync(webhook.fullName)
                  .then(() => navigate('/webhook'))
                  .catch((e: unknown) => {
                    void toast().error(webhookErrorText('delete', e));
                    throw e;
                  })
              }
              successMessage={t('common:deleteSuccess')}
              danger
            >
              <Button danger>{t('common:delete')}</Button>
            </ConfirmAction>
          )}
        </>
      }
    >
      <Tabs activeKey={tab} items={items} onChange={(k) => setParams({ tab: k }, { replace: true })} />
    </PageSection>
  );
}

function WebhookSettings({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation(['webhook', 'common']);
  const canWrite = useCanWrite();
  const [form] = Form.useForm<WebhookFormState>();
  const events = useTriggerEvents();
  const allEvents = useMemo(() => events.all.map((e) => e.event), [events.all]);
  const update = useUpdateWebhookMutation();
  const [failure, setFailure] = useState<string>();
  const initialValues = useMemo(() => toFormState(toFormValues(webhook), allEvents, webhook.fullName), [webhook, allEvents]);
  const flow = useSubmitFlow<WebhookFormValues>({
    read: async () => fromFormState(await form.validateFields(), allEvents),
    send: async (values) => {
      setFailure(undefined);
      try {
        await update.mutateAsync({ values, webhook });
      } catch (e) {
        setFailure(webhookErrorText('update', e));
        throw e;
      }
    },
    success: t('common:updateSuccess'),
  });

  // "all messages and events" is recognised against the node's event list: the form waits for it
  if (!events.loaded) return <Spin />;
  return (
    <>
      {flow.guard}
      <Alert type="warning" showIcon title={t('updateRestarts')} style={{ marginBottom: 16, maxWidth: 760 }} />
      <WebhookForm key={webhook.fullName} form={form} initialValues={initialValues} editing disabled={!canWrite} allEvents={allEvents} onValuesChange={flow.markDirty} />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 16, maxWidth: 760 }} />}
      {canWrite && (
        <Button type="primary" style={{ marginTop: 24 }} loading={update.isPending} onClick={flow.submit}>
          {t('common:update')}
        </Button>
      )}
    </>
  );
}
