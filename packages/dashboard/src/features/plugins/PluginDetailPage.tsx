// Management › Plugins › detail (EMQX console /plugins/detail/{name}-{vsn}): basic information (author, version,
// builder, repository, sha256, status and health check per node with the reason), Start/Stop and Uninstall; tabs Read Me (the
// package's README, rendered sanitized) and Configuration (the form generated from its Avro schema).
import { Button, Descriptions, Empty, Flex, Result, Spin, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../app/bridge';
import { PageSection } from '../../shared/PageSection';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { StatusTag } from '../../shared/StatusTag';
import { errorText } from '../../shared/apiErrors';
import { useCanWrite } from '../../shared/useCanWrite';
import { isApiError } from '../../api/client';
import { usePluginActionMutation, usePluginConfigQuery, usePluginQuery, usePluginSchemaQuery, useUninstallPluginMutation } from './plugins.api';
import { isRunning, type Plugin } from './plugins.types';
import { HealthTag, PluginStatus } from './components/PluginStatus';
import { Readme } from './components/Readme';
import { AvroConfigForm } from './components/AvroConfigForm';
import { authorsOf } from './PluginsListPage';
import './plugins.messages';

function ConfigTab({ nameVsn, canWrite }: { nameVsn: string; canWrite: boolean }) {
  const { t } = useTranslation('plugins');
  const schema = usePluginSchemaQuery(nameVsn);
  const hasSchema = !!schema.data?.avsc;
  const config = usePluginConfigQuery(nameVsn, hasSchema);
  if (schema.isLoading || (hasSchema && config.isLoading)) return <Spin />;
  if (schema.isError) return <Result status="error" subTitle={errorText(schema.error)} />;
  if (!hasSchema) return <Empty description={t('noPluginConfig')} />;
  return <AvroConfigForm nameVsn={nameVsn} schema={schema.data!} config={config.data ?? {}} canWrite={canWrite} />;
}

function Info({ plugin }: { plugin: Plugin }) {
  const { t } = useTranslation('plugins');
  const compat = plugin.compatibility && typeof plugin.compatibility === 'object' ? Object.entries(plugin.compatibility as Record<string, string>) : [];
  return (
    <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
      <Descriptions.Item label={t('name')}>{plugin.name}</Descriptions.Item>
      <Descriptions.Item label={t('version')}>{plugin.rel_vsn}</Descriptions.Item>
      <Descriptions.Item label={t('author')}>{authorsOf(plugin) || '-'}</Descriptions.Item>
      <Descriptions.Item label={t('status')}>
        <PluginStatus plugin={plugin} />
      </Descriptions.Item>
      <Descriptions.Item label={t('builder')}>{plugin.builder?.name || '-'}</Descriptions.Item>
      <Descriptions.Item label={t('date')}>{plugin.date ?? plugin.git_commit_or_build_date ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('repo')}>{plugin.repo || '-'}</Descriptions.Item>
      <Descriptions.Item label={t('functionality')}>
        {(plugin.functionality ?? []).map((f) => (
          <Tag key={f}>{f}</Tag>
        ))}
      </Descriptions.Item>
      <Descriptions.Item label={t('compatibility')}>{compat.map(([k, v]) => `${k} ${v}`).join(', ') || '-'}</Descriptions.Item>
      <Descriptions.Item label={t('sha256')}>
        <code style={{ wordBreak: 'break-all' }}>{plugin.sha256 ?? '-'}</code>
      </Descriptions.Item>
      <Descriptions.Item label={t('description')} span={2}>
        {plugin.description}
      </Descriptions.Item>
      <Descriptions.Item label={t('nodeStatus')} span={2}>
        <Flex vertical gap={4}>
          {plugin.running_status.map((s) => (
            <Flex key={s.node} gap="small" align="center">
              <span>{s.node}</span>
              <StatusTag status={s.status === 'running' ? 'running' : 'stopped'} label={t(s.status === 'running' ? 'active' : 'inactive')} />
              {s.status === 'running' && s.health_status && <HealthTag status={s.health_status.status} />}
              {s.health_status?.message && (
                <Tooltip title={t('reason')}>
                  <Typography.Text type={s.health_status.status === 'error' ? 'danger' : undefined}>{s.health_status.message}</Typography.Text>
                </Tooltip>
              )}
            </Flex>
          ))}
        </Flex>
      </Descriptions.Item>
    </Descriptions>
  );
}

export default function PluginDetailPage() {
  const { t } = useTranslation(['plugins', 'common']);
  const { nameVsn = '' } = useParams();
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const plugin = usePluginQuery(nameVsn);
  const action = usePluginActionMutation();
  const uninstall = useUninstallPluginMutation();

  if (plugin.isLoading) return <Spin />;
  if (plugin.isError || !plugin.data) {
    const missing = isApiError(plugin.error) && plugin.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('notFound') : undefined}
        subTitle={missing ? nameVsn : errorText(plugin.error)}
        extra={<Link to="/plugins">{t('backToList')}</Link>}
      />
    );
  }
  const p = plugin.data;
  const running = isRunning(p);
  return (
    <PageSection
      title={`${p.name} ${p.rel_vsn}`}
      extra={
        canWrite && (
          <Flex gap="small">
            <Button
              loading={action.isPending}
              onClick={() => action.mutate({ nameVsn, action: running ? 'stop' : 'start' }, { onSuccess: () => void toast().success(t(running ? 'stopSuccess' : 'startSuccess')) })}
            >
              {t(running ? 'stop' : 'start')}
            </Button>
            <ConfirmAction
              title={t('uninstallConfirm', { name: nameVsn })}
              onConfirm={async () => {
                await uninstall.mutateAsync(nameVsn);
                void navigate('/plugins');
              }}
              successMessage={t('uninstalledSuccessfully')}
              danger
            >
              <Button danger>{t('uninstall')}</Button>
            </ConfirmAction>
          </Flex>
        )
      }
    >
      <Flex vertical gap="middle">
        <Info plugin={p} />
        <Tabs
          items={[
            { key: 'readme', label: t('readme'), children: p.readme ? <Readme markdown={p.readme} /> : <Empty description={t('noReadme')} /> },
            { key: 'config', label: t('config'), children: <ConfigTab nameVsn={nameVsn} canWrite={canWrite} /> },
          ]}
        />
      </Flex>
    </PageSection>
  );
}
