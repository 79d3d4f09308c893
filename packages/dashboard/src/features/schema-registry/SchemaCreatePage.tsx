// Integration › Schema Registry › Create: the schema form; Create sends POST /schema_registry and goes back to
// the list. `?action=copy&target=<name>` starts from a copy of that schema (the list's Duplicate).
import { useMemo } from 'react';
import { Button, Flex, Form, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { useCreateSchemaMutation, useSchemaQuery, type Schema } from './schema-registry.api';
import { LIST_PATH } from './SchemaRegistryPage';
import { SchemaForm } from './components/SchemaForm';
import { useSchemaSave } from './useSchemaSave';
import './schema-registry.messages';

const BLANK: Schema = { name: '', type: 'avro', source: '', description: '' };

export default function SchemaCreatePage() {
  const [params] = useSearchParams();
  const target = params.get('action') === 'copy' ? (params.get('target') ?? undefined) : undefined;
  const copied = useSchemaQuery(target);
  if (target && copied.isLoading) return <Spin />;
  return <SchemaCreate from={copied.data} />;
}

function SchemaCreate({ from }: { from?: Schema }) {
  const { t } = useTranslation(['schemaRegistry', 'common']);
  const navigate = useNavigate();
  const [form] = Form.useForm<Schema>();
  const create = useCreateSchemaMutation();
  const save = useSchemaSave(form);
  const initialValues = useMemo<Schema>(() => (from ? { ...from, name: `${from.name}_copy` } : BLANK), [from]);
  const flow = useSubmitFlow<Schema>({
    read: async () => {
      const v = await form.validateFields();
      return { name: v.name.trim(), type: v.type, source: v.source, description: v.description ?? '' };
    },
    send: (body) => save.place(() => create.mutateAsync(body)),
    success: t('common:createSuccess'),
    leaveTo: LIST_PATH,
  });

  return (
    <PageSection
      title={
        <>
          <Link to={LIST_PATH}>{t('title')}</Link> / {t('createTitle')}
        </>
      }
    >
      {flow.guard}
      <SchemaForm form={form} initialValues={initialValues} editing={false} onValuesChange={flow.markDirty} sourceError={save.sourceError} />
      <Flex gap="small">
        <Button type="primary" loading={create.isPending} onClick={flow.submit}>
          {t('common:create')}
        </Button>
        <Button onClick={() => void navigate(LIST_PATH)}>{t('common:cancel')}</Button>
      </Flex>
    </PageSection>
  );
}
