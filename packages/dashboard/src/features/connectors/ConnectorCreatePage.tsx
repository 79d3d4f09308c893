// Integration › Connectors › Create: pick a type (every type the node's schema describes; those it does not run are
// marked unavailable), then its form with Test ('Connection is successful') and Create. Duplicate and Save as Copy
// arrive here with the record to copy: its masked secrets are emptied and must be typed again (spec 001 §4).
import { useMemo, useState } from 'react';
import { Button, Flex, Form, Skeleton, Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { defaultsOf } from '../../shared/schema-form/schema';
import { configOf, probeConnector, useCreateConnectorMutation, type Connector } from './connectors.api';
import { clearSecrets, hasBadJson, useProbe, useResourceFields, useTypeOptions } from './resource-form';
import { ResourceForm } from './components/ResourceForm';
import { TypePicker, typeLabel } from './components/TypePicker';
import './connectors.messages';

export default function ConnectorCreatePage() {
  const location = useLocation();
  // a new visit (Duplicate while already here) starts over
  return <ConnectorCreate key={location.key} copy={(location.state as { copy?: Connector } | null)?.copy} />;
}

function ConnectorCreate({ copy }: { copy?: Connector }) {
  const { t } = useTranslation(['connectors', 'common']);
  const [picked, setPicked] = useState<string | undefined>(copy?.type);
  const [type, setType] = useState<string | undefined>(copy?.type);
  const types = useTypeOptions('connector');
  return (
    <PageSection
      title={
        <>
          <Link to="/connector">{t('title')}</Link> / {t('createConnector')}
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
        <ConnectorCreateForm type={type} copy={copy} onBack={copy ? undefined : () => setType(undefined)} />
      )}
    </PageSection>
  );
}

function ConnectorCreateForm({ type, copy, onBack }: { type: string; copy?: Connector; onBack?: () => void }) {
  const { t } = useTranslation(['connectors', 'common']);
  const [form] = Form.useForm<Record<string, unknown>>();
  const schema = useResourceFields('connector', type);
  const create = useCreateConnectorMutation();
  const initialValues = useMemo(() => {
    if (copy) return clearSecrets({ ...configOf(copy), name: `${copy.name}_copy` }, schema.fields);
    return { ...defaultsOf(schema.fields), name: '', description: '' };
  }, [copy, schema.fields]);
  const read = async () => {
    const values = await form.validateFields();
    if (hasBadJson(values)) throw new SyntaxError('json');
    return { ...values, type, name: String(values.name ?? '').trim() };
  };
  const flow = useSubmitFlow({ read, send: (body) => create.mutateAsync(body), success: t('common:createSuccess'), leaveTo: '/connector' });
  const probe = useProbe(probeConnector, t('connectionSuccessful'));
  return (
    <>
      {flow.guard}
      <ResourceForm
        key={schema.fields.length}
        name="connector"
        form={form}
        fields={schema.fields}
        loading={schema.isLoading}
        loadError={schema.isError}
        missingType={schema.missing ? type : undefined}
        initialValues={initialValues}
        copying={!!copy}
        onValuesChange={flow.markDirty}
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
