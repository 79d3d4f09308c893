// The connector types this node runs. A type not listed here is still known to the API (the contract's types) but
// answers POST with a plain sentence saying this node does not run it. Each type lives in types/<type>/ and adds
// exactly one line to this list (resource/types.ts is the seam it implements).
import type { ConnectorType } from '../resource/types';
import { clickhouseType } from './clickhouse';
import { dynamoType } from './dynamo';
import { httpType } from './http';
import { influxdbType } from './influxdb';
import { azureEventHubProducerType, confluentProducerType, kafkaConsumerType, kafkaProducerType } from './kafka';
import { kinesisType } from './kinesis';
import { mqttType } from './mqtt';
import { mysqlType } from './mysql';
import { mongodbType } from './mongodb';
import { matrixType, pgsqlType, timescaleType } from './pgsql';
import { rabbitmqType } from './rabbitmq';
import { redisType } from './redis';
import { s3Type } from './s3';

export const connectorTypes: ConnectorType[] = [
  httpType,
  mqttType,
  mysqlType,
  pgsqlType,
  timescaleType,
  matrixType,
  redisType,
  influxdbType,
  clickhouseType,
  mongodbType,
  dynamoType,
  kinesisType,
  rabbitmqType,
  s3Type,
  kafkaProducerType,
  kafkaConsumerType,
  confluentProducerType,
  azureEventHubProducerType,
];
