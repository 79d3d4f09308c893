// Form rules of the rule editor with the spec's texts (001 §5).
import type { FormRule } from 'antd';
import { i18n } from '../../i18n/i18n';

/** IDs start with a letter or digit, then letters, digits, hyphens or underscores; empty is allowed (the node makes one). */
export const RULE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export function ruleIdRule(): FormRule {
  return {
    validator: (_r, v: unknown) => {
      const id = typeof v === 'string' ? v.trim() : '';
      return !id || RULE_ID_PATTERN.test(id) ? Promise.resolve() : Promise.reject(new Error(i18n.t('common:namePattern')));
    },
  };
}

export function sqlRequiredRule(): FormRule {
  return {
    validator: (_r, v: unknown) => (typeof v === 'string' && v.trim() ? Promise.resolve() : Promise.reject(new Error(i18n.t('rules:sqlRequired')))),
  };
}
