// Shows a base64 MQTT payload with the decoder the operator picks (text, pretty JSON, hex, base64, Sparkplug B or a
// registered Avro/Protobuf schema), opening with the decoder remembered for the payload's topic filter. Always
// rendered as text nodes (React escapes), never as HTML: payloads are untrusted.
import { useMemo } from 'react';
import { Alert, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { decodeBase64 } from './payload-decoding/bytes';
import { viewPayload, type PlainDecoder } from './payload-decoding/decoders';
import { DecoderPicker } from './payload-decoding/DecoderPicker';
import { useDecoderSchemas } from './payload-decoding/useDecoderSchemas';
import { useDecodeTexts, usePayloadDecoder } from './payload-decoding/usePayloadDecoder';

export { decodeBase64, isUtf8, payloadModeFor, prettyJson, toHex, toText } from './payload-decoding/bytes';

export type PayloadMode = PlainDecoder;

interface Props {
  /** The payload, base64-encoded (as the API returns it). */
  payload: string;
  /** The payload's topic: the decoder remembered for a filter matching it applies, and can be remembered from here. */
  topic?: string;
  /** The view it opens in when the payload is text; a payload that is not valid UTF-8 opens in Hex. */
  defaultMode?: PayloadMode;
}

export function PayloadViewer({ payload, topic, defaultMode = 'text' }: Props) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const bytes = useMemo(() => decodeBase64(payload), [payload]);
  const [decoder, key, setKey] = usePayloadDecoder(topic, bytes, defaultMode);
  const source = useDecoderSchemas(decoder.kind === 'avro' || decoder.kind === 'protobuf');
  const texts = useDecodeTexts();
  const view = useMemo(
    () => (bytes ? viewPayload(bytes, payload, decoder, source, texts) : { text: payload, problem: t('payloadInvalidBase64') }),
    // texts change with the language only; source with the schema list
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bytes, payload, key, source.schemas, source.error, t],
  );

  return (
    <div>
      <DecoderPicker value={key} onChange={setKey} topic={topic} />
      {view.problem && <Alert type={view.waiting && !source.error ? 'info' : 'warning'} showIcon title={view.problem} style={{ marginTop: token.marginSM }} />}
      <Typography.Paragraph
        style={{
          marginTop: token.marginSM,
          padding: token.paddingSM,
          background: token.colorFillTertiary,
          borderRadius: token.borderRadius,
          fontFamily: token.fontFamilyCode,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          maxHeight: 480,
          overflow: 'auto',
        }}
        data-testid="payload-content"
      >
        {view.text === '' ? t('payloadEmpty') : view.text}
      </Typography.Paragraph>
    </div>
  );
}
