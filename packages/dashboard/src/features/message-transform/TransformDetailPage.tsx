// Integration › Message Transform › <name>: Overview (matched, succeeded, failed and the rate; reset) and Settings
// (the form; Update sends PUT /message_transformations; Test opens the dry-run drawer), Delete in the header.
import { useMemo, useState } from 'react';
import { Button, Card, Col, Flex, Form, Result, Row, Spin, Statistic, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { useCanWrite } from '../../shared/useCanWrite';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { isApiError } from '../../api/client';
import { errorText } from '../../shared/apiErrors';
import {
  useDeleteTransformationMutation,
  useResetTransformationMetricsMutation,
  useSaveTransformationMutation,
  useTransformationMetricsQuery,
  useTransformationQuery,
} from './message-transform.api';
import type { Transformation } from './message-transform.types';
import { LIST_PATH } from './MessageTransformPage';
import { TransformForm, toBody } from './components/TransformForm';
import { DryRunDrawer } from './components/DryRunDrawer';
import './message-transform.messages';

export default function TransformDetailPage() {
  const { t } = useTranslation(['messageTransform', 'common']);
  const name = useParams().transformName ?? '';
  const v = useTransformationQuery(name);
  if (v.isLoading) return <Spin />;
  if (v.isError || !v.data) {
    const missing = isApiError(v.error) && v.error.status === 404;
    return <Result status={missing ? '404' : 'error'} title={missing ? t('notFound') : errorText(v.error)} extra={<Link to={LIST_PATH}>{t('common:back')}</Link>} />;
  }
  return <TransformDetail transformation={v.data} />;
}

function Overview({ name }: { name: string }) {
  const { t } = useTranslation(['messageTransform', 'common']);
  const canWrite = useCanWrite();
  const metrics = useTransformationMetricsQuery(name);
  const reset = useResetTransformationMetricsMutation();
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

function TransformDetail({ transformation }: { transformation: Transformation }) {
  const { t } = useTranslation(['messageTransform', 'common']);
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const [form] = Form.useForm<Transformation>();
  const [testing, setTesting] = useState(false);
  const save = useSaveTransformationMutation(true);
  const del = useDeleteTransformationMutation();
  const initialValues = useMemo(() => transformation, [transformation]);
  const read = async () => toBody({ ...(await form.validateFields()), name: transformation.name });
  const flow = useSubmitFlow<Transformation>({
    read,
    send: (body) => save.mutateAsync(body),
    success: t('common:updateSuccess'),
  });
  const settings = (
    <>
      {flow.guard}
      <TransformForm form={form} initialValues={initialValues} editing disabled={!canWrite} onValuesChange={flow.markDirty} />
      <Flex gap="small">
        {canWrite && (
          <Button type="primary" loading={save.isPending} onClick={flow.submit}>
            {t('update')}
          </Button>
        )}
        <Button onClick={() => setTesting(true)}>{t('dryRun')}</Button>
      </Flex>
      <DryRunDrawer open={testing} onClose={() => setTesting(false)} read={read} />
    </>
  );
  return (
    <PageSection
      title={
        <>
          <Link to={LIST_PATH}>{t('title')}</Link> / {transformation.name}
        </>
      }
      extra={
        canWrite && (
          <ConfirmAction
            title={t('deleteConfirm', { name: transformation.name })}
            onConfirm={async () => {
              await del.mutateAsync(transformation.name);
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
          { key: 'overview', label: t('overview'), children: <Overview name={transformation.name} /> },
          { key: 'settings', label: t('settings'), children: settings },
        ]}
      />
    </PageSection>
  );
}
