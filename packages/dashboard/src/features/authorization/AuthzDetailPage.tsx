// Authorization › detail: Overview (metrics), Settings (edit; the ACL file editor for `file`),
// Permissions (built-in database rules).
import { Button, Form, Result, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { useCanWrite } from '../../shared/useCanWrite';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { isApiError } from '../../api/client';
import { useSourceQuery, useSourceStatusQuery, useUpdateSourceMutation } from './authorization.api';
import type { SourceType } from './authorization.config';
import { sourceTypeLabel } from './authorization.labels';
import { AuthzMetrics } from './components/AuthzMetrics';
import { BuiltInRules } from './components/BuiltInRules';
import { SourceForm, readSource } from './components/SourceForm';
import './authorization.messages';

export default function AuthzDetailPage() {
  const { t } = useTranslation(['authorization', 'common']);
  const type = (useParams().type ?? '') as SourceType;
  const [params, setParams] = useSearchParams();
  const canWrite = useCanWrite();
  const [form] = Form.useForm();
  const source = useSourceQuery(type);
  const status = useSourceStatusQuery(type, source.isSuccess);
  const update = useUpdateSourceMutation();
  const flow = useSubmitFlow({ read: () => readSource(form), send: update.mutateAsync, success: t('common:updateSuccess') });

  if (source.isLoading) return <Spin />;
  if (source.isError || !source.data) {
    const missing = isApiError(source.error) && source.error.status === 404;
    return <Result status={missing ? '404' : 'error'} title={missing ? t('notFound') : t('common:errorOccurred')} extra={<Link to="/authorization">{t('common:back')}</Link>} />;
  }

  const builtIn = type === 'built_in_database';
  const items = [
    ...(builtIn ? [{ key: 'permissions', label: t('permissions'), children: <BuiltInRules /> }] : []),
    { key: 'overview', label: t('overview'), children: <AuthzMetrics status={status.data} /> },
    {
      key: 'settings',
      label: t('settings'),
      children: (
        <>
          <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0 }}>
            <SourceForm form={form} source={source.data} onValuesChange={flow.markDirty} />
          </fieldset>
          {canWrite && (
            <Button type="primary" loading={update.isPending} onClick={flow.submit}>
              {t('common:update')}
            </Button>
          )}
        </>
      ),
    },
  ];
  const tab = params.get('tab') ?? (builtIn ? 'permissions' : type === 'file' ? 'settings' : 'overview');
  return (
    <PageSection
      title={
        <>
          <Link to="/authorization">{t('title')}</Link> / {sourceTypeLabel(t, type)}
        </>
      }
    >
      {flow.guard}
      <Tabs activeKey={tab} items={items} onChange={(k) => setParams({ tab: k }, { replace: true })} />
    </PageSection>
  );
}
