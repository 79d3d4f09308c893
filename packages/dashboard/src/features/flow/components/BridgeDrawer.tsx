// The drawer of a data-integration action or source node (EMQX's NodeDrawer with its ActionSelect): pick one that
// exists, or "Create Action" / "Create Source" — the type picker, then that type's form of the actions and sources
// screens (ResourceForm, with the connector of that type, chosen or created in ConnectorDrawer). Confirm keeps a new one on the node as a draft; it is
// created when the flow is saved, before the rule (save.ts).
import { useMemo, useState } from 'react';
import { Alert, Button, Divider, Drawer, Flex, Form, Select, Skeleton, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/bridge';
import { defaultsOf } from '../../../shared/schema-form/schema';
import { hasBadJson, useResourceFields, useTypeOptions } from '../../connectors/resource-form';
import { ResourceForm } from '../../connectors/components/ResourceForm';
import { TypePicker, typeLabel } from '../../connectors/components/TypePicker';
import { useActionChoicesQuery } from '../../actions/actions.api';
import { useBridgesQuery } from '../../actions/bridges.api';
import { ConnectorPicker } from '../../actions/components/ConnectorPicker';
import { SCHEMA_KIND } from '../../actions/components/kind';
import type { NodeData } from '../flow.editor';
import { ConnectorDrawer } from './ConnectorDrawer';
import '../flow.messages';

export type BridgeNode = Extract<NodeData, { kind: 'action' | 'source' }>;

interface Props {
  nodeId: string | undefined;
  data: BridgeNode | undefined;
  onClose: () => void;
  onSave: (data: NodeData) => void;
  onDelete: () => void;
}

/** The select's value for "create a new one". */
const CREATE = '';

export function BridgeDrawer({ nodeId, data, onClose, onSave, onDelete }: Props) {
  const { t } = useTranslation(['flow', 'common']);
  return (
    <Drawer
      open={!!data}
      onClose={onClose}
      size="large"
      title={data ? t(`kind_${data.kind}`) : ''}
      destroyOnHidden
      extra={
        <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
          {t('deleteNode')}
        </Button>
      }
    >
      {data && <BridgeNodeForm key={nodeId} data={data} onClose={onClose} onSave={onSave} />}
    </Drawer>
  );
}

function BridgeNodeForm({ data, onClose, onSave }: { data: BridgeNode; onClose: () => void; onSave: (d: NodeData) => void }) {
  const { t } = useTranslation(['flow', 'connectors', 'common']);
  const isAction = data.kind === 'action';
  const bridgeKind = isAction ? 'actions' : 'sources';
  const actions = useActionChoicesQuery({ enabled: isAction });
  const sources = useBridgesQuery('sources');
  const existing = isAction ? (actions.data ?? []).map((a) => a.id) : (sources.data ?? []).map((s) => `${s.type}:${s.name}`);
  const loading = isAction ? actions.isLoading : sources.isLoading;
  // a node with a draft reopens on its form; a node naming one that exists, on the select
  const [picked, setPicked] = useState<string>(data.draft || !data.id ? CREATE : data.id);
  const [type, setType] = useState<string | undefined>(data.draft?.type);
  const [typeChoice, setTypeChoice] = useState<string | undefined>(data.draft?.type);
  const [form] = Form.useForm<Record<string, unknown>>();
  const types = useTypeOptions(SCHEMA_KIND[bridgeKind]);
  const schema = useResourceFields(SCHEMA_KIND[bridgeKind], type);
  const initialValues = useMemo(
    () => (data.draft && data.draft.type === type ? data.draft.body : { ...defaultsOf(schema.fields), name: '', description: '' }),
    [data.draft, type, schema.fields],
  );
  const label = isAction ? t('bridgeAction') : t('bridgeSource');

  const confirm = async () => {
    if (picked !== CREATE) return onSave({ kind: data.kind, id: picked });
    if (!type) return setTypeProblem(true);
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    if (hasBadJson(values)) return void toast().error(t('common:jsonError'));
    const name = String(values.name ?? '').trim();
    onSave({ kind: data.kind, id: `${type}:${name}`, draft: { type, name, body: { ...values, type, name } } });
  };
  const [typeProblem, setTypeProblem] = useState(false);
  /** the type of the connector being created in its own drawer */
  const [connectorFor, setConnectorFor] = useState<string | undefined>();

  return (
    <>
      <Form layout="vertical" component="div">
        <Form.Item label={label}>
          <Select
            aria-label={label}
            showSearch
            loading={loading}
            value={picked}
            onChange={setPicked}
            options={[{ value: CREATE, label: isAction ? t('createAction') : t('createSource') }, ...existing.map((id) => ({ value: id, label: id }))]}
          />
        </Form.Item>
      </Form>
      {picked === CREATE && (
        <>
          <Divider />
          {!type ? (
            types.isLoading ? (
              <Skeleton active />
            ) : types.isError ? (
              <Alert type="error" showIcon title={t('connectors:schemaFailed')} />
            ) : (
              <Flex vertical gap="middle">
                <TypePicker
                  options={types.options}
                  value={typeChoice}
                  onChange={(v) => {
                    setTypeChoice(v);
                    setTypeProblem(false);
                  }}
                />
                {typeProblem && <Alert type="error" showIcon title={t('common:selectRequired', { name: t('connectors:selectType') })} />}
                <Button type="primary" disabled={!typeChoice} style={{ width: 'fit-content' }} onClick={() => setType(typeChoice)}>
                  {t('connectors:next')}
                </Button>
              </Flex>
            )
          ) : (
            <>
              <Flex align="center" gap="small" style={{ marginBottom: 16 }}>
                <span>{typeLabel(type)}</span>
                <Button size="small" onClick={() => setType(undefined)}>
                  {t('changeType')}
                </Button>
              </Flex>
              <ResourceForm
                key={`${type}-${schema.fields.length}`}
                name={`flow-${bridgeKind}`}
                form={form}
                fields={schema.fields}
                loading={schema.isLoading}
                loadError={schema.isError}
                missingType={schema.missing ? type : undefined}
                initialValues={initialValues}
                renderField={(f) =>
                  f.key === 'connector' && f.path.length === 1 ? <ConnectorPicker key="connector" type={type} onCreate={() => setConnectorFor(type)} /> : undefined
                }
              />
              <ConnectorDrawer
                type={connectorFor}
                onClose={() => setConnectorFor(undefined)}
                onCreated={(name) => {
                  form.setFieldValue('connector', name);
                  setConnectorFor(undefined);
                }}
              />
            </>
          )}
        </>
      )}
      <Divider />
      <Space>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button type="primary" onClick={() => void confirm()}>
          {t('confirm')}
        </Button>
      </Space>
    </>
  );
}
