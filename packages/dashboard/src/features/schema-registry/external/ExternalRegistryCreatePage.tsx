// Integration › Schema Registry › External › Create (EMQX's ExternalSchemaCreate): the external registry form;
// Create sends POST /schema_registry_external and goes back to the list. `?action=copy&target=<name>` starts from a
// copy of that registry with the password emptied (the list's Duplicate; the node only ever shows ******).
import { useMemo } from 'react';
import { Button, Flex, Form, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageSection } from '../../../shared/PageSection';
import { useSubmitFlow } from '../../../shared/forms/useSubmitFlow';
import { useCreateExternalRegistryMutation, useExternalRegistryQuery, type ExternalRegistry, type NamedExternalRegistry } from './external-registry.api';
import { EXTERNAL_LIST_PATH } from './ExternalRegistryPage';
import { BLANK_EXTERNAL, ExternalRegistryForm, toBody, toValues, type ExternalRegistryValues } from './ExternalRegistryForm';
import '../schema-registry.messages';

export default function ExternalRegistryCreatePage() {
  const [params] = useSearchParams();
  const target = params.get('action') === 'copy' ? (params.get('target') ?? undefined) : undefined;
  const copied = useExternalRegistryQuery(target);
  if (target && copied.isLoading) return <Spin />;
  return <ExternalRegistryCreate from={target && copied.data ? { name: target, registry: copied.data } : undefined} />;
}

function ExternalRegistryCreate({ from }: { from?: { name: string; registry: ExternalRegistry } }) {
  const { t } = useTranslation(['schemaRegistry', 'common']);
  const navigate = useNavigate();
  const [form] = Form.useForm<ExternalRegistryValues>();
  const create = useCreateExternalRegistryMutation();
  const initialValues = useMemo<ExternalRegistryValues>(() => {
    if (!from) return BLANK_EXTERNAL;
    const v = toValues(`${from.name}_copy`, from.registry);
    return v.authType === 'basic' ? { ...v, password: '' } : v;
  }, [from]);
  const flow = useSubmitFlow<NamedExternalRegistry>({
    read: async () => toBody(await form.validateFields()),
    send: (body) => create.mutateAsync(body),
    success: t('common:createSuccess'),
    leaveTo: EXTERNAL_LIST_PATH,
  });

  return (
    <PageSection
      title={
        <>
          <Link to={EXTERNAL_LIST_PATH}>{t('title')}</Link> / {t('createExternalTitle')}
        </>
      }
    >
      {flow.guard}
      <ExternalRegistryForm form={form} initialValues={initialValues} editing={false} onValuesChange={flow.markDirty} />
      <Flex gap="small">
        <Button type="primary" loading={create.isPending} onClick={flow.submit}>
          {t('common:create')}
        </Button>
        <Button onClick={() => void navigate(EXTERNAL_LIST_PATH)}>{t('common:cancel')}</Button>
      </Flex>
    </PageSection>
  );
}
