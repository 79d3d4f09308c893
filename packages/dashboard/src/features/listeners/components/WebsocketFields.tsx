import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DurationInput } from '../../../shared/forms/DurationInput';
import { InfinityNumberInput } from '../../../shared/forms/InfinityNumberInput';
import { useFieldRules } from '../../../shared/forms/rules';
import { useListenerHelp } from '../help';
import { IntegerInput } from '../../../shared/forms/IntegerInput';

const PIGGYBACK = ['single', 'multiple'] as const;

export function WebsocketFields() {
  const { t } = useTranslation(['listeners', 'common']);
  const rules = useFieldRules();
  const p = (...k: string[]) => ['websocket', ...k];
  const help = useListenerHelp();
  const tip = (...k: string[]) => help(['websocket', ...k].join('.'));
  return (
    <>
      <Form.Item
        name={p('mqtt_path')}
        tooltip={tip('mqtt_path')}
        label={t('mqttPath')}
        rules={[rules.required(t('mqttPath')), { pattern: /^\//, message: t('common:formatError') }]}
      >
        <Input aria-label={t('mqttPath')} />
      </Form.Item>
      <Form.Item name={p('mqtt_piggyback')} tooltip={tip('mqtt_piggyback')} label={t('mqttPiggyback')}>
        <Select aria-label={t('mqttPiggyback')} options={PIGGYBACK.map((v) => ({ value: v, label: v }))} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name={p('idle_timeout')} tooltip={tip('idle_timeout')} label={t('idleTimeout')} rules={[rules.duration({ min: 1 }, ['infinity'])]}>
        <DurationInput aria-label={t('idleTimeout')} units={['s', 'm', 'h']} words={['infinity']} />
      </Form.Item>
      <Form.Item name={p('max_frame_size')} tooltip={tip('max_frame_size')} label={t('maxFrameSize')} rules={[rules.integerOr('infinity', { min: 1 })]}>
        <InfinityNumberInput aria-label={t('maxFrameSize')} />
      </Form.Item>
      <Form.Item name={p('compress')} tooltip={tip('compress')} label={t('compress')} valuePropName="checked">
        <Switch aria-label={t('compress')} />
      </Form.Item>
      <Form.Item
        name={p('deflate_opts', 'server_max_window_bits')}
        tooltip={tip('deflate_opts', 'server_max_window_bits')}
        label={t('windowBits')}
        rules={[rules.integer({ min: 8, max: 15 })]}
      >
        <IntegerInput aria-label={t('windowBits')} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name={p('deflate_opts', 'mem_level')} tooltip={tip('deflate_opts', 'mem_level')} label={t('memLevel')} rules={[rules.integer({ min: 1, max: 9 })]}>
        <IntegerInput aria-label={t('memLevel')} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name={p('supported_subprotocols')} tooltip={tip('supported_subprotocols')} label={t('subprotocols')}>
        <Input aria-label={t('subprotocols')} />
      </Form.Item>
      <Form.Item name={p('fail_if_no_subprotocol')} tooltip={tip('fail_if_no_subprotocol')} label={t('failIfNoSubprotocol')} valuePropName="checked">
        <Switch aria-label={t('failIfNoSubprotocol')} />
      </Form.Item>
      <Form.Item name={p('check_origin_enable')} tooltip={tip('check_origin_enable')} label={t('checkOrigin')} valuePropName="checked">
        <Switch aria-label={t('checkOrigin')} />
      </Form.Item>
      <Form.Item name={p('allow_origin_absence')} tooltip={tip('allow_origin_absence')} label={t('allowOriginAbsence')} valuePropName="checked">
        <Switch aria-label={t('allowOriginAbsence')} />
      </Form.Item>
      <Form.Item name={p('check_origins')} tooltip={tip('check_origins')} label={t('checkOrigins')}>
        <Input aria-label={t('checkOrigins')} />
      </Form.Item>
      <Form.Item name={p('proxy_address_header')} tooltip={tip('proxy_address_header')} label={t('proxyAddressHeader')}>
        <Input aria-label={t('proxyAddressHeader')} />
      </Form.Item>
      <Form.Item name={p('proxy_port_header')} tooltip={tip('proxy_port_header')} label={t('proxyPortHeader')}>
        <Input aria-label={t('proxyPortHeader')} />
      </Form.Item>
    </>
  );
}
