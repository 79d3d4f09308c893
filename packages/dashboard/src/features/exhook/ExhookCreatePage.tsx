// Management › ExHooks › Add (EMQX console /exhook/create): the server form; saved with POST /exhooks, then the
// server's detail page shows whether it connected.
import { Button, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../shared/PageSection';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { useCreateExhookMutation } from './exhook.api';
import { ExhookForm, toConfig, type ExhookFormValues } from './components/ExhookForm';
import './exhook.messages';

export default function ExhookCreatePage() {
  const { t } = useTranslation(['exhook', 'common']);
  const [form] = Form.useForm<ExhookFormValues>();
  const create = useCreateExhookMutation();
  const flow = useSubmitFlow({
    read: async () => toConfig(await form.validateFields()),
    send: (body) => create.mutateAsync(body),
    success: t('createSuccess'),
    leaveTo: '/exhook',
  });
  return (
    <PageSection title={t('addExhook')}>
      {flow.guard}
      <ExhookForm form={form} creating onValuesChange={flow.markDirty} />
      <Flex gap="small">
        <Button type="primary" loading={create.isPending} onClick={flow.submit}>
          {t('create')}
        </Button>
      </Flex>
    </PageSection>
  );
}
