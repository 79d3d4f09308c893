import type { FormRule } from 'antd';
import { i18n } from '../../../i18n/i18n';
import { isJsonObjectText } from '../authentication.config';

/** '{{name}} is required.' (spec 001 §5). */
export function required(name: string): FormRule {
  return { required: true, whitespace: true, message: i18n.t('common:required', { name }) };
}

/** 'Please enter the correct JSON' for a text that must hold a JSON object. */
export function jsonObject(): FormRule {
  return {
    validator: (_r, v: unknown) => (isJsonObjectText(v) ? Promise.resolve() : Promise.reject(new Error(i18n.t('common:jsonError')))),
  };
}
