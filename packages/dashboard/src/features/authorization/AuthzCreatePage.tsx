// Authorization › Create: pick a source type not yet configured, then its settings. EMQX prepends it.
import { useEffect, useMemo, useState } from 'react';
import { Button, Flex, Form, Radio, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { UnsavedChangesGuard } from '../../shared/UnsavedChangesGuard';
import { toast } from '../../app/bridge';
import { useCreateSourceMutation, useSourcesQuery } from './authorization.api';
import { SOURCE_TYPES, defaultSource, type SourceType } from './authorization.config';
import { sourceTypeLabel } from './authorization.labels';
import { SourceForm, readSource } from './components/SourceForm';
import './authorization.messages';

export default function AuthzCreatePage() {
  const { t } = useTranslation('authz');
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [step, setStep] = useState(0);
  const [picked, setPicked] = useState<SourceType>('built_in_database');
  const [dirty, setDirty] = useState(false);
  const [done, setDone] = useState(false);
  const existing = new Set((useSourcesQuery().data ?? []).map((s) => s.type));
  const type = existing.has(picked) ? (SOURCE_TYPES.find((s) => !existing.has(s)) ?? picked) : picked;
  const source = useMemo(() => defaultSource(type), [type]);
  const create = useCreateSourceMutation();
  useEffect(() => {
    if (done) navigate('/authorization');
  }, [done, navigate]);

  async function submit() {
    let body;
    try {
      body = await readSource(form);
    } catch (e) {
      if (e instanceof SyntaxError) void toast().error(t('common:jsonError'));
      return;
    }
    try {
      await create.mutateAsync(body);
    } catch {
      return;
    }
    void toast().success(t('common:createSuccess'));
    setDone(true);
  }

  return (
    <PageSection title={t('create')}>
      <UnsavedChangesGuard dirty={dirty && !done} />
      <Steps current={step} style={{ marginBottom: 24 }} items={[{ title: t('type') }, { title: t('settings') }]} />
      {step === 0 ? (
        <Radio.Group value={type} onChange={(e) => setPicked(e.target.value as SourceType)} optionType="button" buttonStyle="solid">
          {SOURCE_TYPES.map((s) => <Radio.Button key={s} value={s} disabled={existing.has(s)}>{sourceTypeLabel(t, s)}</Radio.Button>)}
        </Radio.Group>
      ) : (
        <SourceForm form={form} source={source} onValuesChange={() => setDirty(true)} />
      )}
      <Flex gap="small" style={{ marginTop: 24 }}>
        {step === 1 && <Button onClick={() => setStep(0)}>{t('prev')}</Button>}
        {step === 0
          ? <Button type="primary" disabled={existing.has(type)} onClick={() => setStep(1)}>{t('next')}</Button>
          : <Button type="primary" loading={create.isPending} onClick={() => void submit()}>{t('common:create')}</Button>}
        <Button onClick={() => navigate('/authorization')}>{t('common:cancel')}</Button>
      </Flex>
    </PageSection>
  );
}
