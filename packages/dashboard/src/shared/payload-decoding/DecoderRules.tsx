// The decoders remembered per topic filter, managed in one place (a popover where a screen lists many payloads, e.g.
// the WebSocket client's message list): each filter with its decoder and Forget, and a form to add one.
import { useState } from 'react';
import { Button, Empty, Flex, Input, List, Popover, Select, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { topicError } from '../topic';
import { parseDecoderKey, type DecoderKey } from './decoders';
import { useSchemaOptions } from './DecoderPicker';
import { forgetDecoder, rememberDecoder, useDecoderRules } from './memory';
import './payload-decoding.messages';

/** A decoder's name for the operator: the plain view's label, Sparkplug B, or the schema (and message type). */
export function useDecoderLabel(): (key: DecoderKey) => string {
  const { t } = useTranslation('payloadDecoding');
  const { t: tc } = useTranslation('common');
  return (key) => {
    const d = parseDecoderKey(key);
    switch (d?.kind) {
      case 'text':
        return tc('payloadText');
      case 'json':
        return tc('payloadJson');
      case 'hex':
        return tc('payloadHex');
      case 'base64':
        return tc('payloadBase64');
      case 'sparkplug':
        return t('sparkplug');
      case 'avro':
        return d.schema;
      case 'protobuf':
        return `${d.schema} · ${d.messageType}`;
      default:
        return key;
    }
  };
}

function RulesContent() {
  const { t } = useTranslation('payloadDecoding');
  const { t: tc } = useTranslation('common');
  const rules = useDecoderRules();
  const label = useDecoderLabel();
  const { options, loading } = useSchemaOptions(true);
  const [filter, setFilter] = useState('');
  const [decoder, setDecoder] = useState<DecoderKey>();
  const error = filter.trim() === '' ? undefined : topicError(filter.trim(), 'filter');
  const choices = [
    { value: 'text', label: tc('payloadText') },
    { value: 'json', label: tc('payloadJson') },
    { value: 'hex', label: tc('payloadHex') },
    { value: 'base64', label: tc('payloadBase64') },
    ...options,
  ];
  return (
    <Flex vertical gap={8} style={{ width: 420 }}>
      {rules.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noDecoders')} />
      ) : (
        <List
          size="small"
          dataSource={[...rules]}
          renderItem={(r) => (
            <List.Item
              actions={[
                <Button
                  key="forget"
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('forgetFor', { filter: r.filter })}
                  onClick={() => forgetDecoder(r.filter)}
                />,
              ]}
            >
              <Typography.Text code>{r.filter}</Typography.Text> → {label(r.decoder)}
            </List.Item>
          )}
        />
      )}
      <Flex gap={8} align="start">
        <Input
          aria-label={t('topicFilter')}
          placeholder={t('topicFilter')}
          value={filter}
          status={error ? 'error' : undefined}
          onChange={(e) => setFilter(e.target.value)}
          style={{ flex: 1 }}
        />
        <Select<string>
          aria-label={t('decodeWith')}
          placeholder={t('decodeWith')}
          value={decoder}
          onChange={(v) => setDecoder(v as DecoderKey)}
          options={choices}
          loading={loading}
          popupMatchSelectWidth={false}
          style={{ width: 170 }}
        />
        <Button
          type="primary"
          disabled={!!error || !filter.trim() || !decoder}
          onClick={() => {
            if (decoder && rememberDecoder(filter.trim(), decoder)) {
              setFilter('');
              setDecoder(undefined);
            }
          }}
        >
          {t('add')}
        </Button>
      </Flex>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Flex>
  );
}

/** "Decoders (n)": opens the remembered decoders of this browser. */
export function DecoderRulesButton() {
  const { t } = useTranslation('payloadDecoding');
  const rules = useDecoderRules();
  return (
    <Popover trigger="click" title={t('decodersTitle')} content={<RulesContent />} destroyOnHidden placement="bottomLeft">
      <Button size="small">
        {t('decoders')}
        {rules.length > 0 ? ` (${rules.length})` : ''}
      </Button>
    </Popover>
  );
}
