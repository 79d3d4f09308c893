// Flow control of one listener (EMQX 5.8 keeps these on the listener itself, there is no `limiter.client` block):
// max_conn_rate counts the listener's accepted connections, messages_rate and bytes_rate apply to each client.
// Empty or 'infinity' = no limit; the node enforces all three (docs/node-counterparts.md).
import { Divider, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { RateInput } from '../../../shared/forms/RateInput';
import { useFieldRules } from '../../../shared/forms/rules';
import type { listenersMessages } from '../listeners.messages';

type Key = keyof typeof listenersMessages;

export function FlowControlFields() {
  const { t } = useTranslation('listeners');
  const rules = useFieldRules();
  // rate(true) also refuses a zero rate: the node refuses '0/s' (it would stop every client)
  const field = (name: string, label: Key, help: Key) => (
    <Form.Item name={name} label={t(label)} tooltip={t(help)} rules={[rules.rate(true)]}>
      <RateInput aria-label={t(label)} />
    </Form.Item>
  );
  return (
    <>
      <Divider titlePlacement="start">{t('flowControl')}</Divider>
      {field('max_conn_rate', 'maxConnRate', 'maxConnRateHelp')}
      {field('messages_rate', 'messagesRate', 'messagesRateHelp')}
      {field('bytes_rate', 'bytesRate', 'bytesRateHelp')}
    </>
  );
}
