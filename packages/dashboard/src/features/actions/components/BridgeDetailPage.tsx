// An action or source: Overview (status, reason, connector, statistics with reset, per node) and Settings (its form:
// Test, Update — which restarts it, so the operator is told first — and Save as Copy). Reconnect and Delete above.
import { useMemo } from 'react';
import { Alert, Button, Descriptions, Flex, Form, Modal, Result, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageSection } from '../../../shared/PageSection';
import { useCanWrite } from '../../../shared/useCanWrite';
import { useSubmitFlow } from '../../../shared/forms/useSubmitFlow';
import { isApiError } from '../../../api/client';
import { configOf, isWebhookManaged, resourceId } from '../../connectors/connectors.api';
import { hasBadJson, useProbe, useResourceFields } from '../../connectors/resource-form';
import { ResourceStatusTag } from '../../connectors/components/ResourceStatus';
import { ResourceForm } from '../../connectors/components/ResourceForm';
import { typeLabel } from '../../connectors/components/TypePicker';
import { BRIDGE_RUNTIME_KEYS, probeBridge, useBridgeQuery, useReconnectBridgeMutation, useUpdateBridgeMutation, type Bridge, type BridgeKind } from '../bridges.api';
import { BridgeMetricsPanel } from './BridgeMetricsPanel';
import { ConnectorPicker } from './ConnectorPicker';
import { BASE, SCHEMA_KIND, useKindTexts } from './kind';
import { useDeleteFlow } from './useDeleteFlow';

export function BridgeDetailPage({ kind }: { kind: BridgeKind }) {
  const { t } = useTranslation('common');
  const texts = useKindTexts(kind);
  const id = useParams().id ?? '';
  const q = useBridgeQuery(kind, id);
  if (q.isLoading) return <Spin />;
  if (q.isError || !q.data) {
    const missing = isApiError(q.error) && q.error.status === 404;
    return <Result status={missing ? '404' : 'error'} title={missing ? texts.notFound : t('errorOccurred')} extra={<Link to={BASE[kind]}>{t('back')}</Link>} />;
  }
  return <BridgeDetail kind={kind} bridge={q.data} />;
}

function BridgeDetail({ kind, bridge: b }: { kind: BridgeKind; bridge: Bridge }) {
  const { t } = useTranslation(['actions', 'sources', 'connectors', 'common']);
  const texts = useKindTexts(kind);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const canWrite = useCanWrite();
  const id = resourceId(b.type, b.name);
  const managed = isWebhookManaged(b.name);
  const reconnect = useReconnectBridgeMutation(kind);
  const deletion = useDeleteFlow(kind, () => navigate(BASE[kind]));
  const tab = params.get('tab') ?? 'overview';

  const overview = (
    <Flex vertical gap="large">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'type', label: t('connectors:type'), children: typeLabel(b.type) },
          { key: 'connector', label: t('actions:connector'), children: <Link to={`/connector/${encodeURIComponent(resourceId(b.type, b.connector))}`}>{b.connector}</Link> },
          { key: 'status', label: t('connectors:connectionStatus'), children: <ResourceStatusTag status={b.status} /> },
          { key: 'reason', label: t('connectors:statusReason'), children: b.status_reason || '-' },
          ...(kind === 'sources' ? [{ key: 'input', label: t('sources:ruleInput'), span: 2, children: <code>{`$bridges/${id}`}</code> }] : []),
        ]}
      />
      <BridgeMetricsPanel kind={kind} id={id} nodeStatus={b.node_status} />
    </Flex>
  );

  return (
    <PageSection
      title={
        <Flex gap="small" align="center">
          <Link to={BASE[kind]}>{texts.title}</Link> / {b.name}
          <ResourceStatusTag status={b.status} reason={b.status_reason} />
        </Flex>
      }
      extra={
        <>
          <Link to="/rule/rules">{t('actions:toRules')}</Link>
          {canWrite && !managed && (
            <>
              <Button loading={reconnect.isPending} onClick={() => reconnect.mutate(id)}>
                {t('connectors:reconnect')}
              </Button>
              <Button danger onClick={() => deletion.ask(id)}>
                {t('common:delete')}
              </Button>
            </>
          )}
        </>
      }
    >
      {deletion.holder}
      {managed && (
        <Alert type="info" showIcon title={t('connectors:webhookManaged')} action={<Link to="/webhook">{t('connectors:goWebhook')}</Link>} style={{ marginBottom: 16 }} />
      )}
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        items={[
          { key: 'overview', label: t('connectors:overview'), children: overview },
          { key: 'settings', label: t('connectors:settings'), children: <BridgeSettings kind={kind} bridge={b} readOnly={!canWrite || managed} /> },
        ]}
      />
    </PageSection>
  );
}

function BridgeSettings({ kind, bridge: b, readOnly }: { kind: BridgeKind; bridge: Bridge; readOnly: boolean }) {
  const { t } = useTranslation(['connectors', 'common']);
  const texts = useKindTexts(kind);
  const navigate = useNavigate();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [modal, holder] = Modal.useModal();
  const schema = useResourceFields(SCHEMA_KIND[kind], b.type);
  const update = useUpdateBridgeMutation(kind);
  const id = resourceId(b.type, b.name);
  const initialValues = useMemo(() => ({ ...configOf(b, BRIDGE_RUNTIME_KEYS), name: b.name }), [b]);
  const read = async () => {
    const values = await form.validateFields();
    if (hasBadJson(values)) throw new SyntaxError('json');
    return { ...values, type: b.type, name: b.name };
  };
  const flow = useSubmitFlow({ read, send: (body) => update.mutateAsync({ id, body }), success: t('common:updateSuccess') });
  const probe = useProbe((body) => probeBridge(kind, body), t('common:testSuccess'));
  const copy = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (values) navigate(`${BASE[kind]}/create`, { state: { copy: { ...values, type: b.type, name: b.name } } });
  };
  return (
    <>
      {flow.guard}
      {holder}
      <ResourceForm
        name={kind}
        form={form}
        fields={schema.fields}
        loading={schema.isLoading}
        loadError={schema.isError}
        missingType={schema.missing ? b.type : undefined}
        initialValues={initialValues}
        editing
        disabled={readOnly}
        onValuesChange={flow.markDirty}
        renderField={(f) => (f.key === 'connector' && f.path.length === 1 ? <ConnectorPicker key="connector" type={b.type} disabled={readOnly} /> : undefined)}
      />
      {!readOnly && schema.fields.length > 0 && (
        <Flex gap="small" style={{ marginTop: 24 }}>
          <Button loading={probe.testing} onClick={() => void probe.run(read)}>
            {t('test')}
          </Button>
          <Button type="primary" loading={update.isPending} onClick={() => void modal.confirm({ title: texts.updateTip, onOk: flow.submit })}>
            {t('common:update')}
          </Button>
          <Button onClick={() => void copy()}>{t('saveAsCopy')}</Button>
        </Flex>
      )}
    </>
  );
}
