import { useMemo } from 'react';
import { Alert, Collapse, Form, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/FormModal';
import { useMqdeckNode } from '../../../shared/apiExtensions';
import { useCreateListenerMutation, useListenerQuery, useUpdateListenerMutation, type ListenerConfig, type ListenerSummary, type ListenerType } from '../listeners.api';
import { deepMerge, defaultListener, withClearedRates } from '../listeners.config';
import { BasicFields } from './BasicFields';
import { FlowControlFields } from './FlowControlFields';
import { SslOptionsFields } from './SslOptionsFields';
import { TcpOptionsFields } from './TcpOptionsFields';
import { WebsocketFields } from './WebsocketFields';

// The shared create-or-edit flow (useFormDialog + FormModal) as a drawer: the form is too long for a modal.
interface Props {
  open: boolean;
  /** The listener being edited; none = create. */
  editing?: ListenerSummary;
  onClose: () => void;
}

/** EMQX may send ciphers as one comma-separated string; the form edits a list. */
function toForm(config: ListenerConfig): ListenerConfig {
  const ssl = config.ssl_options;
  if (ssl && typeof ssl.ciphers === 'string')
    return {
      ...config,
      ssl_options: {
        ...ssl,
        ciphers: ssl.ciphers
          .split(',')
          .map((c: string) => c.trim())
          .filter(Boolean),
      },
    };
  return config;
}

export function ListenerDrawer({ open, editing, onClose }: Props) {
  const { t } = useTranslation(['listeners', 'common']);
  const [form] = Form.useForm<ListenerConfig>();
  const detail = useListenerQuery(open ? editing?.id : undefined);
  const create = useCreateListenerMutation();
  const update = useUpdateListenerMutation();
  // notes on what our node does with a key (or with QUIC) are not true of a real EMQX
  const ourNode = useMqdeckNode();
  const type = (Form.useWatch('type', form) ?? editing?.type ?? 'tcp') as ListenerType;
  const initialValues = useMemo(() => {
    if (!editing) return toForm({ ...defaultListener('tcp'), name: '' });
    return detail.data && toForm(detail.data);
  }, [editing, detail.data]);

  function onTypeChange(next: ListenerType) {
    const keep = form.getFieldsValue(['name']);
    form.resetFields();
    form.setFieldsValue(toForm({ ...defaultListener(next), ...keep }));
  }

  async function submit(values: ListenerConfig) {
    if (editing && detail.data) {
      await update.mutateAsync({ id: editing.id, config: deepMerge(detail.data, withClearedRates(values, detail.data)), base: detail.data });
    } else {
      const defaults = defaultListener(type);
      await create.mutateAsync(deepMerge(defaults, withClearedRates(values, defaults)));
    }
  }

  const sections = [
    type !== 'quic' && { key: 'tcp', label: t('tcpOptions'), forceRender: true, children: <TcpOptionsFields ourNode={ourNode} /> },
    (type === 'ssl' || type === 'wss') && { key: 'ssl', label: t('sslOptions'), forceRender: true, children: <SslOptionsFields ourNode={ourNode} /> },
    (type === 'ws' || type === 'wss') && { key: 'ws', label: t('websocketOptions'), forceRender: true, children: <WebsocketFields /> },
  ].filter((s): s is Exclude<typeof s, false> => !!s);

  return (
    <FormModal<ListenerConfig>
      variant="drawer"
      open={open}
      editing={!!editing}
      title={editing ? `${t('editListener')} ${editing.id}` : t('addListener')}
      form={form}
      name="listener"
      initialValues={initialValues}
      onSubmit={submit}
      successMessage={t('listenerSaved')}
      onClose={onClose}
      okText={editing ? t('common:update') : t('common:create')}
      okDisabled={!!editing && !detail.data}
      requiredMark
      onValuesChange={(changed) => changed.type && onTypeChange(changed.type)}
    >
      {editing && detail.isLoading && <Spin />}
      {ourNode && type === 'quic' && <Alert type="warning" showIcon title={t('quicNotice')} style={{ marginBottom: 16 }} />}
      <BasicFields creating={!editing} ourNode={ourNode} />
      <FlowControlFields />
      {sections.length > 0 && <Collapse items={sections} defaultActiveKey={type === 'tcp' ? [] : [sections[sections.length - 1].key]} />}
    </FormModal>
  );
}
