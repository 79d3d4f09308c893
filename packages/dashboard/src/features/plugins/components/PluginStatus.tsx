import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/StatusTag';
import { healthOf, isRunning, problemsOf, type Plugin } from '../plugins.types';
import '../plugins.messages';

/** Healthy / Unhealthy, the plugin's health check as a node reports it */
export function HealthTag({ status }: { status: 'ok' | 'error' }) {
  const { t } = useTranslation('plugins');
  return <StatusTag status={status === 'ok' ? 'running' : 'error'} label={t(status === 'ok' ? 'healthy' : 'unhealthy')} />;
}

/**
 * Active / Inactive (the spec's words for running / stopped) and, for a running plugin, Healthy / Unhealthy from its
 * health check; beneath, what each node reports wrong (prefixed with the node when the plugin runs on several)
 */
export function PluginStatus({ plugin }: { plugin: Plugin }) {
  const { t } = useTranslation('plugins');
  const running = isRunning(plugin);
  const problems = problemsOf(plugin);
  const health = healthOf(plugin);
  const several = plugin.running_status.length > 1;
  return (
    <Flex vertical gap={2} align="flex-start">
      <Flex gap={4} wrap>
        <StatusTag status={running ? 'running' : problems.length ? 'error' : 'stopped'} label={t(running ? 'active' : 'inactive')} />
        {running && health && <HealthTag status={health} />}
      </Flex>
      {problems.map((p) => (
        <Typography.Text key={p.node} type="danger" style={{ fontSize: 12 }}>
          {several ? `${p.node}: ${p.message}` : p.message}
        </Typography.Text>
      ))}
    </Flex>
  );
}
