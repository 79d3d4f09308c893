// Integration › Schema Registry › External › <name> (EMQX's ExternalSchemaDetail): the registry's settings with
// Update (PUT; a password left as ****** is kept by the node) and Delete.
import { useMemo } from 'react';
import { Button, Form, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageSection } from '../../../shared/PageSection';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { useCanWrite } from '../../../shared/useCanWrite';
import { useSubmitFlow } from '../../../shared/forms/useSubmitFlow';
import { isApiError } from '../../../api/client';
import { errorText } from '../../../shared/apiErrors';
import {
  useDeleteExternalRegistryMutation,
  useExternalRegistryQuery,
  useUpdateExternalRegistryMutation,
  type ExternalRegistry,
  type NamedExternalRegistry,
} from './external-registry.api';
import { EXTERNAL_LIST_PATH } from './ExternalRegistryPage';
import { ExternalRegistryForm, toBody, toValues, type ExternalRegistryValues } from './ExternalRegistryForm';
import '../schema-registry.messages';

export default function ExternalRegistryDetailPage() {
  const { t } = useTranslation(['schemaRegistry', 'common']);
  const name = useParams().schemaName ?? '';
  const registry = useExternalRegistryQuery(name);
  if (registry.isLoading) return <Spin />;
  if (registry.isError || !registry.data) {
    const missing = isApiError(registry.error) && registry.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('externalNotFound') : errorText(registry.error)}
        extra={<Link to={EXTERNAL_LIST_PATH}>{t('common:back')}</Link>}
      />
    );
  }
  return <ExternalRegistryDetail name={name} registry={registry.data} />;
}

function ExternalRegistryDetail({ name, registry }: { name: string; registry: ExternalRegistry }) {
  const { t } = useTranslation(['schemaRegistry', 'common']);
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const [form] = Form.useForm<ExternalRegistryValues>();
  const update = useUpdateExternalRegistryMutation();
  const del = useDeleteExternalRegistryMutation();
  const initialValues = useMemo(() => toValues(name, registry), [name, registry]);
  const flow = useSubmitFlow<NamedExternalRegistry>({
    read: async () => toBody({ ...(await form.validateFields()), name }),
    send: (body) => update.mutateAsync(body),
    success: t('common:updateSuccess'),
  });

  return (
    <PageSection
      title={
        <>
          <Link to={EXTERNAL_LIST_PATH}>{t('title')}</Link> / {name}
        </>
      }
      extra={
        canWrite && (
          <ConfirmAction
            title={t('deleteExternalConfirm', { name })}
            onConfirm={async () => {
              await del.mutateAsync(name);
              void navigate(EXTERNAL_LIST_PATH);
            }}
            successMessage={t('common:deleteSuccess')}
            danger
          >
            <Button danger>{t('common:delete')}</Button>
          </ConfirmAction>
        )
      }
    >
      {flow.guard}
      <ExternalRegistryForm form={form} initialValues={initialValues} editing disabled={!canWrite} onValuesChange={flow.markDirty} />
      {canWrite && (
        <Button type="primary" loading={update.isPending} onClick={flow.submit}>
          {t('update')}
        </Button>
      )}
    </PageSection>
  );
}
