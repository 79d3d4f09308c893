import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/bridge';
import { useSaveRulesMutation, type RuleInput, type RulesKind, type RulesRow } from '../authorization.api';
import { RULE_DEFAULT, RulesEditor, cleanRules } from './RulesEditor';

interface Props {
  kind: RulesKind;
  open: boolean;
  row?: RulesRow;
  onClose: () => void;
}

export function RulesModal({ kind, open, row, onClose }: Props) {
  const { t } = useTranslation(['authorization', 'common']);
  const [form] = Form.useForm<{ who: string; rules: RuleInput[] }>();
  const save = useSaveRulesMutation(kind);
  const whoLabel = kind === 'clients' ? t('clientid') : t('username');
  const editing = !!row;
  useEffect(() => {
    if (open) form.setFieldsValue({ who: row ? (row.clientid ?? row.username ?? '') : '', rules: row?.rules?.length ? row.rules : [{ ...RULE_DEFAULT } as RuleInput] });
  }, [open, row, form]);

  async function submit() {
    const v = await form.validateFields();
    if (!v.rules?.length) {
      void toast().warning(t('atLeastOneRule'));
      return;
    }
    await save.mutateAsync({ who: v.who.trim(), rules: cleanRules(v.rules), editing });
    void toast().success(editing ? t('common:updateSuccess') : t('common:createSuccess'));
    onClose();
  }

  return (
    <Modal
      open={open}
      width={900}
      title={editing ? t('editRules') : t('addRules')}
      okText={editing ? t('common:update') : t('common:create')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name={`rules-${kind}`} layout="vertical">
        <Form.Item name="who" label={whoLabel} rules={[{ required: true, whitespace: true, message: t('common:required', { name: whoLabel }) }]}>
          <Input disabled={editing} />
        </Form.Item>
        <Form.Item label={t('rules')} required>
          <RulesEditor />
        </Form.Item>
      </Form>
    </Modal>
  );
}
