import { useMemo } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldRules } from '../../shared/forms/rules';
import { FormModal } from '../../shared/FormModal';
import { topicRule } from '../../shared/topic';
import type { AutoSubscription } from './auto-subscribe.api';

interface Props {
  open: boolean;
  item?: AutoSubscription;
  /** Topics of the other rows, to refuse a repeat. */
  others: string[];
  onClose: () => void;
  onSubmit: (item: AutoSubscription) => Promise<unknown>;
}

const NEW_TOPIC: AutoSubscription = { topic: '', qos: 0, nl: 0, rap: 0, rh: 0 };
const bits = (labels: string[]) => labels.map((label, value) => ({ value, label }));

export function TopicModal({ open, item, others, onClose, onSubmit }: Props) {
  const { t } = useTranslation(['autoSubscribe', 'common']);
  const rules = useFieldRules();
  const [form] = Form.useForm<AutoSubscription>();
  const initialValues = useMemo(() => item ?? NEW_TOPIC, [item]);
  const submit = (v: AutoSubscription) => onSubmit({ ...v, topic: v.topic.trim() });
  return (
    <FormModal<AutoSubscription>
      open={open}
      editing={!!item}
      title={item ? t('editTopic') : t('addTopic')}
      form={form}
      name="auto-subscribe-topic"
      initialValues={initialValues}
      onSubmit={submit}
      onClose={onClose}
      okText={t('common:save')}
      requiredMark
    >
      <Form.Item name="topic" label={t('topic')} rules={[rules.required(t('topic')), topicRule('filter', { others: () => others })]}>
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
    </FormModal>
  );
}
