// Add or edit one listener of a gateway (the shared FormModal as a drawer). The TCP and SSL option blocks are the
// Listeners screen's own (the gateway listener schema takes emqx.tcp_opts and emqx.listener_ssl_opts unchanged);
// UDP and DTLS options are the gateway's (gateway.udp_opts, gateway.dtls_opts): CoAP, LwM2M and MQTT-SN take DTLS.
import { useMemo } from 'react';
import { Collapse, Form, Input, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/FormModal';
import { useMqdeckNode } from '../../../shared/apiExtensions';
import { ByteSizeInput } from '../../../shared/forms/ByteSizeInput';
import { DurationInput } from '../../../shared/forms/DurationInput';
import { InfinityNumberInput } from '../../../shared/forms/InfinityNumberInput';
import { IntegerInput } from '../../../shared/forms/IntegerInput';
import { useFieldRules } from '../../../shared/forms/rules';
import { TcpOptionsFields } from '../../listeners/components/TcpOptionsFields';
import { SslOptionsFields } from '../../listeners/components/SslOptionsFields';
import { PemInput } from '../../listeners/components/PemInput';
import '../../listeners/listeners.messages';
import { useSaveGatewayListenerMutation } from '../gateways.api';
import { LISTENER_TYPES, deepMerge, defaultListener, listenerBody, type GatewayListener, type GatewayName, type ListenerType, type ListenerValues } from '../gateways.config';
import '../gateways.messages';

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
// a port, or host:port / [v6]:port
const BIND_RE = /^(?:(?:[^\s:[\]]+|\[[0-9a-fA-F:.]+\]):)?(\d{1,5})$/;
// allow | deny, then an address, a CIDR or all (EMQX's access_rules)
const RULE_RE = /^(allow|deny)\s+(all|[0-9a-fA-F.:]+(\/\d{1,3})?)$/;

/** Is `bind` a port 1-65535, alone or after a host? */
export function validBind(bind: string): boolean {
  const m = BIND_RE.exec(bind.trim());
  return !!m && Number(m[1]) >= 1 && Number(m[1]) <= 65535;
}

interface Props {
  gateway: GatewayName;
  open: boolean;
  /** The listener being edited; none = add. */
  editing?: GatewayListener;
  onClose: () => void;
  /** The wizard keeps new listeners in memory until the gateway is set up: it passes this instead of calling the API. */
  onSave?: (values: ListenerValues) => void;
  /** Names already used (type:name), refused on add. */
  taken?: string[];
}

export function GatewayListenerDrawer({ gateway, open, editing, onClose, onSave, taken = [] }: Props) {
  const { t } = useTranslation(['gateways', 'listeners', 'common']);
  const rules = useFieldRules();
  const [form] = Form.useForm<ListenerValues>();
  const save = useSaveGatewayListenerMutation(gateway);
  const ourNode = useMqdeckNode();
  const types = LISTENER_TYPES[gateway];
  const type = (Form.useWatch('type', form) ?? editing?.type ?? types[0]) as ListenerType;
  const initialValues = useMemo(() => (editing ? listenerBody(editing as Record<string, unknown>) : defaultListener(gateway, types[0])), [editing, gateway, types]);

  function onTypeChange(next: ListenerType) {
    const keep = form.getFieldsValue(['name']);
    form.resetFields();
    form.setFieldsValue({ ...defaultListener(gateway, next), ...keep });
  }

  async function submit(values: ListenerValues) {
    const base = editing ? listenerBody(editing as Record<string, unknown>) : defaultListener(gateway, values.type);
    const body = deepMerge(base, values as Record<string, unknown>);
    if (typeof body.max_connections === 'string' && body.max_connections !== 'infinity') body.max_connections = Number(body.max_connections);
    if (onSave) return onSave(body);
    await save.mutateAsync({ id: editing?.id, body });
  }

  const sections = [
    (type === 'tcp' || type === 'ssl') && { key: 'tcp', label: t('listeners:tcpOptions'), forceRender: true, children: <TcpOptionsFields ourNode={ourNode} /> },
    type === 'ssl' && { key: 'ssl', label: t('listeners:sslOptions'), forceRender: true, children: <SslOptionsFields ourNode={ourNode} /> },
    (type === 'udp' || type === 'dtls') && { key: 'udp', label: t('udpOptions'), forceRender: true, children: <UdpOptionsFields /> },
    type === 'dtls' && { key: 'dtls', label: t('dtlsOptions'), forceRender: true, children: <DtlsOptionsFields ourNode={ourNode} /> },
  ].filter((s): s is Exclude<typeof s, false> => !!s);

  return (
    <FormModal<ListenerValues>
      variant="drawer"
      open={open}
      editing={!!editing}
      title={editing ? `${t('editListener')} ${editing.id ?? ''}` : t('addListener')}
      form={form}
      name="gatewayListener"
      initialValues={initialValues}
      onSubmit={submit}
      successMessage={onSave ? undefined : t('listenerSaved')}
      onClose={onClose}
      okText={editing ? t('common:update') : t('common:add')}
      requiredMark
      onValuesChange={(changed) => changed.type && onTypeChange(changed.type)}
    >
      <Form.Item name="type" label={t('type')} rules={[rules.required(t('type'))]}>
        <Select aria-label={t('type')} disabled={!!editing} options={types.map((v) => ({ value: v, label: v.toUpperCase() }))} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('listenerName')}
        dependencies={['type']}
        rules={[
          rules.required(t('listenerName')),
          { pattern: NAME_RE, message: t('common:namePattern') },
          ({ getFieldValue }) => ({
            validator: (_r, v: unknown) =>
              !editing && typeof v === 'string' && taken.includes(`${String(getFieldValue('type'))}:${v}`) ? Promise.reject(new Error(t('listenerExists'))) : Promise.resolve(),
          }),
        ]}
      >
        <Input aria-label={t('listenerName')} disabled={!!editing} />
      </Form.Item>
      <Form.Item
        name="bind"
        label={t('bind')}
        rules={[
          rules.required(t('bind')),
          { validator: (_r, v: unknown) => (v === undefined || v === '' || validBind(String(v)) ? Promise.resolve() : Promise.reject(new Error(t('bindFormat')))) },
        ]}
      >
        <Input aria-label={t('bind')} placeholder="0.0.0.0:61613" />
      </Form.Item>
      <Form.Item name="max_connections" label={t('maxConnections')} rules={[rules.required(t('maxConnections')), rules.integerOr('infinity', { min: 1 })]}>
        <InfinityNumberInput aria-label={t('maxConnections')} />
      </Form.Item>
      <Form.Item name="max_conn_rate" label={t('maxConnRate')} tooltip={t('maxConnRateHelp')} rules={[rules.integer({ min: 1 })]}>
        <IntegerInput aria-label={t('maxConnRate')} style={{ width: 240 }} />
      </Form.Item>
      {(type === 'tcp' || type === 'ssl') && (
        <Form.Item name="acceptors" label={t('acceptors')} rules={[rules.integer({ min: 1 })]}>
          <IntegerInput aria-label={t('acceptors')} style={{ width: 240 }} />
        </Form.Item>
      )}
      <Form.Item name="mountpoint" label={t('mountpoint')} tooltip={t('mountpointHelp')}>
        <Input aria-label={t('mountpoint')} />
      </Form.Item>
      <Form.Item name="enable_authn" label={t('enableAuthn')} valuePropName="checked">
        <Switch aria-label={t('enableAuthn')} />
      </Form.Item>
      <Form.Item
        name="access_rules"
        label={t('accessRules')}
        tooltip={t('accessRulesHelp')}
        rules={[
          {
            validator: (_r, v: unknown) =>
              Array.isArray(v) && v.some((r) => !RULE_RE.test(String(r).trim())) ? Promise.reject(new Error(t('accessRuleFormat'))) : Promise.resolve(),
          },
        ]}
      >
        <Select aria-label={t('accessRules')} mode="tags" open={false} />
      </Form.Item>
      <Form.Item name="enable" label={t('enable')} valuePropName="checked">
        <Switch aria-label={t('enable')} />
      </Form.Item>
      {sections.length > 0 && <Collapse items={sections} />}
    </FormModal>
  );
}

