// Form rules with the spec's texts: 'range error' for out-of-range numbers (spec §5) and JSON checks;
// topic inputs use the console's one topic rule (shared/topic).
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { isValidJson } from './model/payload';
import { isInRange, RANGES } from './model/settings';
import type { RangeName } from './model/settings';

type WsT = TFunction<readonly ['websocket', 'common', 'topic']>;

/** An integer inside RANGES[name]; empty is allowed only when `optional`. */
export function rangeRule(t: WsT, name: RangeName, label: string, optional = false): Rule {
  return {
    validator: (_, value: unknown) => {
      if (value === undefined || value === null || value === '') {
        return optional ? Promise.resolve() : Promise.reject(new Error(t('common:required', { name: label })));
      }
      return isInRange(value, RANGES[name]) ? Promise.resolve() : Promise.reject(new Error(t('websocket:rangeError')));
    },
  };
}

export function requiredRule(t: WsT, label: string): Rule {
  return { required: true, whitespace: true, message: t('common:required', { name: label }) };
}

export function jsonRule(t: WsT, enabled: boolean): Rule {
  return {
    validator: (_, value: string | undefined) => (enabled && !isValidJson(value ?? '') ? Promise.reject(new Error(t('websocket:invalidJson'))) : Promise.resolve()),
  };
}
