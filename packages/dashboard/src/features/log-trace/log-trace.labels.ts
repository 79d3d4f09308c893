import type { TFunction } from 'i18next';
import type { TraceType } from './log-trace.api';

export const TRACE_TYPES: TraceType[] = ['clientid', 'topic', 'ip_address', 'ruleid'];
export const ENCODES = ['text', 'hex', 'hidden'] as const;
export const FORMATTERS = ['text', 'json'] as const;

export function traceTypeLabel(t: TFunction<'logTrace'>, type: TraceType): string {
  return { clientid: t('typeClientid'), topic: t('typeTopic'), ip_address: t('typeIpAddress'), ruleid: t('typeRuleid') }[type];
}

export function encodeLabel(t: TFunction<'logTrace'>, e: (typeof ENCODES)[number]): string {
  return { text: t('encodeText'), hex: t('encodeHex'), hidden: t('encodeHidden') }[e];
}

export function formatterLabel(t: TFunction<'logTrace'>, f: (typeof FORMATTERS)[number]): string {
  return f === 'json' ? t('formatterJson') : t('formatterText');
}
