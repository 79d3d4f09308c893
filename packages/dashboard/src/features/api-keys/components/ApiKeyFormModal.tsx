// Create (name, description, expiry or never, enable, role) or edit (description, expiry, enable) an API key.
import { useEffect } from 'react';
import { DatePicker, Form, Input, Modal, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@mqdeck/api';
import { useCreateApiKeyMutation, useUpdateApiKeyMutation, neverExpires } from '../api-keys.api';
import { toast } from '../../../app/bridge';

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
  const { t } = useTranslation('apiKeys');
  const [form] = Form.useForm<Values>();
  const create = useCreateApiKeyMutation();
  const update = useUpdateApiKeyMutation();
  const editing = !!apiKey;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      name: apiKey?.name,
      desc: apiKey?.desc,
      enable: apiKey?.enable ?? true,
      expired_at: apiKey && !neverExpires(apiKey.expired_at) ? dayjs(apiKey.expired_at) : null,
      role: apiKey?.role ?? 'administrator',
    });
  }, [open, apiKey, form]);

  async function submit() {
    const v = await form.validateFields();
    const body = {
      desc: v.desc ?? '',
      enable: v.enable,
      expired_at: v.expired_at ? v.expired_at.toISOString() : 'infinity',
      ...(withRole ? { role: v.role } : {}),
    };
    if (editing) {
      await update.mutateAsync({ name: apiKey.name ?? '', ...body });
      void toast().success(t('common:updateSuccess'));
      onClose();
    } else {
      const created = await create.mutateAsync({ name: v.name, ...body });
      onClose();
      onCreated(created);
    }
  }

  return (
    <Modal
      open={open}
      title={editing ? t('editKey') : t('createKey')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      okText={editing ? t('common:save') : t('common:create')}
      cancelText={t('common:cancel')}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="apiKeyForm" layout="vertical" requiredMark={false} preserve={false}>
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
              validator: (_r, v: Dayjs | null | undefined) =>
                !v || v.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error(t('expireInPast'))),
            },
          ]}
        >
          <DatePicker showTime style={{ width: '100%' }} placeholder={t('never')} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item name="enable" label={t('enable')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {withRole && (
          <Form.Item name="role" label={t('role')}>
            <Select
              options={[
                { value: 'administrator', label: t('roleAdministrator') },
                { value: 'viewer', label: t('roleViewer') },
                { value: 'publisher', label: t('rolePublisher') },
              ]}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
