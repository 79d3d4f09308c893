// The Add Topic dialog: one exact topic. A wildcard level ('+' or '#') is refused before sending, with the node's
// own text (EMQX counts exact topics only); the node's other refusals (already added, 512 reached) are toasted.
import { useMemo } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../shared/FormModal';
import { useFieldRules } from '../../shared/forms/rules';
import { topicError } from '../../shared/topic';
import './topic-metrics.messages';

/** EMQX's emqx_topic:wildcard: a level that is exactly '+' or '#' */
export function isWildcardTopic(topic: string): boolean {
  return topic.split('/').some((level) => level === '+' || level === '#');
}

interface Props {
  open: boolean;
  onClose: () => void;
  onSubmit: (topic: string) => Promise<unknown>;
}

export function AddTopicModal({ open, onClose, onSubmit }: Props) {
  const { t } = useTranslation(['topicMetrics', 'common']);
  const rules = useFieldRules();
  const [form] = Form.useForm<{ topic: string }>();
  const initialValues = useMemo(() => ({ topic: '' }), []);
  const validator = (_r: unknown, v: unknown) => {
    const topic = typeof v === 'string' ? v.trim() : '';
    if (!topic) return Promise.resolve();
    if (isWildcardTopic(topic)) return Promise.reject(new Error(t('wildcardRefused')));
    const problem = topicError(topic, 'filter');
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  };
  return (
    <FormModal<{ topic: string }>
      open={open}
      editing={false}
      title={t('addTopic')}
      form={form}
      name="topic-metrics-add"
      initialValues={initialValues}
      onSubmit={(v) => onSubmit(v.topic.trim())}
      successMessage={t('added')}
      onClose={onClose}
      okText={t('add')}
      requiredMark
    >
      <Form.Item name="topic" label={t('topic')} rules={[rules.required(t('topic')), { validator }]}>
        <Input aria-label={t('topic')} placeholder="testtopic/1" autoFocus />
      </Form.Item>
    </FormModal>
  );
}