function UdpOptionsFields() {
  const { t } = useTranslation('gateways');
  const rules = useFieldRules();
  const p = (k: string) => ['udp_options', k];
  return (
    <>
      <Form.Item name={p('active_n')} label={t('activeN')} rules={[rules.integer({ min: 1 })]}>
        <IntegerInput aria-label={t('activeN')} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name={p('buffer')} label={t('buffer')} rules={[rules.size({ min: 1 })]}>
        <ByteSizeInput aria-label={t('buffer')} units={['KB', 'MB']} />
      </Form.Item>
      <Form.Item name={p('recbuf')} label={t('recbuf')} rules={[rules.size({ min: 1 })]}>
        <ByteSizeInput aria-label={t('recbuf')} units={['KB', 'MB']} />
      </Form.Item>
      <Form.Item name={p('sndbuf')} label={t('sndbuf')} rules={[rules.size({ min: 1 })]}>
        <ByteSizeInput aria-label={t('sndbuf')} units={['KB', 'MB']} />
      </Form.Item>
      <Form.Item name={p('reuseaddr')} label={t('reuseaddr')} valuePropName="checked">
        <Switch aria-label={t('reuseaddr')} />
      </Form.Item>
    </>
  );
}

const DTLS_VERSIONS = ['dtlsv1.2', 'dtlsv1'];
const DTLS_CIPHERS = ['ECDHE-ECDSA-AES128-GCM-SHA256', 'ECDHE-RSA-AES128-GCM-SHA256'];

