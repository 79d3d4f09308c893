// Create an action or a source: pick a type (those this node does not run are marked unavailable), then its form
// (name, note, connector of that type, the type's parameters and resource options) with Test and Create.
// Duplicate and Save as Copy arrive with the record to copy; its masked secrets are typed again.
import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Form, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageSection } from '../../../shared/PageSection';
import { useSubmitFlow } from '../../../shared/forms/useSubmitFlow';
import { defaultsOf } from '../../../shared/schema-form/schema';
import { configOf } from '../../connectors/connectors.api';
import { clearSecrets, hasBadJson, useProbe, useResourceFields, useTypeOptions } from '../../connectors/resource-form';
import { ResourceForm } from '../../connectors/components/ResourceForm';
import { TypePicker, typeLabel } from '../../connectors/components/TypePicker';
import { BRIDGE_RUNTIME_KEYS, probeBridge, useCreateBridgeMutation, type Bridge, type BridgeKind } from '../bridges.api';
import { ConnectorPicker } from './ConnectorPicker';
import { BASE, SCHEMA_KIND, useKindTexts } from './kind';

export function BridgeCreatePage({ kind }: { kind: BridgeKind }) {
  const location = useLocation();
  // a new visit (Duplicate while already here) starts over
  return <BridgeCreate key={location.key} kind={kind} copy={(location.state as { copy?: Bridge } | null)?.copy} />;
}

function BridgeCreate({ kind, copy }: { kind: BridgeKind; copy?: Bridge }) {
  const { t } = useTranslation(['connectors', 'common']);
  const texts = useKindTexts(kind);
  const [picked, setPicked] = useState<string | undefined>(copy?.type);
  const [type, setType] = useState<string | undefined>(copy?.type);
  const types = useTypeOptions(SCHEMA_KIND[kind]);
  return (
    <PageSection
      title={
        <>
          <Link to={BASE[kind]}>{texts.title}</Link> / {texts.create}
          {type && ` / ${typeLabel(type)}`}
        </>
      }
    >
      {!type ? (
        types.isLoading ? (
          <Skeleton active />
        ) : types.isError ? (
          <Alert type="error" showIcon title={t('schemaFailed')} />
        ) : (
          <Flex vertical gap="large">
            <TypePicker options={types.options} value={picked} onChange={setPicked} />
            <Button type="primary" disabled={!picked} style={{ width: 'fit-content' }} onClick={() => setType(picked)}>
              {t('next')}
            </Button>
          </Flex>
        )
      ) : (
        <BridgeCreateForm kind={kind} type={type} copy={copy} onBack={copy ? undefined : () => setType(undefined)} />
      )}
    </PageSection>
  );
}

function BridgeCreateForm({ kind, type, copy, onBack }: { kind: BridgeKind; type: string; copy?: Bridge; onBack?: () => void }) {
  const { t } = useTranslation(['connectors', 'common']);
  const [form] = Form.useForm<Record<string, unknown>>();
  const schema = useResourceFields(SCHEMA_KIND[kind], type);
  const create = useCreateBridgeMutation(kind);
  const initialValues = useMemo(() => {
    if (copy) return clearSecrets({ ...configOf(copy, BRIDGE_RUNTIME_KEYS), name: `${copy.name}_copy` }, schema.fields);
    return { ...defaultsOf(schema.fields), name: '', description: '' };
  }, [copy, schema.fields]);
  const read = async () => {
    const values = await form.validateFields();
    if (hasBadJson(values)) throw new SyntaxError('json');
    return { ...values, type, name: String(values.name ?? '').trim() };
  };
  const flow = useSubmitFlow({ read, send: (body) => create.mutateAsync(body), success: t('common:createSuccess'), leaveTo: BASE[kind] });
  const probe = useProbe((body) => probeBridge(kind, body), t('common:testSuccess'));
  return (
    <>
      {flow.guard}
      <ResourceForm
        key={schema.fields.length}
        name={kind}
        form={form}
        fields={schema.fields}
        loading={schema.isLoading}
        loadError={schema.isError}
        missingType={schema.missing ? type : undefined}
        initialValues={initialValues}
        copying={!!copy}
        onValuesChange={flow.markDirty}
        renderField={(f) => (f.key === 'connector' && f.path.length === 1 ? <ConnectorPicker key="connector" type={type} /> : undefined)}
      />
      <Flex gap="small" style={{ marginTop: 24 }}>
        {onBack && <Button onClick={onBack}>{t('back')}</Button>}
        <Button loading={probe.testing} disabled={schema.fields.length === 0} onClick={() => void probe.run(read)}>
          {t('test')}
        </Button>
        <Button type="primary" loading={create.isPending} disabled={schema.fields.length === 0} onClick={flow.submit}>
          {t('common:create')}
        </Button>
      </Flex>
    </>
  );
}
