// Integration › Schema Validation › <name>: Overview (matched, passed, failed and the rate; reset) and Settings
// (the form; Update sends PUT /schema_validations), Delete in the header.
import { useMemo } from 'react';
import { Button, Card, Col, Form, Result, Row, Spin, Statistic, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { useCanWrite } from '../../shared/useCanWrite';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { isApiError } from '../../api/client';
import { errorText } from '../../shared/apiErrors';
import { useDeleteValidationMutation, useResetValidationMetricsMutation, useSaveValidationMutation, useValidationMetricsQuery, useValidationQuery } from './schema-validation.api';
import type { Validation } from './schema-validation.types';
import { LIST_PATH } from './SchemaValidationPage';
import { ValidationForm, toBody } from './components/ValidationForm';
import './schema-validation.messages';

export default function ValidationDetailPage() {
  const { t } = useTranslation(['schemaValidation', 'common']);
  const name = useParams().validationName ?? '';
  const v = useValidationQuery(name);
  if (v.isLoading) return <Spin />;
  if (v.isError || !v.data) {
    const missing = isApiError(v.error) && v.error.status === 404;
    return <Result status={missing ? '404' : 'error'} title={missing ? t('notFound') : errorText(v.error)} extra={<Link to={LIST_PATH}>{t('common:back')}</Link>} />;
  }
  return <ValidationDetail validation={v.data} />;
}

function Overview({ name }: { name: string }) {
  const { t } = useTranslation(['schemaValidation', 'common']);
  const canWrite = useCanWrite();
  const metrics = useValidationMetricsQuery(name);
  const reset = useResetValidationMetricsMutation();
  const m = metrics.data;
  if (metrics.isError) return <Result status="error" title={errorText(metrics.error)} />;
  const stat = (title: string, value: number | undefined, id: string) => (
    <Col xs={12} md={6}>
      <Card size="small">
        <Statistic title={title} value={value ?? '—'} loading={!m} valueStyle={{ fontSize: 22 }} data-testid={`metric-${id}`} />
      </Card>
    </Col>
  );
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {stat(t('matched'), m?.matched, 'matched')}
        {stat(t('succeeded'), m?.succeeded, 'succeeded')}
        {stat(t('failed'), m?.failed, 'failed')}
        {stat(t('rate'), m?.rate, 'rate')}
      </Row>
      {canWrite && (
        <ConfirmAction title={t('resetConfirm', { name })} onConfirm={() => reset.mutateAsync(name)}>
          <Button>{t('resetMetrics')}</Button>
        </ConfirmAction>
      )}
    </>
  );
}

function ValidationDetail({ validation }: { validation: Validation }) {
  const { t } = useTranslation(['schemaValidation', 'common']);
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const [form] = Form.useForm<Validation>();
  const save = useSaveValidationMutation(true);
  const del = useDeleteValidationMutation();
  const initialValues = useMemo(() => validation, [validation]);
  const flow = useSubmitFlow<Validation>({
    read: async () => toBody({ ...(await form.validateFields()), name: validation.name }),
    send: (body) => save.mutateAsync(body),
    success: t('common:updateSuccess'),
  });
  const settings = (
    <>
      {flow.guard}
      <ValidationForm form={form} initialValues={initialValues} editing disabled={!canWrite} onValuesChange={flow.markDirty} />
      {canWrite && (
        <Button type="primary" loading={save.isPending} onClick={flow.submit}>
          {t('update')}
        </Button>
      )}
    </>
  );
  return (
    <PageSection
      title={
        <>
          <Link to={LIST_PATH}>{t('title')}</Link> / {validation.name}
        </>
      }
      extra={
        canWrite && (
          <ConfirmAction
            title={t('deleteConfirm', { name: validation.name })}
            onConfirm={async () => {
              await del.mutateAsync(validation.name);
              void navigate(LIST_PATH);
            }}
            successMessage={t('common:deleteSuccess')}
            danger
          >
            <Button danger>{t('common:delete')}</Button>
          </ConfirmAction>
        )
      }
    >
      <Tabs
        items={[
          { key: 'overview', label: t('overview'), children: <Overview name={validation.name} /> },
          { key: 'settings', label: t('settings'), children: settings },
        ]}
      />
    </PageSection>
  );
}
