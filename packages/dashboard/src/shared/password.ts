// Dashboard password rules (EMQX: 8–64 ASCII, at least two kinds of letters / digits / other characters).
import type { FormRule } from 'antd';
import { i18n } from '../i18n/i18n';
import './password.messages';

const PRINTABLE_ASCII = /^[\x21-\x7e]{8,64}$/;

export function isValidPassword(p: string): boolean {
  if (!PRINTABLE_ASCII.test(p)) return false;
  const kinds = [/[a-zA-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(p)).length;
  return kinds >= 2;
}

/** Form rules: required + the password rule. */
export function passwordRules(): FormRule[] {
  return [
    { required: true, message: i18n.t('password:passwordRequired') },
    {
      validator: (_r, v: string | undefined) => (!v || isValidPassword(v) ? Promise.resolve() : Promise.reject(new Error(i18n.t('password:passwordRule')))),
    },
  ];
}

/** The confirmation must equal the field `field`. */
export function confirmRule(getValue: () => string | undefined): FormRule {
  return {
    validator: (_r, v: string | undefined) => (!v || v === getValue() ? Promise.resolve() : Promise.reject(new Error(i18n.t('password:notMatch')))),
  };
}

/** The new password must differ from the old one. */
export function differentFromRule(getOld: () => string | undefined): FormRule {
  return {
    validator: (_r, v: string | undefined) => (!v || v !== getOld() ? Promise.resolve() : Promise.reject(new Error(i18n.t('password:sameAsOld')))),
  };
}
