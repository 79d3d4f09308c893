// Form rules with the spec's texts: 'range error' for out-of-range numbers (spec §5), JSON and wildcard checks.
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { isValidJson } from './model/payload';
import { isInRange, RANGES } from './model/settings';
import type { RangeName } from './model/settings';
import { checkTopicFilter, hasWildcard } from './model/topics';

/** An integer inside RANGES[name]; empty is allowed only when `optional`. */
export function rangeRule(t: TFunction, name: RangeName, label: string, optional = false): Rule {
  return {
    validator: (_, value: unknown) => {
      if (value === undefined || value === null || value === '') {
        return optional ? Promise.resolve() : Promise.reject(new Error(t('common:required', { name: label })));
      }
      return isInRange(value, RANGES[name]) ? Promise.resolve() : Promise.reject(new Error(t('websocket:rangeError')));
    },
  };
}

export function requiredRule(t: TFunction, label: string): Rule {
  return { required: true, whitespace: true, message: t('common:required', { name: label }) };
}

export function publishTopicRule(t: TFunction): Rule {
  return {
    validator: (_, value: string | undefined) =>
      value && hasWildcard(value) ? Promise.reject(new Error(t('websocket:wildcardPublish'))) : Promise.resolve(),
  };
}

export function topicFilterRule(t: TFunction): Rule {
  return {
    validator: (_, value: string | undefined) =>
      value && checkTopicFilter(value) ? Promise.reject(new Error(t('websocket:invalidTopicFilter'))) : Promise.resolve(),
  };
}

export function jsonRule(t: TFunction, enabled: boolean): Rule {
  return {
    validator: (_, value: string | undefined) =>
      enabled && !isValidJson(value ?? '') ? Promise.reject(new Error(t('websocket:invalidJson'))) : Promise.resolve(),
  };
}
