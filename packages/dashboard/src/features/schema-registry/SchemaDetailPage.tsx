// Integration › Schema Registry › <name>: the schema's settings (type, note, source) with Update (PUT) and Delete.
import { useMemo } from 'react';
import { Button, Form, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { useCanWrite } from '../../shared/useCanWrite';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { isApiError } from '../../api/client';
import { errorText } from '../../shared/apiErrors';
import { useDeleteSchemaMutation, useSchemaQuery, useUpdateSchemaMutation, type Schema } from './schema-registry.api';
import { LIST_PATH } from './SchemaRegistryPage';
import { SchemaForm } from './components/SchemaForm';
import { useSchemaSave } from './useSchemaSave';
import './schema-registry.messages';

export default function SchemaDetailPage() {
  const { t } = useTranslation(['schemaRegistry', 'common']);
  const name = useParams().schemaName ?? '';
  const schema = useSchemaQuery(name);
  if (schema.isLoading) return <Spin />;
  if (schema.isError || !schema.data) {
    const missing = isApiError(schema.error) && schema.error.status === 404;
    return <Result status={missing ? '404' : 'error'} title={missing ? t('notFound') : errorText(schema.error)} extra={<Link to={LIST_PATH}>{t('common:back')}</Link>} />;
  }
  return <SchemaDetail schema={schema.data} />;
}

function SchemaDetail({ schema }: { schema: Schema }) {
  const { t } = useTranslation(['schemaRegistry', 'common']);
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const [form] = Form.useForm<Schema>();
  const update = useUpdateSchemaMutation();
  const del = useDeleteSchemaMutation();
  const save = useSchemaSave(form);
  const initialValues = useMemo(() => ({ ...schema, description: schema.description ?? '' }), [schema]);
  const flow = useSubmitFlow<Schema>({
    read: async () => {
      const v = await form.validateFields();
      return { name: schema.name, type: v.type, source: v.source, description: v.description ?? '' };
    },
    send: (body) => save.place(() => update.mutateAsync(body)),
    success: t('common:updateSuccess'),
  });

  return (
    <PageSection
      title={
        <>
          <Link to={LIST_PATH}>{t('title')}</Link> / {schema.name}
        </>
      }
      extra={
        canWrite && (
          <ConfirmAction
            title={t('deleteConfirm', { name: schema.name })}
            onConfirm={async () => {
              await del.mutateAsync(schema.name);
              void navigate(LIST_PATH);
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
      <SchemaForm form={form} initialValues={initialValues} editing disabled={!canWrite} onValuesChange={flow.markDirty} sourceError={save.sourceError} />
      {canWrite && (
        <Button type="primary" loading={update.isPending} onClick={flow.submit}>
          {t('update')}
        </Button>
      )}
    </PageSection>
  );
}
