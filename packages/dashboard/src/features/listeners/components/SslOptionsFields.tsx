import { Form, Input, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DurationInput } from '../../../shared/forms/DurationInput';
import { useFieldRules } from '../../../shared/forms/rules';
import { useListenerHelp } from '../help';
import { PemInput } from './PemInput';
import type { listenersMessages } from '../listeners.messages';
import { IntegerInput } from '../../../shared/forms/IntegerInput';

const VERSIONS = ['tlsv1.3', 'tlsv1.2', 'tlsv1.1', 'tlsv1'];
const LOG_LEVELS = ['emergency', 'alert', 'critical', 'error', 'warning', 'notice', 'info', 'debug', 'none', 'all'];

/** `ourNode`: the console talks to MQDeck's node, whose notes (own certificate, keys it does not apply) are shown. */
export function SslOptionsFields({ ourNode }: { ourNode: boolean }) {
  const { t } = useTranslation(['listeners', 'common']);
  const rules = useFieldRules();
  const p = (k: string) => ['ssl_options', k];
  const help = useListenerHelp();
  const tip = (k: string) => help(`ssl_options.${k}`);
  const note = (key: keyof typeof listenersMessages) => (ourNode ? t(key) : undefined);
  return (
    <>
      {ourNode && <Typography.Paragraph type="secondary">{t('nodeCertHint')}</Typography.Paragraph>}
      <Form.Item name={p('certfile')} tooltip={tip('certfile')} label={t('certfile')}>
        <PemInput kind="cert" aria-label={t('certfile')} />
      </Form.Item>
      <Form.Item name={p('keyfile')} tooltip={tip('keyfile')} label={t('keyfile')}>
        <PemInput kind="key" aria-label={t('keyfile')} />
      </Form.Item>
      {/* the node answers '******' for a stored passphrase; sending that back keeps it */}
      <Form.Item name={p('password')} tooltip={tip('password')} label={t('keyPassword')} extra={t('keyPasswordHint')}>
        <Input.Password aria-label={t('keyPassword')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name={p('cacertfile')} tooltip={tip('cacertfile')} label={t('cacertfile')}>
        <PemInput kind="cert" aria-label={t('cacertfile')} />
      </Form.Item>
      <Form.Item name={p('verify')} tooltip={tip('verify')} label={t('verify')}>
        <Select aria-label={t('verify')} options={['verify_none', 'verify_peer'].map((v) => ({ value: v, label: v }))} />
      </Form.Item>
      <Form.Item name={p('fail_if_no_peer_cert')} tooltip={tip('fail_if_no_peer_cert')} label={t('failIfNoPeerCert')} valuePropName="checked">
        <Switch aria-label={t('failIfNoPeerCert')} />
      </Form.Item>
      <Form.Item
        name={p('versions')}
        tooltip={tip('versions')}
        label={t('versions')}
        rules={[{ required: true, type: 'array', min: 1, message: t('common:selectRequired', { name: t('versions') }) }]}
      >
        <Select aria-label={t('versions')} mode="multiple" options={VERSIONS.map((v) => ({ value: v, label: v }))} />
      </Form.Item>
      <Form.Item name={p('ciphers')} label={t('ciphers')} tooltip={t('ciphersHelp')}>
        <Select aria-label={t('ciphers')} mode="tags" open={false} tokenSeparators={[',']} />
      </Form.Item>
      <Form.Item name={p('depth')} tooltip={tip('depth')} label={t('depth')} rules={[rules.integer({ min: 0 })]}>
        <IntegerInput aria-label={t('depth')} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name={p('handshake_timeout')} tooltip={tip('handshake_timeout')} label={t('handshakeTimeout')} rules={[rules.duration({ min: 1 })]}>
        <DurationInput aria-label={t('handshakeTimeout')} units={['ms', 's', 'm']} />
      </Form.Item>
      <Form.Item name={p('hibernate_after')} tooltip={tip('hibernate_after')} label={t('hibernateAfter')} rules={[rules.duration({ min: 1 })]} extra={note('erlangOnly')}>
        <DurationInput aria-label={t('hibernateAfter')} units={['ms', 's', 'm']} />
      </Form.Item>
      <Form.Item name={p('log_level')} tooltip={tip('log_level')} label={t('logLevel')} extra={note('notApplied')}>
        <Select aria-label={t('logLevel')} options={LOG_LEVELS.map((v) => ({ value: v, label: v }))} />
      </Form.Item>
    </>
  );
}
