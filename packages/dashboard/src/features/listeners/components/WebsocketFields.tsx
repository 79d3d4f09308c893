import { Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DurationInput } from '../../mqtt-settings/fields/DurationInput';
import { InfinityNumberInput } from '../../mqtt-settings/fields/InfinityNumberInput';
import { useFieldRules } from '../../mqtt-settings/fields/rules';

export function WebsocketFields() {
  const { t } = useTranslation('listeners');
  const rules = useFieldRules();
  const p = (...k: string[]) => ['websocket', ...k];
  return (
    <>
      <Form.Item name={p('mqtt_path')} label={t('mqttPath')} rules={[rules.required(t('mqttPath')), { pattern: /^\//, message: t('common:formatError') }]}>
        <Input aria-label={t('mqttPath')} />
      </Form.Item>
      <Form.Item name={p('idle_timeout')} label={t('idleTimeout')} rules={[rules.duration({ min: 1 }, ['infinity'])]}>
        <DurationInput aria-label={t('idleTimeout')} units={['s', 'm', 'h']} words={['infinity']} />
      </Form.Item>
      <Form.Item name={p('max_frame_size')} label={t('maxFrameSize')} rules={[rules.integerOr('infinity', { min: 1 })]}>
        <InfinityNumberInput aria-label={t('maxFrameSize')} />
      </Form.Item>
      <Form.Item name={p('compress')} label={t('compress')} valuePropName="checked">
        <Switch aria-label={t('compress')} />
      </Form.Item>
      <Form.Item name={p('deflate_opts', 'server_max_window_bits')} label={t('windowBits')} rules={[rules.integer({ min: 8, max: 15 })]}>
        <InputNumber aria-label={t('windowBits')} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name={p('deflate_opts', 'mem_level')} label={t('memLevel')} rules={[rules.integer({ min: 1, max: 9 })]}>
        <InputNumber aria-label={t('memLevel')} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name={p('supported_subprotocols')} label={t('subprotocols')}>
        <Input aria-label={t('subprotocols')} />
      </Form.Item>
      <Form.Item name={p('fail_if_no_subprotocol')} label={t('failIfNoSubprotocol')} valuePropName="checked">
        <Switch aria-label={t('failIfNoSubprotocol')} />
      </Form.Item>
      <Form.Item name={p('check_origin_enable')} label={t('checkOrigin')} valuePropName="checked">
        <Switch aria-label={t('checkOrigin')} />
      </Form.Item>
      <Form.Item name={p('allow_origin_absence')} label={t('allowOriginAbsence')} valuePropName="checked">
        <Switch aria-label={t('allowOriginAbsence')} />
      </Form.Item>
      <Form.Item name={p('check_origins')} label={t('checkOrigins')}>
        <Input aria-label={t('checkOrigins')} />
      </Form.Item>
    </>
  );
}
