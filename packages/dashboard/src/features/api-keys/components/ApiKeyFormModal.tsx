// Create (name, description, expiry or never, enable, role) or edit (description, expiry, enable) an API key.
import { useMemo } from 'react';
import { DatePicker, Form, Input, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@mqdeck/api';
import { useCreateApiKeyMutation, useUpdateApiKeyMutation, neverExpires } from '../api-keys.api';
import { FormModal } from '../../../shared/FormModal';
import { API_KEY_ROLES, RoleField } from '../../../shared/forms/RoleField';

interface Values {
  name: string;
  desc?: string;
  expired_at?: Dayjs | null;
  enable: boolean;
  role?: string;
}

interface Props {
  open: boolean;
  /** The key being edited; undefined to create one. */
  apiKey?: ApiKey;
  withRole: boolean;
  onClose: () => void;
  /** Create only: the answer, which carries the secret shown once. */
  onCreated: (created: ApiKey) => void;
}

/** EMQX's API key name pattern (stricter than other names: must start with a letter). */
export const API_KEY_NAME = /^[A-Za-z]+[A-Za-z0-9-_]*$/;

export function ApiKeyFormModal({ open, apiKey, withRole, onClose, onCreated }: Props) {
  const { t } = useTranslation(['apiKeys', 'common']);
  const [form] = Form.useForm<Values>();
  const create = useCreateApiKeyMutation();
  const update = useUpdateApiKeyMutation();
  const editing = !!apiKey;
  const initialValues = useMemo(
    () => ({
      name: apiKey?.name,
      desc: apiKey?.desc,
      enable: apiKey?.enable ?? true,
      expired_at: apiKey && !neverExpires(apiKey.expired_at) ? dayjs(apiKey.expired_at) : null,
      role: apiKey?.role ?? 'administrator',
    }),
    [apiKey],
  );

  async function submit(v: Values) {
    const body = {
      desc: v.desc ?? '',
      enable: v.enable,
      expired_at: v.expired_at ? v.expired_at.toISOString() : 'infinity',
      ...(withRole ? { role: v.role } : {}),
    };
    if (editing) await update.mutateAsync({ name: apiKey.name ?? '', ...body });
    // The answer carries the secret, shown once by the page.
    else onCreated(await create.mutateAsync({ name: v.name, ...body }));
  }

  return (
    <FormModal<Values>
      open={open}
      editing={editing}
      title={editing ? t('editKey') : t('createKey')}
      form={form}
      name="apiKeyForm"
      initialValues={initialValues}
      onSubmit={submit}
      successMessage={editing ? t('common:updateSuccess') : undefined}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('name')}
        rules={editing ? [] : [{ required: true, message: t('nameRequired') }, { pattern: API_KEY_NAME, message: t('namePattern') }, { max: 256 }]}
      >
        <Input disabled={editing} autoComplete="off" />
      </Form.Item>
      <Form.Item name="desc" label={t('description')}>
        <Input.TextArea rows={2} maxLength={256} />
      </Form.Item>
      <Form.Item
        name="expired_at"
        label={t('expireAt')}
        extra={t('neverHint')}
        rules={[
          {
            validator: (_r, v: Dayjs | null | undefined) => (!v || v.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error(t('expireInPast')))),
          },
        ]}
      >
        <DatePicker showTime style={{ width: '100%' }} placeholder={t('never')} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item name="enable" label={t('enable')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {withRole && <RoleField roles={API_KEY_ROLES} />}
    </FormModal>
  );
}