/** EMQX's gateway.dtls_opts: the keys the node's DTLS 1.2 server honours (server gateways/dtls/socket.ts dtlsPolicy). */
function DtlsOptionsFields({ ourNode }: { ourNode: boolean }) {
  const { t } = useTranslation(['listeners', 'gateways', 'common']);
  const rules = useFieldRules();
  const p = (k: string) => ['dtls_options', k];
  return (
    <>
      {ourNode && <Typography.Paragraph type="secondary">{t('gateways:dtlsHint')}</Typography.Paragraph>}
      <Form.Item name={p('certfile')} label={t('certfile')}>
        <PemInput kind="cert" aria-label={`DTLS ${t('certfile')}`} />
      </Form.Item>
      <Form.Item name={p('keyfile')} label={t('keyfile')}>
        <PemInput kind="key" aria-label={`DTLS ${t('keyfile')}`} />
      </Form.Item>
      <Form.Item
        name={p('cacertfile')}
        label={t('cacertfile')}
        dependencies={[p('verify')]}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_r, v: unknown) =>
              getFieldValue(p('verify')) === 'verify_peer' && (typeof v !== 'string' || v.trim() === '')
                ? Promise.reject(new Error(t('gateways:verifyPeerNeedsCa')))
                : Promise.resolve(),
          }),
        ]}
      >
        <PemInput kind="cert" aria-label={`DTLS ${t('cacertfile')}`} />
      </Form.Item>
      <Form.Item name={p('verify')} label={t('verify')}>
        <Select aria-label={`DTLS ${t('verify')}`} options={['verify_none', 'verify_peer'].map((v) => ({ value: v, label: v }))} />
      </Form.Item>
      <Form.Item name={p('fail_if_no_peer_cert')} label={t('failIfNoPeerCert')} valuePropName="checked">
        <Switch aria-label={`DTLS ${t('failIfNoPeerCert')}`} />
      </Form.Item>
      <Form.Item
        name={p('versions')}
        label={t('gateways:dtlsVersions')}
        rules={[{ required: true, type: 'array', min: 1, message: t('common:selectRequired', { name: t('gateways:dtlsVersions') }) }]}
      >
        <Select aria-label={t('gateways:dtlsVersions')} mode="multiple" options={DTLS_VERSIONS.map((v) => ({ value: v, label: v }))} />
      </Form.Item>
      <Form.Item name={p('ciphers')} label={t('ciphers')} tooltip={t('gateways:dtlsCiphersHelp')}>
        <Select aria-label={`DTLS ${t('ciphers')}`} mode="multiple" options={DTLS_CIPHERS.map((v) => ({ value: v, label: v }))} />
      </Form.Item>
      <Form.Item name={p('depth')} label={t('depth')} rules={[rules.integer({ min: 0 })]}>
        <IntegerInput aria-label={`DTLS ${t('depth')}`} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name={p('handshake_timeout')} label={t('handshakeTimeout')} rules={[rules.duration({ min: 1 })]}>
        <DurationInput aria-label={`DTLS ${t('handshakeTimeout')}`} units={['ms', 's', 'm']} />
      </Form.Item>
    </>
  );
}
