import { useEffect } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldRules } from '../mqtt-settings/fields/rules';
import type { RewriteRule } from './topic-rewrite.api';

interface Props {
  open: boolean;
  rule?: RewriteRule;
  onCancel: () => void;
  onSubmit: (rule: RewriteRule) => Promise<unknown>;
}

const validRegex = (v: unknown) => {
  try {
    new RegExp(String(v ?? ''));
    return true;
  } catch {
    return false;
  }
};

export function RuleModal({ open, rule, onCancel, onSubmit }: Props) {
  const { t } = useTranslation('topicRewrite');
  const rules = useFieldRules();
  const [form] = Form.useForm<RewriteRule>();
  useEffect(() => {
    if (open) form.setFieldsValue(rule ?? { action: 'all', source_topic: '', re: '', dest_topic: '' });
  }, [open, rule, form]);
  async function ok() {
    const v = await form.validateFields();
    await onSubmit({ action: v.action, source_topic: v.source_topic.trim(), re: v.re, dest_topic: v.dest_topic.trim() });
  }
  return (
    <Modal open={open} title={rule ? t('editRule') : t('addRule')} onCancel={onCancel} onOk={() => void ok().catch(() => undefined)}
      okText={t('common:save')} cancelText={t('common:cancel')} forceRender>
      <Form form={form} name="topic-rewrite-rule" layout="vertical">
        <Form.Item name="action" label={t('action')} rules={[rules.required(t('action'))]}>
          <Select aria-label={t('action')} options={['publish', 'subscribe', 'all'].map((v) => ({ value: v, label: v }))} />
        </Form.Item>
        <Form.Item name="source_topic" label={t('source_topic')} rules={[rules.required(t('source_topic'))]}>
          <Input aria-label={t('source_topic')} placeholder="x/#" />
        </Form.Item>
        <Form.Item name="re" label={t('re')} rules={[rules.required(t('re')), { validator: (_r, v) => (validRegex(v) ? Promise.resolve() : Promise.reject(new Error(t('badRegex')))) }]}>
          <Input aria-label={t('re')} placeholder="^x/y/(.+)$" />
        </Form.Item>
        <Form.Item name="dest_topic" label={t('dest_topic')} rules={[rules.required(t('dest_topic'))]}>
          <Input aria-label={t('dest_topic')} placeholder="z/y/$1" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
