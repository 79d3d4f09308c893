// Authentication › detail: Overview (metrics, per-node status), Settings (edit), Users (built-in database).
import { Button, Flex, Form, Result, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { useCanWrite } from '../../shared/useCanWrite';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { isApiError } from '../../api/client';
import { useAuthenticatorQuery, useAuthnStatusQuery, useUpdateAuthenticatorMutation } from './authentication.api';
import { backendLabel, mechanismLabel } from './authentication.labels';
import { AuthnConfigForm, readAuthnConfig } from './components/AuthnConfigForm';
import { AuthnMetrics } from './components/AuthnMetrics';
import { AuthnTestButton } from './components/AuthnTestButton';
import { AuthnUsersTab } from './components/AuthnUsersTab';
import './authentication.messages';

export default function AuthnDetailPage() {
  const { t } = useTranslation(['authentication', 'common']);
  const id = useParams().id ?? '';
  const [params, setParams] = useSearchParams();
  const canWrite = useCanWrite();
  const [form] = Form.useForm();
  const config = useAuthenticatorQuery(id);
  const status = useAuthnStatusQuery(id, 10_000);
  const update = useUpdateAuthenticatorMutation();
  const flow = useSubmitFlow({ read: () => readAuthnConfig(form), send: (body) => update.mutateAsync({ id, config: body }), success: t('common:updateSuccess') });

  if (config.isLoading) return <Spin />;
  if (config.isError || !config.data) {
    const missing = isApiError(config.error) && config.error.status === 404;
    return <Result status={missing ? '404' : 'error'} title={missing ? t('notFound') : t('common:errorOccurred')} extra={<Link to="/authentication">{t('common:back')}</Link>} />;
  }
  const c = config.data;
  const hasUsers = c.backend === 'built_in_database';

  const items = [
    { key: 'overview', label: t('overview'), children: <AuthnMetrics status={status.data} /> },
    {
      key: 'settings',
      label: t('settings'),
      children: (
        <>
          <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0 }}>
            <AuthnConfigForm form={form} config={c} onValuesChange={flow.markDirty} />
          </fieldset>
          {canWrite && (
            <Flex gap="small">
              <Button type="primary" loading={update.isPending} onClick={flow.submit}>
                {t('common:update')}
              </Button>
              <AuthnTestButton form={form} mechanism={c.mechanism} backend={c.backend} id={id} />
            </Flex>
          )}
        </>
      ),
    },
    ...(hasUsers ? [{ key: 'users', label: t('users'), children: <AuthnUsersTab id={id} userIdType={String(c.user_id_type ?? 'username')} /> }] : []),
  ];
  const tab = params.get('tab') ?? (hasUsers ? 'users' : 'overview');
  return (
    <PageSection
      title={
        <>
          <Link to="/authentication">{t('title')}</Link> / {mechanismLabel(t, c.mechanism)} {c.backend ? `· ${backendLabel(t, c.backend)}` : ''}
        </>
      }
    >
      {flow.guard}
      <Tabs activeKey={tab} items={items} onChange={(k) => setParams({ tab: k }, { replace: true })} destroyOnHidden={false} />
    </PageSection>
  );
}
