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
}

export const MessageRow = memo(function MessageRow({ message: m, view, styles: s }: Props) {
  const { t } = useTranslation(['websocket', 'common', 'topic']);
  const payload = payloadView(m, view);
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
      </div>
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
