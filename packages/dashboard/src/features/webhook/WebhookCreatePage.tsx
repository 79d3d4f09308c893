// Integration › Webhooks › Create: one form; Save creates the connector, the action and the rule in that order
// (POST /connectors, /actions, /rules). A refused step removes what was made before it and says so in a sentence.
import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { DEFAULT_VALUES, type WebhookFormValues } from './webhook.model';
import { useCreateWebhookMutation } from './webhook.api';
import { webhookErrorText } from './webhook.errors';
import { WebhookForm, fromFormState, type WebhookFormState } from './components/WebhookForm';
import { useTriggerEvents } from './components/TriggerField';
import { emptyTrigger } from './trigger';
import './webhook.messages';

export default function WebhookCreatePage() {
  const { t } = useTranslation(['webhook', 'common']);
  const navigate = useNavigate();
  const [form] = Form.useForm<WebhookFormState>();
  const events = useTriggerEvents();
  const allEvents = events.all.map((e) => e.event);
  const create = useCreateWebhookMutation();
  const [failure, setFailure] = useState<string>();
  const initialValues = useMemo<WebhookFormState>(() => {
    const { sql: _sql, ...rest } = DEFAULT_VALUES;
    return { ...rest, trigger: emptyTrigger('messages') };
  }, []);

  const flow = useSubmitFlow<WebhookFormValues>({
    read: async () => fromFormState(await form.validateFields(), allEvents),
    send: async (values) => {
      setFailure(undefined);
      try {
        await create.mutateAsync(values);
      } catch (e) {
        setFailure(webhookErrorText('create', e));
        throw e;
      }
    },
    success: t('common:createSuccess'),
    leaveTo: '/webhook',
  });

  return (
    <PageSection
      title={
        <>
          <Link to="/webhook">{t('title')}</Link> / {t('create')}
        </>
      }
    >
      {flow.guard}
      <WebhookForm form={form} initialValues={initialValues} allEvents={allEvents} onValuesChange={flow.markDirty} />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 16, maxWidth: 760 }} />}
      <Flex gap="small" style={{ marginTop: 24 }}>
        <Button type="primary" loading={create.isPending} onClick={flow.submit}>
          {t('common:create')}
        </Button>
        <Button onClick={() => navigate('/webhook')}>{t('common:cancel')}</Button>
      </Flex>
    </PageSection>
  );
}
