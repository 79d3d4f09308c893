// The detail screen shared by Schema Validation and Message Transform: the entry loaded by name (404 and errors as
// a result with Back), the header with Delete, the tabs Overview (matched, succeeded, failed and the rate, polled
// while shown; reset) and Settings (the feature's own form and buttons).
import type { ReactNode } from 'react';
import { Button, Card, Col, Result, Row, Spin, Statistic, Tabs } from 'antd';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageSection } from '../../../shared/PageSection';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { useCanWrite } from '../../../shared/useCanWrite';
import { isApiError } from '../../../api/client';
import { errorText } from '../../../shared/apiErrors';
import type { OrderedChecksNs } from './OrderedChecksList';

export interface EntryMetrics {
  matched: number;
  succeeded: number;
  failed: number;
  rate?: number;
}

/** the loaded entry, or a spinner, or the result saying it does not exist (or why it could not be read) */
export function OrderedCheckLoader<T>({ ns, listPath, query, children }: { ns: OrderedChecksNs; listPath: string; query: UseQueryResult<T>; children: (entry: T) => ReactNode }) {
  const { t } = useTranslation([ns, 'common']);
  if (query.isLoading) return <Spin />;
  if (query.isError || !query.data) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return <Result status={missing ? '404' : 'error'} title={missing ? t('notFound') : errorText(query.error)} extra={<Link to={listPath}>{t('common:back')}</Link>} />;
  }
  return <>{children(query.data)}</>;
}

/** the feature's hooks (module functions, so the order of hooks stays fixed): read inside the Overview tab only */
export interface MetricsHooks {
  useMetrics: (name: string) => UseQueryResult<EntryMetrics>;
  useReset: () => UseMutationResult<unknown, Error, string>;
}

function Overview({ ns, name, hooks }: { ns: OrderedChecksNs; name: string; hooks: MetricsHooks }) {
  const { t } = useTranslation([ns, 'common']);
  const canWrite = useCanWrite();
  const metrics = hooks.useMetrics(name);
  const reset = hooks.useReset();
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

interface Props {
  ns: OrderedChecksNs;
  listPath: string;
  name: string;
  metrics: MetricsHooks;
  remove: UseMutationResult<unknown, Error, string>;
  /** the Settings tab: the feature's form and its buttons */
  settings: ReactNode;
}

export function OrderedCheckDetail({ ns, listPath, name, metrics, remove, settings }: Props) {
  const { t } = useTranslation([ns, 'common']);
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  return (
    <PageSection
      title={
        <>
          <Link to={listPath}>{t('title')}</Link> / {name}
        </>
      }
      extra={
        canWrite && (
          <ConfirmAction
            title={t('deleteConfirm', { name })}
            onConfirm={async () => {
              await remove.mutateAsync(name);
              void navigate(listPath);
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
          { key: 'overview', label: t('overview'), children: <Overview ns={ns} name={name} hooks={metrics} /> },
          { key: 'settings', label: t('settings'), children: settings },
        ]}
      />
    </PageSection>
  );
}
