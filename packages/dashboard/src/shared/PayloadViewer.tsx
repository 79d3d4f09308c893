// Shows a base64 MQTT payload as text, pretty JSON, hex or base64. Always rendered as text nodes
// (React escapes), never as HTML: payloads are untrusted.
import { useMemo, useState } from 'react';
import { Alert, Segmented, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

export type PayloadMode = 'text' | 'json' | 'hex' | 'base64';

export function decodeBase64(b64: string): Uint8Array | null {
  try {
    const bin = atob(b64);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i += 1) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
}

export function toText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/** True when the bytes are valid UTF-8 (a binary payload decoded as text shows '��'). */
export function isUtf8(bytes: Uint8Array): boolean {
  try {
    // stream: a display cut at a size limit may end inside a character without making the payload binary
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The view a payload opens in, everywhere a payload is shown (this viewer, the WebSocket client's message list):
 * Hex when the bytes are not valid UTF-8, the preferred view otherwise.
 */
export function payloadModeFor<M extends string>(bytes: Uint8Array | null, preferred: M): M | 'hex' {
  return bytes && bytes.length > 0 && !isUtf8(bytes) ? 'hex' : preferred;
}

/** Pretty JSON, or null when the text is not JSON. */
export function prettyJson(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
}

interface Props {
  /** The payload, base64-encoded (as the API returns it). */
  payload: string;
  /** The view it opens in when the payload is text; a payload that is not valid UTF-8 opens in Hex. */
  defaultMode?: PayloadMode;
}

export function PayloadViewer({ payload, defaultMode = 'text' }: Props) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const bytes = useMemo(() => decodeBase64(payload), [payload]);
  const [mode, setMode] = useState<PayloadMode>(() => payloadModeFor(bytes, defaultMode));
  const text = useMemo(() => (bytes ? toText(bytes) : ''), [bytes]);

  let body: string;
  let problem: string | undefined;
  if (!bytes) {
    body = payload;
    problem = t('payloadInvalidBase64');
  } else if (mode === 'json') {
    const pretty = prettyJson(text);
    body = pretty ?? text;
    if (pretty === null) problem = t('payloadNotJson');
  } else if (mode === 'hex') body = toHex(bytes);
  else if (mode === 'base64') body = payload;
  else body = text;

  return (
    <div>
      <Segmented<PayloadMode>
        value={mode}
        onChange={setMode}
        options={[
          { value: 'text', label: t('payloadText') },
          { value: 'json', label: t('payloadJson') },
          { value: 'hex', label: t('payloadHex') },
          { value: 'base64', label: t('payloadBase64') },
        ]}
      />
      {problem && <Alert type="warning" showIcon title={problem} style={{ marginTop: token.marginSM }} />}
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
        {body === '' ? t('payloadEmpty') : body}
      </Typography.Paragraph>
    </div>
  );
}
