// 'Test' of the backend connection (create wizard and detail settings): validates the form, asks the node
// to reach the backend once (an MQDeck API extension, hidden in front of a real EMQX) and toasts the outcome.
import { Button, Form } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, formatError } from '../../../api/client';
import { toast } from '../../../app/bridge';
import { useApiExtension } from '../../../shared/apiExtensions';
import { useProbeAuthenticatorMutation } from '../authentication.api';
import type { AnyBackend, AnyMechanism } from '../authentication.config';
import { readAuthnConfig } from './AuthnConfigForm';

interface Props {
  form: FormInstance;
  mechanism: AnyMechanism;
  backend?: AnyBackend;
  /** the stored authenticator being edited: its secrets stand for the ****** the form shows */
  id?: string;
}

/** Built-in databases and JWT keys have nothing to reach: checking the config is all a test could do. */
export function hasBackendToReach(mechanism: AnyMechanism, backend: AnyBackend | undefined, useJwks: boolean): boolean {
  if (mechanism === 'jwt') return useJwks;
  return backend !== undefined && backend !== 'built_in_database';
}

export function AuthnTestButton(props: Props) {
  const useJwks = Form.useWatch('use_jwks', { form: props.form, preserve: true }) === true;
  return hasBackendToReach(props.mechanism, props.backend, useJwks) ? <ProbeButton {...props} /> : null;
}

/** Mounted only where a test means something, so the node is asked about its extensions only then. */
function ProbeButton({ form, id }: Props) {
  const { t } = useTranslation(['authentication', 'common']);
  const served = useApiExtension('authentication_probe');
  const probe = useProbeAuthenticatorMutation();
  if (!served) return null;

  async function run() {
    let config;
    try {
      config = await readAuthnConfig(form);
    } catch (e) {
      if (e instanceof SyntaxError) void toast().error(t('common:jsonError'));
      return; // the form shows what is missing
    }
    try {
      await probe.mutateAsync({ config, id });
    } catch (e) {
      const reason = e instanceof ApiRequestError ? e.message : formatError(e);
      void toast().error(reason ? `${t('common:testFailed')}: ${reason}` : t('common:testFailed'));
      return;
    }
    void toast().success(t('common:testSuccess'));
  }

  return (
    <Button loading={probe.isPending} onClick={() => void run()}>
      {t('test')}
    </Button>
  );
}
