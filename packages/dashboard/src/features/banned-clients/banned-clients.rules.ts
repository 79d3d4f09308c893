import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { i18n } from '../../i18n/i18n';

/** A ban must end in the future (EMQX refuses it with 400 'Cannot create expired banned'); empty = never. */
export function untilRule(now: () => Dayjs = dayjs): FormRule {
  return {
    validator: (_r, v: Dayjs | null | undefined) => (!v || v.isAfter(now()) ? Promise.resolve() : Promise.reject(new Error(i18n.t('common:timeNotEarlierThanNow')))),
  };
}
