// Integration › Message Transform › Create: the transformation form; Create sends POST /message_transformations
// (appended last in the order) and goes back to the list; Test opens the dry-run drawer on the form as it stands.
import { useState } from 'react';
import { Button, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { useSaveTransformationMutation } from './message-transform.api';
import type { Transformation } from './message-transform.types';
import { LIST_PATH } from './MessageTransformPage';
import { INITIAL, TransformForm, toBody } from './components/TransformForm';
import { DryRunDrawer } from './components/DryRunDrawer';
import './message-transform.messages';

export default function TransformCreatePage() {
  const { t } = useTranslation(['messageTransform', 'common']);
  const navigate = useNavigate();
  const [form] = Form.useForm<Transformation>();
  const [testing, setTesting] = useState(false);
  const save = useSaveTransformationMutation(false);
  const flow = useSubmitFlow<Transformation>({
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
      <TransformForm form={form} initialValues={INITIAL} editing={false} onValuesChange={flow.markDirty} />
      <Flex gap="small">
        <Button type="primary" loading={save.isPending} onClick={flow.submit}>
          {t('common:create')}
        </Button>
        <Button onClick={() => setTesting(true)}>{t('dryRun')}</Button>
        <Button onClick={() => void navigate(LIST_PATH)}>{t('common:cancel')}</Button>
      </Flex>
      <DryRunDrawer open={testing} onClose={() => setTesting(false)} read={async () => toBody({ ...(await form.validateFields()), name: form.getFieldValue('name') || 'test' })} />
    </PageSection>
  );
}
