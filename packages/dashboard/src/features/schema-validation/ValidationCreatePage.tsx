// Integration › Schema Validation › Create: the validation form; Create sends POST /schema_validations (appended
// last in the order) and goes back to the list.
import { Button, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { useSaveValidationMutation } from './schema-validation.api';
import type { Validation } from './schema-validation.types';
import { LIST_PATH } from './SchemaValidationPage';
import { ValidationForm, toBody } from './components/ValidationForm';
import './schema-validation.messages';

const INITIAL: Validation = {
  name: '',
  description: '',
  enable: true,
  topics: [],
  strategy: 'all_pass',
  failure_action: 'drop',
  log_failure: { level: 'info' },
  checks: [{ type: 'json', schema: '' }],
};

export default function ValidationCreatePage() {
  const { t } = useTranslation(['schemaValidation', 'common']);
  const navigate = useNavigate();
  const [form] = Form.useForm<Validation>();
  const save = useSaveValidationMutation(false);
  const flow = useSubmitFlow<Validation>({
    read: async () => toBody(await form.validateFields()),
    send: (body) => save.mutateAsync(body),
    success: t('common:createSuccess'),
    leaveTo: LIST_PATH,
  });
  return (
    <PageSection
      title={
        <>
          <Link to={LIST_PATH}>{t('title')}</Link> / {t('createTitle')}
        </>
      }
    >
      {flow.guard}
      <ValidationForm form={form} initialValues={INITIAL} editing={false} onValuesChange={flow.markDirty} />
      <Flex gap="small">
        <Button type="primary" loading={save.isPending} onClick={flow.submit}>
          {t('common:create')}
        </Button>
        <Button onClick={() => void navigate(LIST_PATH)}>{t('common:cancel')}</Button>
      </Flex>
    </PageSection>
  );
}
