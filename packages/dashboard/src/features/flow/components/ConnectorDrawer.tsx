// "Create Connector" inside a new action or source of the flow (EMQX creates the connector in a drawer over the
// action form and selects it): the connectors screen's ResourceForm for the action's type, with Test and Create.
// Create POSTs /connectors at once (a connector stands alone; the action naming it is created when the flow is
// saved) and hands its name back to the connector field.
import { useMemo } from 'react';
import { Button, Drawer, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/bridge';
import { defaultsOf } from '../../../shared/schema-form/schema';
import { probeConnector, useCreateConnectorMutation } from '../../connectors/connectors.api';
import { hasBadJson, useProbe, useResourceFields } from '../../connectors/resource-form';
import { ResourceForm } from '../../connectors/components/ResourceForm';
import { typeLabel } from '../../connectors/components/TypePicker';
import '../../actions/actions.messages';

interface Props {
  /** the connector's type (the action's or source's); undefined while closed */
  type: string | undefined;
  onClose: () => void;
  onCreated: (name: string) => void;
}

export function ConnectorDrawer({ type, onClose, onCreated }: Props) {
  const { t } = useTranslation(['actions', 'connectors', 'common']);
  return (
    <Drawer open={!!type} onClose={onClose} size="large" title={type ? `${t('newConnector')} / ${typeLabel(type)}` : ''} destroyOnHidden>
      {type && <ConnectorForm type={type} onClose={onClose} onCreated={onCreated} />}
    </Drawer>
  );
}

function ConnectorForm({ type, onClose, onCreated }: { type: string; onClose: () => void; onCreated: (name: string) => void }) {
  const { t } = useTranslation(['actions', 'connectors', 'common']);
  const [form] = Form.useForm<Record<string, unknown>>();
  const schema = useResourceFields('connector', type);
  const create = useCreateConnectorMutation();
  const probe = useProbe(probeConnector, t('connectors:connectionSuccessful'));
  const initialValues = useMemo(() => ({ ...defaultsOf(schema.fields), name: '', description: '' }), [schema.fields]);
  const read = async () => {
    const values = await form.validateFields();
    if (hasBadJson(values)) throw new SyntaxError('json');
    return { ...values, type, name: String(values.name ?? '').trim() };
  };
  const submit = async () => {
    let body: Record<string, unknown>;
    try {
      body = await read();
    } catch (e) {
      if (e instanceof SyntaxError) void toast().error(t('common:jsonError'));
      return;
    }
    try {
      await create.mutateAsync(body);
    } catch {
      return; // the node's message is toasted by the mutation cache
    }
    void toast().success(t('common:createSuccess'));
    onCreated(String(body.name));
  };
  return (
    <>
      <ResourceForm
        key={schema.fields.length}
        name="flow-connector"
        form={form}
        fields={schema.fields}
        loading={schema.isLoading}
        loadError={schema.isError}
        missingType={schema.missing ? type : undefined}
        initialValues={initialValues}
      />
      <Space style={{ marginTop: 24 }}>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button loading={probe.testing} disabled={schema.fields.length === 0} onClick={() => void probe.run(read)}>
          {t('connectors:test')}
        </Button>
        <Button type="primary" loading={create.isPending} disabled={schema.fields.length === 0} onClick={() => void submit()}>
          {t('common:create')}
        </Button>
      </Space>
    </>
  );
}
