// Validation of the create dialog with the spec's texts: both ends of the time range are needed.
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';

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
