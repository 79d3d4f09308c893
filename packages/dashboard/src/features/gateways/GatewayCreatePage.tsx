// Management › Gateways › Setup (/gateway/create/{name}), guided as in EMQX's console: basic settings → listeners →
// authentication. Finishing sends PUT /gateways/{name} with the settings and the listeners (which loads and starts
// the gateway), then POST /gateways/{name}/authentication when an authenticator was chosen.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Flex, Form, Result, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../app/bridge';
import { PageSection } from '../../shared/PageSection';
import { UnsavedChangesGuard } from '../../shared/UnsavedChangesGuard';
import { AuthnConfigForm, readAuthnConfig } from '../authentication/components/AuthnConfigForm';
import type { Backend, Mechanism } from '../authentication/authentication.config';
import { useGatewaysQuery, useSaveGatewayAuthnMutation, useSaveGatewayMutation } from './gateways.api';
import {
  GATEWAY_LABELS,
  LISTENER_TYPES,
  authnBackends,
  defaultGateway,
  defaultListener,
  isGatewayName,
  type GatewayName,
  type GatewayValues,
  type ListenerValues,
} from './gateways.config';
import { GatewaySettingsFields } from './components/GatewaySettingsFields';
import { LocalListeners } from './components/GatewayListeners';
import { AuthnChooser, chosenConfig } from './components/GatewayAuth';
import './gateways.messages';

export default function GatewayCreatePage() {
  const raw = useParams().name ?? '';
  const { t } = useTranslation(['gateways', 'common']);
  if (!isGatewayName(raw))
    return (
      <Result
        status="404"
        title={t('notFound', { name: raw })}
        extra={
          <Link to="/gateway">
            <Button>{t('back')}</Button>
          </Link>
        }
      />
    );
  // a new wizard for each gateway: going from one /gateway/create/{name} to another starts from that one's defaults
  return <Wizard key={raw} name={raw} />;
}

function Wizard({ name }: { name: GatewayName }) {
  const { t } = useTranslation(['gateways', 'common']);
  const navigate = useNavigate();
  const [basicForm] = Form.useForm<GatewayValues>();
  const [authnForm] = Form.useForm();
  const [step, setStep] = useState(0);
  const [basic, setBasic] = useState<GatewayValues>(() => defaultGateway(name));
  const [listeners, setListeners] = useState<ListenerValues[]>(() => [defaultListener(name, LISTENER_TYPES[name][0])]);
  const [choice, setChoice] = useState<{ mechanism: Mechanism | 'none'; backend: Backend }>({ mechanism: 'none', backend: authnBackends(name)[0] });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const authnConfig = useMemo(() => chosenConfig(choice), [choice]);
  const save = useSaveGatewayMutation(name);
  const saveAuthn = useSaveGatewayAuthnMutation(name);
  const overview = useGatewaysQuery().data?.find((g) => g.name === name);
  const label = GATEWAY_LABELS[name];
  // leave after the render that released the guard, or it would ask about the gateway just set up
  useEffect(() => {
    if (done) navigate(`/gateway/detail/${name}`);
  }, [done, name, navigate]);

  async function next() {
    if (step === 0) {
      const values = (await basicForm.validateFields().catch(() => null)) as GatewayValues | null;
      if (!values) return;
      setBasic({ ...basic, ...values });
    }
    if (step === 1 && listeners.length === 0) {
      void toast().error(t('needListener'));
      return;
    }
    setStep(step + 1);
  }

  async function finish() {
    let authn = null;
    if (authnConfig) {
      try {
        authn = await readAuthnConfig(authnForm);
      } catch {
        return;
      }
    }
    setBusy(true);
    try {
      await save.mutateAsync({ ...basic, enable: true, listeners });
      if (authn) await saveAuthn.mutateAsync({ body: authn, exists: false });
      void toast().success(t('createSuccess'));
      setDone(true);
    } catch {
      // toasted by the mutation cache; the wizard keeps what was entered
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageSection title={t('create', { name: label })}>
      <UnsavedChangesGuard dirty={step > 0 && !done} />
      {overview && overview.status !== 'unloaded' && <Alert type="warning" showIcon title={t('alreadyLoaded', { name: label })} style={{ marginBottom: 16 }} />}
      <Steps current={step} style={{ marginBottom: 24 }} items={[{ title: t('stepBasic') }, { title: t('stepListeners') }, { title: t('stepAuth') }]} />
      <Typography.Paragraph type="secondary">{t(`desc_${name}`)}</Typography.Paragraph>
      {step === 0 && (
        <Form form={basicForm} name="gatewayBasic" layout="vertical" style={{ maxWidth: 720 }} initialValues={basic}>
          <GatewaySettingsFields name={name} />
        </Form>
      )}
      {step === 1 && <LocalListeners gateway={name} value={listeners} onChange={setListeners} />}
      {step === 2 && (
        <>
          <Alert type="info" showIcon title={t('authHint')} style={{ marginBottom: 16 }} />
          <AuthnChooser gateway={name} value={choice} onChange={setChoice} allowNone />
          {authnConfig && <AuthnConfigForm form={authnForm} config={authnConfig} />}
        </>
      )}
      <Flex gap="small" style={{ marginTop: 24 }}>
        {step > 0 && (
          <Button onClick={() => setStep(step - 1)} disabled={busy}>
            {t('prev')}
          </Button>
        )}
        {step < 2 ? (
          <Button type="primary" onClick={() => void next()}>
            {t('next')}
          </Button>
        ) : (
          <Button type="primary" loading={busy} onClick={() => void finish()}>
            {t('common:create')}
          </Button>
        )}
        <Button onClick={() => navigate('/gateway')}>{t('common:cancel')}</Button>
      </Flex>
    </PageSection>
  );
}
