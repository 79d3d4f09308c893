import { useMemo } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldRules } from '../../shared/forms/rules';
import { FormModal } from '../../shared/FormModal';
import { topicRule } from '../../shared/topic';
import type { RewriteRule } from './topic-rewrite.api';

interface Props {
  open: boolean;
  rule?: RewriteRule;
  onClose: () => void;
  onSubmit: (rule: RewriteRule) => Promise<unknown>;
}

const NEW_RULE: RewriteRule = { action: 'all', source_topic: '', re: '', dest_topic: '' };

const validRegex = (v: unknown) => {
  try {
    new RegExp(String(v ?? ''));
    return true;
  } catch {
    return false;
  }
};

export function RuleModal({ open, rule, onClose, onSubmit }: Props) {
  const { t } = useTranslation(['topicRewrite', 'common']);
  const rules = useFieldRules();
  const [form] = Form.useForm<RewriteRule>();
  const initialValues = useMemo(() => rule ?? NEW_RULE, [rule]);
  const submit = (v: RewriteRule) => onSubmit({ action: v.action, source_topic: v.source_topic.trim(), re: v.re, dest_topic: v.dest_topic.trim() });
  return (
    <FormModal<RewriteRule>
      open={open}
      editing={!!rule}
      title={rule ? t('editRule') : t('addRule')}
      form={form}
      name="topic-rewrite-rule"
      initialValues={initialValues}
      onSubmit={submit}
      onClose={onClose}
      okText={t('common:save')}
      requiredMark
    >
      <Form.Item name="action" label={t('action')} rules={[rules.required(t('action'))]}>
        <Select aria-label={t('action')} options={['publish', 'subscribe', 'all'].map((v) => ({ value: v, label: v }))} />
      </Form.Item>
      <Form.Item name="source_topic" label={t('source_topic')} rules={[rules.required(t('source_topic')), topicRule('filter')]}>
        <Input aria-label={t('source_topic')} placeholder="x/#" />
      </Form.Item>
      <Form.Item
        name="re"
        label={t('re')}
        rules={[rules.required(t('re')), { validator: (_r, v) => (validRegex(v) ? Promise.resolve() : Promise.reject(new Error(t('badRegex')))) }]}
      >
        <Input aria-label={t('re')} placeholder="^x/y/(.+)$" />
      </Form.Item>
      <Form.Item name="dest_topic" label={t('dest_topic')} rules={[rules.required(t('dest_topic')), topicRule('name')]}>
        <Input aria-label={t('dest_topic')} placeholder="z/y/$1" />
      </Form.Item>
    </FormModal>
  );
}
