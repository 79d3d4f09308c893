// Authentication › Create: mechanism → backend (skipped for JWT) → settings. An id already in the
// chain cannot be created twice (EMQX answers 409), so it is disabled up front.
import { useMemo, useState } from 'react';
import { Button, Flex, Form, Radio, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { useAuthenticatorsQuery, useCreateAuthenticatorMutation } from './authentication.api';
import { BACKENDS, MECHANISMS, authnId, defaultConfig, type Backend, type Mechanism } from './authentication.config';
import { backendLabel, mechanismLabel } from './authentication.labels';
import { AuthnConfigForm, readAuthnConfig } from './components/AuthnConfigForm';
import { AuthnTestButton } from './components/AuthnTestButton';
import './authentication.messages';

export default function AuthnCreatePage() {
  const { t } = useTranslation(['authentication', 'common']);
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [step, setStep] = useState(0);
  const [mechanism, setMechanism] = useState<Mechanism>('password_based');
  const [backend, setBackend] = useState<Backend>('built_in_database');
  const existing = new Set((useAuthenticatorsQuery().data ?? []).map((c) => c.id ?? authnId(c.mechanism, c.backend)));
  const create = useCreateAuthenticatorMutation();
  const backends = BACKENDS[mechanism];
  // A backend already in the chain cannot be chosen: fall back to the first free one.
  const selected = existing.has(authnId(mechanism, backend)) ? (backends.find((b) => !existing.has(authnId(mechanism, b))) ?? backend) : backend;
  const effectiveBackend = backends.length ? selected : undefined;
  const config = useMemo(() => defaultConfig(mechanism, effectiveBackend), [mechanism, effectiveBackend]);
  const flow = useSubmitFlow({ read: () => readAuthnConfig(form), send: create.mutateAsync, success: t('common:createSuccess'), leaveTo: '/authentication' });

  const mechanismTaken = (m: Mechanism) => (BACKENDS[m].length ? BACKENDS[m].every((b) => existing.has(authnId(m, b))) : existing.has(m));
  const next = () => {
    // Keep the backend shown on the radio even when the preselection came from the chain: a refreshed chain must not
    // swap the settings form under the operator.
    if (step === 1) setBackend(selected);
    setStep(step === 0 && !backends.length ? 2 : step + 1);
  };
  const prev = () => setStep(step === 2 && !backends.length ? 0 : step - 1);

  return (
    <PageSection title={t('create')}>
      {flow.guard}
      <Steps current={step} style={{ marginBottom: 24 }} items={[{ title: t('stepMechanism') }, { title: t('stepBackend') }, { title: t('stepConfig') }]} />
      {step === 0 && (
        <Radio.Group value={mechanism} onChange={(e) => setMechanism(e.target.value as Mechanism)} optionType="button" buttonStyle="solid">
          {MECHANISMS.map((m) => (
            <Radio.Button key={m} value={m} disabled={mechanismTaken(m)}>
              {mechanismLabel(t, m)}
            </Radio.Button>
          ))}
        </Radio.Group>
      )}
      {step === 1 && (
        <Radio.Group value={selected} onChange={(e) => setBackend(e.target.value as Backend)} optionType="button" buttonStyle="solid">
          {backends.map((b) => (
            <Radio.Button key={b} value={b} disabled={existing.has(authnId(mechanism, b))} title={existing.has(authnId(mechanism, b)) ? t('exists') : undefined}>
              {backendLabel(t, b)}
            </Radio.Button>
          ))}
        </Radio.Group>
      )}
      {step === 2 && (
        <>
          <Typography.Paragraph type="secondary">
            {mechanismLabel(t, mechanism)}
            {effectiveBackend ? ` · ${backendLabel(t, effectiveBackend)}` : ''}
          </Typography.Paragraph>
          <AuthnConfigForm form={form} config={config} onValuesChange={flow.markDirty} />
        </>
      )}
      <Flex gap="small" style={{ marginTop: 24 }}>
        {step > 0 && <Button onClick={prev}>{t('prev')}</Button>}
        {step < 2 ? (
          <Button type="primary" onClick={next} disabled={step === 1 && existing.has(authnId(mechanism, selected))}>
            {t('next')}
          </Button>
        ) : (
          <>
            <Button type="primary" loading={create.isPending} onClick={flow.submit}>
              {t('common:create')}
            </Button>
            <AuthnTestButton form={form} mechanism={mechanism} backend={effectiveBackend} />
          </>
        )}
        <Button onClick={() => navigate('/authentication')}>{t('common:cancel')}</Button>
      </Flex>
    </PageSection>
  );
}
