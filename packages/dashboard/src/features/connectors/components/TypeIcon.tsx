// A type's icon: the antd icon of its family (HTTP, MQTT, a database, a message queue, a cloud service, storage).
import type { ReactNode } from 'react';
import { theme } from 'antd';
import { ApiOutlined, CloudOutlined, DatabaseOutlined, GlobalOutlined, HddOutlined, NodeIndexOutlined, SendOutlined } from '@ant-design/icons';

const FAMILIES: [RegExp, ReactNode][] = [
  [/^http$/, <GlobalOutlined key="http" />],
  [/^mqtt$/, <ApiOutlined key="mqtt" />],
  [/kafka|pulsar|rocketmq|rabbitmq|hstream|confluent|event_hub|kinesis|syskeeper/, <SendOutlined key="mq" />],
  [/gcp|azure|aws|s3|snowflake|dynamo/, <CloudOutlined key="cloud" />],
  [/elasticsearch|blob|iotdb|opents/, <HddOutlined key="store" />],
  [/mysql|pgsql|timescale|matrix|mongo|redis|influx|tdengine|clickhouse|cassandra|sqlserver|oracle|greptime|datalayers|couchbase/, <DatabaseOutlined key="db" />],
];

export function TypeIcon({ type }: { type: string }) {
  const { token } = theme.useToken();
  const icon = FAMILIES.find(([re]) => re.test(type))?.[1] ?? <NodeIndexOutlined />;
  return (
    <span style={{ fontSize: 24, color: token.colorPrimary, lineHeight: 1 }} aria-hidden>
      {icon}
    </span>
  );
}
