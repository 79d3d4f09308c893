import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/StatusTag';
import { isRunning, problemOf, type Plugin } from '../plugins.types';
import '../plugins.messages';

/** Active / Inactive (the spec's words for running / stopped), with the reason a node reports beneath */
export function PluginStatus({ plugin }: { plugin: Plugin }) {
  const { t } = useTranslation('plugins');
  const running = isRunning(plugin);
  const problem = problemOf(plugin);
  const tag = <StatusTag status={running ? 'running' : problem ? 'error' : 'stopped'} label={t(running ? 'active' : 'inactive')} />;
  if (!problem) return tag;
  return (
    <Flex vertical gap={2} align="flex-start">
      {tag}
      <Typography.Text type="danger" style={{ fontSize: 12 }}>
        {problem}
      </Typography.Text>
    </Flex>
  );
}
