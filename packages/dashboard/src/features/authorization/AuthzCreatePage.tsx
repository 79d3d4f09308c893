// Authorization › Create: pick a source type not yet configured, then its settings. EMQX prepends it.
import { useMemo, useState } from 'react';
import { Button, Flex, Form, Radio, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { useCreateSourceMutation, useSourcesQuery } from './authorization.api';
import { SOURCE_TYPES, defaultSource, type SourceType } from './authorization.config';
import { sourceTypeLabel } from './authorization.labels';
import { SourceForm, readSource } from './components/SourceForm';
import './authorization.messages';

export default function AuthzCreatePage() {
  const { t } = useTranslation(['authorization', 'common']);
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [step, setStep] = useState(0);
  const [picked, setPicked] = useState<SourceType>('built_in_database');
  const existing = new Set((useSourcesQuery().data ?? []).map((s) => s.type));
  const type = existing.has(picked) ? (SOURCE_TYPES.find((s) => !existing.has(s)) ?? picked) : picked;
  const source = useMemo(() => defaultSource(type), [type]);
  const create = useCreateSourceMutation();
  const flow = useSubmitFlow({ read: () => readSource(form), send: create.mutateAsync, success: t('common:createSuccess'), leaveTo: '/authorization' });

  return (
    <PageSection title={t('create')}>
      {flow.guard}
      <Steps current={step} style={{ marginBottom: 24 }} items={[{ title: t('type') }, { title: t('settings') }]} />
      {step === 0 ? (
        <Radio.Group value={type} onChange={(e) => setPicked(e.target.value as SourceType)} optionType="button" buttonStyle="solid">
          {SOURCE_TYPES.map((s) => (
            <Radio.Button key={s} value={s} disabled={existing.has(s)}>
              {sourceTypeLabel(t, s)}
            </Radio.Button>
          ))}
        </Radio.Group>
      ) : (
        <SourceForm form={form} source={source} onValuesChange={flow.markDirty} />
      )}
      <Flex gap="small" style={{ marginTop: 24 }}>
        {step === 1 && <Button onClick={() => setStep(0)}>{t('prev')}</Button>}
        {step === 0 ? (
          <Button type="primary" disabled={existing.has(type)} onClick={() => setStep(1)}>
            {t('next')}
          </Button>
        ) : (
          <Button type="primary" loading={create.isPending} onClick={flow.submit}>
            {t('common:create')}
          </Button>
        )}
        <Button onClick={() => navigate('/authorization')}>{t('common:cancel')}</Button>
      </Flex>
    </PageSection>
  );
}
