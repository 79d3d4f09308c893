import { useEffect } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldRules } from '../mqtt-settings/fields/rules';
import type { AutoSubscription } from './auto-subscribe.api';

interface Props {
  open: boolean;
  item?: AutoSubscription;
  /** Topics of the other rows, to refuse a repeat. */
  others: string[];
  onCancel: () => void;
  onSubmit: (item: AutoSubscription) => Promise<unknown>;
}

const bits = (labels: string[]) => labels.map((label, value) => ({ value, label }));

export function TopicModal({ open, item, others, onCancel, onSubmit }: Props) {
  const { t } = useTranslation('autoSubscribe');
  const rules = useFieldRules();
  const [form] = Form.useForm<AutoSubscription>();
  useEffect(() => {
    if (open) form.setFieldsValue(item ?? { topic: '', qos: 0, nl: 0, rap: 0, rh: 0 });
  }, [open, item, form]);
  async function ok() {
    const v = await form.validateFields();
    await onSubmit({ ...v, topic: v.topic.trim() });
  }
  return (
    <Modal open={open} title={item ? t('editTopic') : t('addTopic')} onCancel={onCancel} onOk={() => void ok().catch(() => undefined)}
      okText={t('common:save')} cancelText={t('common:cancel')} forceRender>
      <Form form={form} name="auto-subscribe-topic" layout="vertical">
        <Form.Item name="topic" label={t('topic')} rules={[rules.required(t('topic')), {
          validator: (_r, v: unknown) => (others.includes(String(v ?? '').trim()) ? Promise.reject(new Error(t('repeatedTopic'))) : Promise.resolve()),
        }]}>
          <Input aria-label={t('topic')} placeholder="client/${clientid}" />
        </Form.Item>
        <Form.Item name="qos" label={t('qos')}>
          <Select aria-label={t('qos')} options={bits(['0', '1', '2'])} />
        </Form.Item>
        <Form.Item name="nl" label={t('nl')}>
          <Select aria-label={t('nl')} options={bits([t('common:no'), t('common:yes')])} />
        </Form.Item>
        <Form.Item name="rap" label={t('rap')}>
          <Select aria-label={t('rap')} options={bits([t('common:no'), t('common:yes')])} />
        </Form.Item>
        <Form.Item name="rh" label={t('rh')}>
          <Select aria-label={t('rh')} options={bits([t('rh0'), t('rh1'), t('rh2')])} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
