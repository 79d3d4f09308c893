// The role of a dashboard user or API key (Enterprise only): the form field and the label of a stored role.
import { useCallback } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import '../roles.messages';

export const USER_ROLES = ['administrator', 'viewer'] as const;
/** API keys may also be publishers (EMQX 5.8 Enterprise: may only publish through the API). */
export const API_KEY_ROLES = ['administrator', 'viewer', 'publisher'] as const;

type Role = (typeof API_KEY_ROLES)[number];

/** A stored role as shown; an unknown or missing one reads as administrator, EMQX's default. */
export function useRoleLabel(): (role?: string) => string {
  const { t } = useTranslation('roles');
  return useCallback((role?: string) => t(API_KEY_ROLES.includes(role as Role) ? (role as Role) : 'administrator'), [t]);
}

/** `role` Form.Item with a select of `roles`. */
export function RoleField({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation('roles');
  const label = useRoleLabel();
  return (
    <Form.Item name="role" label={t('role')}>
      <Select options={roles.map((r) => ({ value: r, label: label(r) }))} />
    </Form.Item>
  );
}
