// A payload that reached the console as JSON text (the rule live tap's inputs): its UTF-8 bytes in the PayloadViewer,
// with the decoder picker and the per-filter memory. Text is all there is: when the node replaced bytes that are not
// UTF-8 (U+FFFD), the sentence says a binary decoder cannot read it.
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { PayloadViewer } from '../PayloadViewer';
import { toBase64 } from './bytes';
import './payload-decoding.messages';

export function TextPayloadViewer({ text, topic }: { text: string; topic?: string }) {
  const { t } = useTranslation('payloadDecoding');
  return (
    <div>
      {text.includes('\uFFFD') && <Alert type="info" showIcon title={t('textOnly')} style={{ marginBottom: 8 }} />}
      <PayloadViewer payload={toBase64(new TextEncoder().encode(text))} topic={topic} />
    </div>
  );
}
