import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ByteSizeInput } from '../../../shared/forms/ByteSizeInput';
import { DurationInput } from '../../../shared/forms/DurationInput';
import { useFieldRules } from '../../../shared/forms/rules';
import { useListenerHelp } from '../help';
import type { listenersMessages } from '../listeners.messages';
import { IntegerInput } from '../../../shared/forms/IntegerInput';

/** `ourNode`: the console talks to MQDeck's node, whose notes (Erlang-only keys, SO_REUSEADDR) are shown. */
export function TcpOptionsFields({ ourNode }: { ourNode: boolean }) {
  const { t } = useTranslation('listeners');
  const rules = useFieldRules();
  const p = (k: string) => ['tcp_options', k];
  const help = useListenerHelp();
  const tip = (k: string) => help(`tcp_options.${k}`);
  const note = (key: keyof typeof listenersMessages) => (ourNode ? t(key) : undefined);
  return (
    <>
      <Form.Item name={p('backlog')} tooltip={tip('backlog')} label={t('backlog')} rules={[rules.integer({ min: 1 })]}>
        <IntegerInput aria-label={t('backlog')} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name={p('active_n')} tooltip={tip('active_n')} label={t('activeN')} rules={[rules.integer({ min: 1 })]} extra={note('erlangOnly')}>
        <IntegerInput aria-label={t('activeN')} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name={p('buffer')} tooltip={tip('buffer')} label={t('buffer')} rules={[rules.size({ min: 1 })]} extra={note('erlangOnly')}>
        <ByteSizeInput aria-label={t('buffer')} units={['B', 'KB', 'MB']} />
      </Form.Item>
      <Form.Item name={p('high_watermark')} tooltip={tip('high_watermark')} label={t('highWatermark')} rules={[rules.size({ min: 1 })]}>
        <ByteSizeInput aria-label={t('highWatermark')} units={['KB', 'MB', 'GB']} />
      </Form.Item>
      <Form.Item name={p('send_timeout')} tooltip={tip('send_timeout')} label={t('sendTimeout')} rules={[rules.duration({ min: 1 })]}>
        <DurationInput aria-label={t('sendTimeout')} units={['ms', 's', 'm']} />
      </Form.Item>
      <Form.Item name={p('send_timeout_close')} tooltip={tip('send_timeout_close')} label={t('sendTimeoutClose')} valuePropName="checked">
        <Switch aria-label={t('sendTimeoutClose')} />
      </Form.Item>
      <Form.Item name={p('nodelay')} tooltip={tip('nodelay')} label={t('nodelay')} valuePropName="checked">
        <Switch aria-label={t('nodelay')} />
      </Form.Item>
      <Form.Item name={p('reuseaddr')} tooltip={tip('reuseaddr')} label={t('reuseaddr')} valuePropName="checked" extra={note('reuseaddrNote')}>
        <Switch aria-label={t('reuseaddr')} />
      </Form.Item>
    </>
  );
}
