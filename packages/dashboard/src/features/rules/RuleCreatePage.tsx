// Integration › Rules › Create: the rule editor; Save sends POST /rules (201) and goes back to the list.
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { useCreateRuleMutation, type NewRule } from './rules.api';
import { DEFAULT_SQL, RuleEditor, toRuleBody, type RuleFormValues } from './components/RuleEditor';
import { useRuleEditing } from './useRuleEditing';
import './rules.messages';

const INITIAL: RuleFormValues = { id: '', description: '', enable: true, sql: DEFAULT_SQL, actions: [] };

export default function RuleCreatePage() {
  const { t } = useTranslation(['rules', 'common']);
  const navigate = useNavigate();
  const editing = useRuleEditing();
  const create = useCreateRuleMutation();
  const flow = useSubmitFlow<NewRule>({
    read: async () => {
      const v = await editing.form.validateFields();
      const id = v.id?.trim();
      return { ...toRuleBody(v), ...(id ? { id } : {}) };
    },
    send: async (body) => {
      try {
        await create.mutateAsync(body);
      } catch (e) {
        editing.noteSqlError(e);
        throw e;
      }
      editing.stopAll();
    },
    success: t('common:createSuccess'),
    leaveTo: '/rule/rules',
  });

  return (
    <PageSection
      title={
        <>
          <Link to="/rule/rules">{t('title')}</Link> / {t('create')}
        </>
      }
    >
      {editing.guard(flow.guard)}
      <RuleEditor form={editing.form} initialValues={INITIAL} editing={false} onValuesChange={flow.markDirty} {...editing.editorProps} />
      <Flex gap="small" style={{ marginTop: 24 }}>
        <Button type="primary" loading={create.isPending} onClick={flow.submit}>
          {t('common:create')}
        </Button>
        <Button onClick={() => navigate('/rule/rules')}>{t('common:cancel')}</Button>
      </Flex>
    </PageSection>
  );
}
