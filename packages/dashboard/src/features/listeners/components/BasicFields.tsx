import { Form, Input, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DurationInput } from '../../../shared/forms/DurationInput';
import { InfinityNumberInput } from '../../../shared/forms/InfinityNumberInput';
import { useFieldRules } from '../../../shared/forms/rules';
import { LISTENER_TYPES, useZoneNamesQuery } from '../listeners.api';
import { useListenerHelp } from '../help';

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
// a port, or host:port / [v6]:port
const BIND_RE = /^(?:(?:[^\s:[\]]+|\[[0-9a-fA-F:.]+\]):)?(\d{1,5})$/;

/** `ourNode`: the console talks to MQDeck's node, whose notes (the zone's) are shown. */
export function BasicFields({ creating, ourNode }: { creating: boolean; ourNode: boolean }) {
  const { t } = useTranslation(['listeners', 'common']);
  const rules = useFieldRules();
  const help = useListenerHelp();
  const zones = useZoneNamesQuery().data ?? ['default'];
  // a stored zone the node no longer lists stays selectable, so opening and saving a listener does not change it
  const stored = Form.useWatch('zone') as string | undefined;
  const zoneNames = stored && !zones.includes(stored) ? [...zones, stored] : zones;
  return (
    <>
      <Form.Item name="type" label={t('type')} rules={[rules.required(t('type'))]}>
        <Select aria-label={t('type')} disabled={!creating} options={LISTENER_TYPES.map((v) => ({ value: v, label: v }))} />
      </Form.Item>
      <Form.Item name="name" label={t('name')} rules={[rules.required(t('name')), { pattern: NAME_RE, message: t('common:namePattern') }]}>
        <Input aria-label={t('name')} disabled={!creating} />
      </Form.Item>
      <Form.Item
        name="bind"
        tooltip={help('bind')}
        label={t('bind')}
        rules={[
          rules.required(t('bind')),
          {
            validator: (_r, v: unknown) => {
              if (v === undefined || v === '') return Promise.resolve();
              const m = BIND_RE.exec(String(v).trim());
              return m && Number(m[1]) >= 1 && Number(m[1]) <= 65535 ? Promise.resolve() : Promise.reject(new Error(t('bindFormat')));
            },
          },
        ]}
      >
        <Input aria-label={t('bind')} placeholder="0.0.0.0:1883" />
      </Form.Item>
      <Form.Item
        name="max_connections"
        tooltip={help('max_connections')}
        label={t('maxConnections')}
        rules={[rules.required(t('maxConnections')), rules.integerOr('infinity', { min: 1 })]}
      >
        <InfinityNumberInput aria-label={t('maxConnections')} />
      </Form.Item>
      <Form.Item name="mountpoint" tooltip={help('mountpoint')} label={t('mountpoint')}>
        <Input aria-label={t('mountpoint')} placeholder="${clientid}/" />
      </Form.Item>
      <Form.Item name="zone" tooltip={help('zone')} label={t('zone')} extra={ourNode ? t('zoneGlobalNote') : undefined}>
        <Select aria-label={t('zone')} options={zoneNames.map((z) => ({ value: z, label: z }))} />
      </Form.Item>
      <Form.Item name="enable_authn" tooltip={help('enable_authn')} label={t('enableAuthn')}>
        <Radio.Group
          options={[
            { value: true, label: 'true' },
            { value: false, label: 'false' },
            { value: 'quick_deny_anonymous', label: t('authnQuickDeny') },
          ]}
        />
      </Form.Item>
      <Form.Item name="access_rules" label={t('accessRules')} tooltip={t('accessRulesHelp')}>
        <Select aria-label={t('accessRules')} mode="tags" open={false} />
      </Form.Item>
      <Form.Item name="proxy_protocol" tooltip={help('proxy_protocol')} label={t('proxyProtocol')} valuePropName="checked">
        <Switch aria-label={t('proxyProtocol')} />
      </Form.Item>
      <Form.Item name="proxy_protocol_timeout" tooltip={help('proxy_protocol_timeout')} label={t('proxyProtocolTimeout')} rules={[rules.duration({ min: 1000 })]}>
        <DurationInput aria-label={t('proxyProtocolTimeout')} units={['s', 'm']} />
      </Form.Item>
    </>
  );
}
