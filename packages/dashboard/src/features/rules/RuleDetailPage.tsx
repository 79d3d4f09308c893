// Integration › Rules › <id>: Overview (metrics, per node, reset) and Settings (the editor: Update with PUT,
// Save as Copy with POST under a new ID), with the rule's state and Delete in the header.
import { useMemo, useState } from 'react';
import { Button, Flex, Form, Input, Modal, Result, Spin, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { useCanWrite } from '../../shared/useCanWrite';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { isApiError } from '../../api/client';
import { toast } from '../../app/bridge';
import { useCreateRuleMutation, useDeleteRuleMutation, useRuleQuery, useUpdateRuleMutation } from './rules.api';
import type { Rule, RuleCreation } from './rules.types';
import { ruleIdRule } from './rules.rules';
import { fromView } from './actions';
import { RuleEditor, toRuleBody, type RuleFormValues } from './components/RuleEditor';
import { RuleOverview } from './components/RuleOverview';
import { useRuleEditing } from './useRuleEditing';
import './rules.messages';

export default function RuleDetailPage() {
  const { t } = useTranslation(['rules', 'common']);
  const id = useParams().id ?? '';
  const rule = useRuleQuery(id);

  if (rule.isLoading) return <Spin />;
  if (rule.isError || !rule.data) {
    const missing = isApiError(rule.error) && rule.error.status === 404;
    return <Result status={missing ? '404' : 'error'} title={missing ? t('notFound') : t('common:errorOccurred')} extra={<Link to="/rule/rules">{t('common:back')}</Link>} />;
  }
  return <RuleDetail rule={rule.data} />;
}

function RuleDetail({ rule }: { rule: Rule }) {
  const { t } = useTranslation(['rules', 'common']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const canWrite = useCanWrite();
  const editing = useRuleEditing();
  const update = useUpdateRuleMutation();
  const del = useDeleteRuleMutation();
  const initialValues = useMemo<RuleFormValues>(
    () => ({ id: rule.id, description: rule.description ?? '', enable: rule.enable, sql: rule.sql, actions: rule.actions.map(fromView) }),
    [rule],
  );
  const flow = useSubmitFlow<RuleCreation>({
    read: async () => toRuleBody(await editing.form.validateFields(), rule.name),
    send: (body) =>
      update.mutateAsync({ id: rule.id, body }).catch((e: unknown) => {
        editing.noteSqlError(e);
        throw e;
      }),
    success: t('common:updateSuccess'),
  });
  const [copying, setCopying] = useState(false);

  const tab = params.get('tab') ?? 'overview';
  const items = [
    { key: 'overview', label: t('overview'), children: <RuleOverview id={rule.id} /> },
    {
      key: 'settings',
      label: t('settings'),
      children: (
        <>
          <RuleEditor form={editing.form} initialValues={initialValues} editing disabled={!canWrite} onValuesChange={flow.markDirty} {...editing.editorProps} />
          {canWrite && (
            <Flex gap="small" style={{ marginTop: 24 }}>
              <Button type="primary" loading={update.isPending} onClick={flow.submit}>
                {t('common:update')}
              </Button>
              <Button onClick={() => editing.confirmStopTest(() => setCopying(true))}>{t('saveAsCopy')}</Button>
            </Flex>
          )}
        </>
      ),
    },
  ];

  return (
    <PageSection
      title={
        <Flex gap="small" align="center">
          <Link to="/rule/rules">{t('title')}</Link> / {rule.id}
          <Tag color={rule.enable ? 'success' : 'default'}>{rule.enable ? t('running') : t('stopped')}</Tag>
        </Flex>
      }
      extra={
        canWrite && (
          <ConfirmAction
            title={t('deleteConfirm', { id: rule.id })}
            onConfirm={async () => {
              editing.stopAll();
              await del.mutateAsync(rule.id);
              navigate('/rule/rules');
            }}
            successMessage={t('common:deleteSuccess')}
            danger
          >
            <Button danger>{t('common:delete')}</Button>
          </ConfirmAction>
        )
      }
    >
      {editing.guard(flow.guard)}
      <Tabs activeKey={tab} items={items} onChange={(k) => setParams({ tab: k }, { replace: true })} />
      <SaveCopyModal
        open={copying}
        onClose={() => setCopying(false)}
        read={() => editing.form.validateFields()}
        onSaved={(id) => navigate(`/rule/rules/${encodeURIComponent(id)}?tab=settings`)}
      />
    </PageSection>
  );
}

/** Save as Copy: the editor's rule under a new (optional) ID. */
function SaveCopyModal({ open, onClose, read, onSaved }: { open: boolean; onClose: () => void; read: () => Promise<RuleFormValues>; onSaved: (id: string) => void }) {
  const { t } = useTranslation(['rules', 'common']);
  const [form] = Form.useForm<{ id?: string }>();
  const create = useCreateRuleMutation();
  const save = async () => {
    const { id } = await form.validateFields();
    const values = await read();
    const created = await create.mutateAsync({ ...toRuleBody(values), ...(id?.trim() ? { id: id.trim() } : {}) });
    void toast().success(t('copySuccess', { id: created.id }));
    onClose();
    onSaved(created.id);
  };
  return (
    <Modal
      open={open}
      title={t('copyTitle')}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="ruleCopy" preserve={false}>
        <Form.Item name="id" label={t('ruleId')} extra={t('idHelp')} rules={[ruleIdRule()]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
