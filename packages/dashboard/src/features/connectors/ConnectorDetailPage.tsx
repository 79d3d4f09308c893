// Integration › Connectors › <type:name>: Overview (status, reason, per-node status, the actions and sources using
// it; EMQX keeps no statistics for connectors) and Settings (the type's form: Test, Update — which restarts the
// connection, so the operator is told first — and Save as Copy). A webhook's connector is read-only here.
import { useMemo } from 'react';
import { Alert, Button, Descriptions, Flex, Form, Modal, Result, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { useCanWrite } from '../../shared/useCanWrite';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { isApiError } from '../../api/client';
import { formatDateTime } from '../../shared/format';
import {
  configOf,
  isWebhookManaged,
  probeConnector,
  resourceId,
  useConnectorOperationMutation,
  useConnectorQuery,
  useDeleteConnectorMutation,
  useUpdateConnectorMutation,
  type Connector,
} from './connectors.api';
import { hasBadJson, useProbe, useResourceFields } from './resource-form';
import { NodeStatusTable, ResourceStatusTag } from './components/ResourceStatus';
import { ResourceForm } from './components/ResourceForm';
import { DependantsList } from './components/DependantsList';
import { typeLabel } from './components/TypePicker';
import './connectors.messages';

export default function ConnectorDetailPage() {
  const { t } = useTranslation(['connectors', 'common']);
  const id = useParams().id ?? '';
  const q = useConnectorQuery(id);
  if (q.isLoading) return <Spin />;
  if (q.isError || !q.data) {
    const missing = isApiError(q.error) && q.error.status === 404;
    return <Result status={missing ? '404' : 'error'} title={missing ? t('notFound') : t('common:errorOccurred')} extra={<Link to="/connector">{t('common:back')}</Link>} />;
  }
  return <ConnectorDetail connector={q.data} />;
}

function ConnectorDetail({ connector: c }: { connector: Connector }) {
  const { t } = useTranslation(['connectors', 'common']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const canWrite = useCanWrite();
  const id = resourceId(c.type, c.name);
  const managed = isWebhookManaged(c.name);
  const del = useDeleteConnectorMutation();
  const op = useConnectorOperationMutation();
  const inUse = (c.actions?.length ?? 0) + (c.sources?.length ?? 0) > 0;
  const [modal, holder] = Modal.useModal();
  const tab = params.get('tab') ?? 'overview';

  const overview = (
    <Flex vertical gap="large">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'name', label: t('name'), children: c.name },
          { key: 'type', label: t('type'), children: typeLabel(c.type) },
          { key: 'status', label: t('connectionStatus'), children: <ResourceStatusTag status={c.status} /> },
          { key: 'reason', label: t('statusReason'), children: c.status_reason || '-' },
          { key: 'used', label: t('usedBy'), span: 2, children: inUse ? <DependantsList type={c.type} actions={c.actions} sources={c.sources} /> : t('none') },
          ...(c.created_at ? [{ key: 'created', label: t('createdAt'), children: formatDateTime(c.created_at as string) }] : []),
          ...(c.last_modified_at ? [{ key: 'modified', label: t('lastModified'), children: formatDateTime(c.last_modified_at as string) }] : []),
        ]}
      />
      <PageSection title={t('nodeStatus')}>
        <NodeStatusTable nodes={c.node_status} />
      </PageSection>
    </Flex>
  );

  return (
    <PageSection
      title={
        <Flex gap="small" align="center">
          <Link to="/connector">{t('title')}</Link> / {c.name}
          <ResourceStatusTag status={c.status} reason={c.status_reason} />
        </Flex>
      }
      extra={
        canWrite &&
        !managed && (
          <>
            <Button loading={op.isPending} onClick={() => op.mutate({ id, operation: 'start' })}>
              {t('reconnect')}
            </Button>
            {inUse ? (
              <Button
                danger
                onClick={() =>
                  void modal.warning({ title: t('confirmDelete'), content: <DependantsList intro={t('deleteBlocked')} type={c.type} actions={c.actions} sources={c.sources} /> })
                }
              >
                {t('common:delete')}
              </Button>
            ) : (
              <ConfirmAction
                title={t('deleteConfirm', { id })}
                danger
                successMessage={t('common:deleteSuccess')}
                onConfirm={async () => {
                  await del.mutateAsync(id);
                  navigate('/connector');
                }}
              >
                <Button danger>{t('common:delete')}</Button>
              </ConfirmAction>
            )}
          </>
        )
      }
    >
      {holder}
      {managed && <Alert type="info" showIcon title={t('webhookManaged')} action={<Link to="/webhook">{t('goWebhook')}</Link>} style={{ marginBottom: 16 }} />}
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        items={[
          { key: 'overview', label: t('overview'), children: overview },
          { key: 'settings', label: t('settings'), children: <ConnectorSettings connector={c} readOnly={!canWrite || managed} /> },
        ]}
      />
    </PageSection>
  );
}

function ConnectorSettings({ connector: c, readOnly }: { connector: Connector; readOnly: boolean }) {
  const { t } = useTranslation(['connectors', 'common']);
  const navigate = useNavigate();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [modal, holder] = Modal.useModal();
  const schema = useResourceFields('connector', c.type);
  const update = useUpdateConnectorMutation();
  const id = resourceId(c.type, c.name);
  const initialValues = useMemo(() => ({ ...configOf(c), name: c.name }), [c]);
  const read = async () => {
    const values = await form.validateFields();
    if (hasBadJson(values)) throw new SyntaxError('json');
    return { ...values, type: c.type, name: c.name };
  };
  const flow = useSubmitFlow({ read, send: (body) => update.mutateAsync({ id, body }), success: t('common:updateSuccess') });
  const probe = useProbe(probeConnector, t('connectionSuccessful'));
  const copy = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (values) navigate('/connector/create', { state: { copy: { ...values, type: c.type, name: c.name } } });
  };
  return (
    <>
      {flow.guard}
      {holder}
      <ResourceForm
        name="connector"
        form={form}
        fields={schema.fields}
        loading={schema.isLoading}
        loadError={schema.isError}
        missingType={schema.missing ? c.type : undefined}
        initialValues={initialValues}
        editing
        disabled={readOnly}
        onValuesChange={flow.markDirty}
      />
      {!readOnly && schema.fields.length > 0 && (
        <Flex gap="small" style={{ marginTop: 24 }}>
          <Button loading={probe.testing} onClick={() => void probe.run(read)}>
            {t('test')}
          </Button>
          <Button type="primary" loading={update.isPending} onClick={() => void modal.confirm({ title: t('updateConnectorTip'), onOk: flow.submit })}>
            {t('common:update')}
          </Button>
          <Button onClick={() => void copy()}>{t('saveAsCopy')}</Button>
        </Flex>
      )}
    </>
  );
}
