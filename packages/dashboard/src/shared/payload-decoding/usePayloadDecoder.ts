// The decoder a payload view opens with: the operator's pick in this view, else the decoder remembered for a filter
// matching the topic, else the view's default (hex for bytes that are not UTF-8).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payloadModeFor } from './bytes';
import { parseDecoderKey, type Decoder, type DecoderKey, type DecodeTexts } from './decoders';
import { ruleFor, useDecoderRules } from './memory';
import './payload-decoding.messages';

export function usePayloadDecoder(topic: string | undefined, bytes: Uint8Array | null, preferred: DecoderKey): [Decoder, DecoderKey, (k: DecoderKey) => void] {
  const rules = useDecoderRules();
  const [picked, setPicked] = useState<DecoderKey>();
  const remembered = topic === undefined ? undefined : ruleFor(topic, rules)?.decoder;
  const key = picked ?? remembered ?? payloadModeFor(bytes, preferred);
  return [parseDecoderKey(key) ?? { kind: 'hex' }, key, setPicked];
}

/** The problem sentences of the decoders, in the UI language. */
export function useDecodeTexts(): DecodeTexts {
  const { t } = useTranslation('payloadDecoding');
  const { t: tc } = useTranslation('common');
  return {
    notJson: tc('payloadNotJson'),
    notDecoded: (decoder, reason) => t('notDecoded', { decoder, reason: reason.replace(/\.$/, '') }),
    schemaMissing: (schema) => t('schemaMissing', { schema }),
    schemasLoading: t('schemasLoading'),
    schemasUnavailable: (reason) => t('schemasUnavailable', { reason }),
  };
}
