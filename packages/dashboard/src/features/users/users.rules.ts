import type { FormRule } from 'antd';
import { i18n } from '../../i18n/i18n';
import './users.messages';

/** Names the official console refuses for new dashboard users. */
export const RESERVED_USERNAMES = ['admin', 'root', 'administrator'];

/** EMQX: `^[_a-zA-Z0-9]*$`, required, and not a reserved admin name. */
export function usernameRules(): FormRule[] {
  return [
    { required: true, message: i18n.t('password:usernameRequired') },
    { pattern: /^[_a-zA-Z0-9]+$/, message: i18n.t('users:usernamePattern') },
    {
      validator: (_r, v: string | undefined) => (v && RESERVED_USERNAMES.includes(v.toLowerCase()) ? Promise.reject(new Error(i18n.t('users:reservedName'))) : Promise.resolve()),
    },
  ];
}
