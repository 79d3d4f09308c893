// Management › ExHooks › detail (EMQX console /exhook/detail/:exhookName): Overview (status, call metrics, the
// hooks the server registered with their topics and metrics) and Settings (the server form, saved with PUT).
import { useEffect } from 'react';
import { Button, Card, Descriptions, Empty, Flex, Form, Result, Spin, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageSection } from '../../shared/PageSection';
import { useSubmitFlow } from '../../shared/forms/useSubmitFlow';
import { useCanWrite } from '../../shared/useCanWrite';
import { isApiError } from '../../api/client';
import { errorText } from '../../shared/apiErrors';
import { configOf, useExhookHooksQuery, useExhookQuery, useUpdateExhookMutation } from './exhook.api';
import { statusOf, type ExhookServer } from './exhook.types';
import { ExhookForm, toConfig, toFormValues, type ExhookFormValues } from './components/ExhookForm';
import { ExhookStatus } from './components/ExhookStatus';
import './exhook.messages';

function Overview({ server }: { server: ExhookServer }) {
  const { t } = useTranslation(['exhook', 'common']);
  const hooks = useExhookHooksQuery(server.name);
  const m = server.metrics;
  return (
    <Flex vertical gap="middle">
      <Card size="small">
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label={t('status')}>
            <ExhookStatus status={statusOf(server)} />
          </Descriptions.Item>
          <Descriptions.Item label={t('url')}>{server.url}</Descriptions.Item>
          <Descriptions.Item label={t('numberOfHooks')}>{server.hooks.length}</Descriptions.Item>
          <Descriptions.Item label={t('succeed')}>{m.succeed}</Descriptions.Item>
          <Descriptions.Item label={t('failed')}>{m.failed}</Descriptions.Item>
          <Descriptions.Item label={`${t('rate')} (${t('rateUnit')})`}>
            {m.rate} / {t('maxRate')} {m.max_rate}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('registeredHooks')}>
        <Table
          size="small"
          rowKey="name"
          loading={hooks.isLoading}
          dataSource={hooks.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('noHooks')} /> }}
          columns={[
            { title: t('name'), dataIndex: 'name', key: 'name' },
            {
              title: t('topics'),
              key: 'topics',
              render: (_: unknown, h) => (h.params.topics?.length ? h.params.topics.map((x) => <Tag key={x}>{x}</Tag>) : '-'),
            },
            { title: t('succeed'), key: 'succeed', render: (_: unknown, h) => h.metrics.succeed },
            { title: t('failed'), key: 'failed', render: (_: unknown, h) => h.metrics.failed },
            { title: `${t('rate')} (${t('rateUnit')})`, key: 'rate', render: (_: unknown, h) => h.metrics.rate },
            { title: t('maxRate'), key: 'max_rate', render: (_: unknown, h) => h.metrics.max_rate },
          ]}
        />
      </Card>
    </Flex>
  );
}

function Settings({ server }: { server: ExhookServer }) {
  const { t } = useTranslation(['exhook', 'common']);
  const canWrite = useCanWrite();
  const [form] = Form.useForm<ExhookFormValues>();
  const update = useUpdateExhookMutation();
  useEffect(() => form.setFieldsValue(toFormValues(configOf(server))), [form, server.name]); // eslint-disable-line react-hooks/exhaustive-deps
  const flow = useSubmitFlow({
    read: async () => toConfig(await form.validateFields(), configOf(server)),
    send: (body) => update.mutateAsync(body),
    success: t('common:saveSuccess'),
  });
  return (
    <>
      {flow.guard}
      <ExhookForm form={form} creating={false} onValuesChange={flow.markDirty} />
      {canWrite && (
        <Button type="primary" loading={update.isPending} onClick={flow.submit}>
          {t('common:save')}
        </Button>
      )}
    </>
  );
}

export default function ExhookDetailPage() {
  const { t } = useTranslation(['exhook', 'common']);
  const name = decodeURIComponent(useParams().exhookName ?? '');
  const [params, setParams] = useSearchParams();
  const query = useExhookQuery(name);
  const tab = params.get('tab') === 'settings' ? 'settings' : 'overview';
  if (query.isLoading) return <Spin />;
  if (query.isError || !query.data) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('notFound', { name }) : errorText(query.error)}
        extra={
          <Link to="/exhook">
            <Button>{t('back')}</Button>
          </Link>
        }
      />
    );
  }
  const server = query.data;
  return (
    <PageSection title={server.name} extra={<ExhookStatus status={statusOf(server)} />}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        items={[
          { key: 'overview', label: t('overview'), children: <Overview server={server} /> },
          { key: 'settings', label: t('setting'), children: <Settings server={server} /> },
        ]}
      />
    </PageSection>
  );
}
