// The decoder picker of every payload view: the plain views as a segmented control, Sparkplug B and the registered
// Avro/Protobuf schemas (one entry per Protobuf message type) in a select, and the per-topic-filter memory: the
// filter the current choice is remembered for (with Forget), or "Remember for topic filter" with the filter to use.
import { useState } from 'react';
import { Button, Flex, Form, Input, Popover, Segmented, Select, Tag, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { topicError } from '../topic';
import { decoderKey, isPlainDecoder, type DecoderKey, type PlainDecoder } from './decoders';
import { forgetDecoder, rememberDecoder, ruleFor, useDecoderRules } from './memory';
import { useDecoderSchemas, type DecodingSchema } from './useDecoderSchemas';
import './payload-decoding.messages';

/** The select's options: Sparkplug B, then the schemas that decode (a schema that does not compile is disabled). */
interface Option {
  value: string;
  label: string;
  disabled?: boolean;
}

export function useSchemaOptions(enabled: boolean): { options: { label: string; title: string; options: Option[] }[]; loading: boolean } {
  const { t } = useTranslation('payloadDecoding');
  const { decoding, loading } = useDecoderSchemas(enabled);
  const group = (type: DecodingSchema['type']): Option[] =>
    decoding
      .filter((s) => s.type === type)
      .flatMap((s): Option[] =>
        type === 'avro' || s.problem
          ? [{ value: `${type}:${s.name}`, label: s.problem ? `${s.name} (${t('schemaNotCompiled')})` : s.name, disabled: !!s.problem }]
          : s.messageTypes.map((m) => ({ value: decoderKey({ kind: 'protobuf', schema: s.name, messageType: m }), label: `${s.name} · ${m}` })),
      );
  const options = [
    { label: t('builtIn'), title: 'builtIn', options: [{ value: 'sparkplug', label: t('sparkplug') }] },
    { label: t('avroSchemas'), title: 'avro', options: group('avro') },
    { label: t('protobufSchemas'), title: 'protobuf', options: group('protobuf') },
  ].filter((g) => g.options.length > 0);
  return { options, loading };
}

interface Props {
  value: DecoderKey;
  onChange: (key: DecoderKey) => void;
  /** the payload's topic: shows the per-filter memory; without it the picker only changes this view */
  topic?: string;
  /** the plain views offered (the WebSocket list shows text and hex only) */
  plain?: readonly PlainDecoder[];
}

export function DecoderPicker({ value, onChange, topic, plain = ['text', 'json', 'hex', 'base64'] }: Props) {
  const { t } = useTranslation('payloadDecoding');
  const { t: tc } = useTranslation('common');
  const { token } = theme.useToken();
  const [listed, setListed] = useState(false);
  const { options, loading } = useSchemaOptions(listed || !isPlainDecoder(value));
  const plainLabel: Record<PlainDecoder, string> = { text: tc('payloadText'), json: tc('payloadJson'), hex: tc('payloadHex'), base64: tc('payloadBase64') };
  return (
    <Flex wrap align="center" gap={token.marginSM}>
      <Segmented<string> value={isPlainDecoder(value) ? value : ''} onChange={(v) => onChange(v as DecoderKey)} options={plain.map((p) => ({ value: p, label: plainLabel[p] }))} />
      <Select<string>
        aria-label={t('decodeWith')}
        placeholder={t('schemaPlaceholder')}
        value={isPlainDecoder(value) ? undefined : value}
        onChange={(v) => onChange(v as DecoderKey)}
        options={options}
        loading={loading}
        onOpenChange={(open) => open && setListed(true)}
        popupMatchSelectWidth={false}
        style={{ minWidth: 220 }}
        showSearch
      />
      {topic !== undefined && <RememberControl topic={topic} value={value} />}
    </Flex>
  );
}

function RememberControl({ topic, value }: { topic: string; value: DecoderKey }) {
  const { t } = useTranslation('payloadDecoding');
  const rules = useDecoderRules();
  const rule = ruleFor(topic, rules);
  const [open, setOpen] = useState(false);
  if (rule && rule.decoder === value)
    return (
      <Tooltip title={t('rememberTitle')}>
        <Tag
          color="blue"
          closable
          closeIcon={<span aria-label={t('forgetFor', { filter: rule.filter })}>×</span>}
          onClose={(e) => {
            e.preventDefault();
            forgetDecoder(rule.filter);
          }}
          data-testid="decoder-remembered"
        >
          {t('rememberedFor', { filter: rule.filter })}
        </Tag>
      </Tooltip>
    );
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title={t('rememberTitle')}
      destroyOnHidden
      content={
        <FilterForm
          initial={rule?.filter ?? topic}
          onSave={(filter) => {
            rememberDecoder(filter, value);
            setOpen(false);
          }}
        />
      }
    >
      <Button size="small">{t('remember')}</Button>
    </Popover>
  );
}

/** The filter input of the memory, checked with the console's one topic rule. */
export function FilterForm({ initial, onSave }: { initial: string; onSave: (filter: string) => void }) {
  const { t } = useTranslation('payloadDecoding');
  const [filter, setFilter] = useState(initial);
  const error = filter.trim() === '' ? undefined : topicError(filter.trim(), 'filter');
  return (
    <Form layout="vertical" onFinish={() => !error && filter.trim() && onSave(filter.trim())} style={{ minWidth: 280 }}>
      <Form.Item label={t('topicFilter')} validateStatus={error ? 'error' : undefined} help={error} style={{ marginBottom: 8 }}>
        <Input aria-label={t('topicFilter')} value={filter} onChange={(e) => setFilter(e.target.value)} autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="small" disabled={!!error || filter.trim() === ''}>
        {t('save')}
      </Button>
    </Form>
  );
}
