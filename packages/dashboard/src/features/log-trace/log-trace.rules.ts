// Validation of the create dialog with the spec's texts: both ends of the time range are needed.
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { isIpAddress } from '../../shared/ip';
import type { TraceType } from './log-trace.api';

export const NAME_RE = /^[A-Za-z]+[A-Za-z0-9-_]*$/;

export function timeRangeRule(t: TFunction<'logTrace'>): Rule {
  return {
    validator: async (_r, v: [Dayjs | null, Dayjs | null] | null | undefined) => {
      if (!v || !v[0] || !v[1]) throw new Error(t('timeRequired'));
    },
  };
}

export function nameRules(t: TFunction<['logTrace', 'common']>): Rule[] {
  return [
    { required: true, whitespace: true, message: t('common:required', { name: t('name') }) },
    { pattern: NAME_RE, message: t('nameRule') },
    { max: 256, message: t('nameRule') },
  ];
}

/** the subject: required; an IP address is checked here, so the node's terse 'ip address: einval' is never shown */
export function filterRules(t: TFunction<['logTrace', 'common']>, type: TraceType, label: string): Rule[] {
  const rules: Rule[] = [{ required: true, whitespace: true, message: t('common:required', { name: label }) }];
  if (type === 'ip_address') rules.push({ validator: async (_r, v?: string) => (!v?.trim() || isIpAddress(v) ? undefined : Promise.reject(new Error(t('ipInvalid')))) });
  return rules;
}
