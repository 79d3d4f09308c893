// One message of a log. Plain elements styled from theme tokens computed once per list (no antd component
// per row): the visible rows change ten times a second during a flood and must stay cheap to update.
import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format';
import { payloadView, timeView } from '../model/messageView';
import type { PayloadView } from '../model/payload';
import type { LoggedMessage } from '../store/types';
import { toBase64 } from '../../../shared/payload-decoding/bytes';
import { parseDecoderKey, viewPayload, type SchemaSource } from '../../../shared/payload-decoding/decoders';
import { ruleFor, type DecoderRule } from '../../../shared/payload-decoding/memory';
import { useDecoderLabel } from '../../../shared/payload-decoding/DecoderRules';
import { useDecodeTexts } from '../../../shared/payload-decoding/usePayloadDecoder';
import { MAX_SHOWN_BYTES } from '../model/messageView';

export type RowStyles = ReturnType<typeof useRowStyles>;

export function useRowStyles() {
  const { token } = theme.useToken();
  return useMemo(() => {
    const tag = (color: string, background: string, border: string): CSSProperties => ({
      display: 'inline-block',
      padding: `0 ${token.paddingXXS + 3}px`,
      fontSize: token.fontSizeSM,
      lineHeight: `${token.lineHeightSM * token.fontSizeSM}px`,
      color,
      background,
      border: `1px solid ${border}`,
      borderRadius: token.borderRadiusSM,
    });
    return {
      row: { border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: token.paddingXS } as CSSProperties,
      head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: token.marginXS, marginBottom: token.marginXXS } as CSSProperties,
      time: { color: token.colorTextSecondary } as CSSProperties,
      topic: {
        fontFamily: token.fontFamilyCode,
        fontWeight: token.fontWeightStrong,
        background: token.colorFillTertiary,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusSM,
        padding: `0 ${token.paddingXXS}px`,
        wordBreak: 'break-all',
      } as CSSProperties,
      tag: tag(token.colorText, token.colorFillQuaternary, token.colorBorder),
      retain: tag(token.colorWarningText, token.colorWarningBg, token.colorWarningBorder),
      json: tag(token.colorInfoText, token.colorInfoBg, token.colorInfoBorder),
      payload: {
        margin: 0,
        maxHeight: 160,
        overflow: 'auto',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
        background: token.colorFillQuaternary,
        borderRadius: token.borderRadiusSM,
        padding: token.paddingXS,
        fontSize: token.fontSizeSM,
        fontFamily: token.fontFamilyCode,
      } as CSSProperties,
      secondary: { color: token.colorTextSecondary, fontSize: token.fontSizeSM } as CSSProperties,
    };
  }, [token]);
}

interface Props {
  message: LoggedMessage;
  view: PayloadView;
  styles: RowStyles;
  /** the decoders remembered per topic filter; one matching the topic decodes the payload in the text view */
  rules: readonly DecoderRule[];
  source: SchemaSource;
}

/** The payload under the decoder remembered for its topic (none in the Hex view, or when the decoder is Text). */
function useRememberedView(m: LoggedMessage, view: PayloadView, rules: readonly DecoderRule[], source: SchemaSource) {
  const texts = useDecodeTexts();
  const label = useDecoderLabel();
  const rule = view === 'text' ? ruleFor(m.topic, rules) : undefined;
  const decoder = rule && rule.decoder !== 'text' ? parseDecoderKey(rule.decoder) : undefined;
  return useMemo(() => {
    if (!rule || !decoder) return undefined;
    const bytes = m.payload.length <= MAX_SHOWN_BYTES ? m.payload : m.payload.subarray(0, MAX_SHOWN_BYTES);
    return { label: label(rule.decoder), filter: rule.filter, ...viewPayload(bytes, toBase64(bytes), decoder, source, texts) };
    // texts and label change with the language only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [m, rule?.decoder, rule?.filter, source]);
}

export const MessageRow = memo(function MessageRow({ message: m, view, styles: s, rules, source }: Props) {
  const { t } = useTranslation(['websocket', 'common', 'topic']);
  const plain = payloadView(m, view);
  const decoded = useRememberedView(m, view, rules, source);
  const payload = decoded ? { ...plain, text: decoded.text, json: false, hex: false } : plain;
  const props = m.properties;
  const extras = props
    ? [
        props.responseTopic && `${t('responseTopic')}=${props.responseTopic}`,
        props.correlationData && `${t('correlationData')}=${props.correlationData}`,
        props.messageExpiryInterval !== undefined && `${t('messageExpiry')}=${props.messageExpiryInterval}`,
        ...(props.userProperties ?? []).map((p) => `${p.key}=${p.value}`),
      ].filter(Boolean)
    : [];
  return (
    <div data-testid="message" data-topic={m.topic} data-qos={m.qos} data-retain={m.retain} style={s.row}>
      <div style={s.head}>
        <span style={s.time}>{timeView(m)}</span>
        <code style={s.topic}>{m.topic}</code>
        <span style={s.tag}>QoS {m.qos}</span>
        {m.retain && <span style={s.retain}>{t('retainFlag')}</span>}
        {payload.json && <span style={s.json}>JSON</span>}
        {payload.hex && view === 'text' && <span style={s.json}>{t('hexView')}</span>}
        {props?.contentType && <span style={s.tag}>{props.contentType}</span>}
        {decoded && (
          <span style={s.json} title={decoded.filter} data-testid="message-decoder">
            {decoded.label}
          </span>
        )}
      </div>
      {decoded?.problem && <div style={s.secondary}>{decoded.problem}</div>}
      <pre style={s.payload}>
        {payload.text}
        {payload.hiddenBytes > 0 && `\n${t('bytesNotShown', { bytes: formatNumber(payload.hiddenBytes) })}`}
      </pre>
      {extras.length > 0 && (
        <div style={s.secondary}>
          {t('properties')}: {extras.join(', ')}
        </div>
      )}
    </div>
  );
});
