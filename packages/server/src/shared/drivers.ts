// Every third-party driver the node loads on first use, not at start (lazy-module.ts says why), each once, here: a
// new connector, authenticator or codec takes its driver from this list, and test/process/lazy-drivers.test.ts
// checks that none of them loads when the node starts.
//
// A package Node loads as CommonJS is require()d: its getter returns the module, for synchronous and asynchronous
// callers alike (re2js, an ES module, too: a rule SQL function cannot await, and Node >= 20.19 requires ESM). The
// ES-module packages jose and ldapts, and mqtt, whose ES build Node picks for import(), are import()ed: their getter
// returns a promise.
import type * as Undici from 'undici';
import type * as Mysql2 from 'mysql2/promise';
import type * as Pg from 'pg';
import type * as MongoDb from 'mongodb';
import type * as IoRedis from 'ioredis';
import type * as GrpcJs from '@grpc/grpc-js';
import type * as ProtoLoader from '@grpc/proto-loader';
import type avro from 'avsc';
import type protobuf from 'protobufjs';
import type * as Ajv2019Module from 'ajv/dist/2019.js';
import type * as Ajv2020Module from 'ajv/dist/2020.js';
import type Ajv04 from 'ajv-draft-04';
import type addFormats from 'ajv-formats';
import type * as Re2js from 're2js';
import type * as KafkaJs from 'kafkajs';
import type * as Amqplib from 'amqplib';
import type * as Selfsigned from 'selfsigned';
import type * as DynamoDb from '@aws-sdk/client-dynamodb';
import type * as Kinesis from '@aws-sdk/client-kinesis';
import type * as S3 from '@aws-sdk/client-s3';
import type * as SmithyHttp from '@smithy/node-http-handler';
import type * as OtelApi from '@opentelemetry/api';
import type * as OtelSdkMetrics from '@opentelemetry/sdk-metrics';
import type * as OtelResources from '@opentelemetry/resources';
import type * as OtlpGrpc from '@opentelemetry/exporter-metrics-otlp-grpc';
import type * as OtlpHttp from '@opentelemetry/exporter-metrics-otlp-http';
import type * as OtlpProto from '@opentelemetry/exporter-metrics-otlp-proto';
import { lazyModule, lazyRequire, type LazyModule } from './lazy-module';

/** an import() getter that also names its package (for the test) */
function imported<T>(specifier: string, load: () => Promise<T>): LazyModule<T> & { readonly specifier: string } {
  return Object.assign(lazyModule(load), { specifier });
}

export const undici = lazyRequire<typeof Undici>('undici');
export const mysql2 = lazyRequire<typeof Mysql2>('mysql2/promise');
export const pg = lazyRequire<typeof Pg>('pg');
export const mongodb = lazyRequire<typeof MongoDb>('mongodb');
export const ioredis = lazyRequire<typeof IoRedis>('ioredis');
export const kafkajs = lazyRequire<typeof KafkaJs>('kafkajs');
export const amqplib = lazyRequire<typeof Amqplib>('amqplib');
export const dynamodbSdk = lazyRequire<typeof DynamoDb>('@aws-sdk/client-dynamodb');
export const kinesisSdk = lazyRequire<typeof Kinesis>('@aws-sdk/client-kinesis');
export const s3Sdk = lazyRequire<typeof S3>('@aws-sdk/client-s3');
export const smithyHttp = lazyRequire<typeof SmithyHttp>('@smithy/node-http-handler');
export const grpc = lazyRequire<typeof GrpcJs>('@grpc/grpc-js');
export const protoLoader = lazyRequire<typeof ProtoLoader>('@grpc/proto-loader');
export const otelApi = lazyRequire<typeof OtelApi>('@opentelemetry/api');
export const otelSdkMetrics = lazyRequire<typeof OtelSdkMetrics>('@opentelemetry/sdk-metrics');
export const otelResources = lazyRequire<typeof OtelResources>('@opentelemetry/resources');
export const otlpGrpcExporter = lazyRequire<typeof OtlpGrpc>('@opentelemetry/exporter-metrics-otlp-grpc');
export const otlpHttpExporter = lazyRequire<typeof OtlpHttp>('@opentelemetry/exporter-metrics-otlp-http');
export const otlpProtoExporter = lazyRequire<typeof OtlpProto>('@opentelemetry/exporter-metrics-otlp-proto');
export const avsc = lazyRequire<typeof avro>('avsc');
export const protobufjs = lazyRequire<typeof protobuf>('protobufjs');
export const ajv2019 = lazyRequire<typeof Ajv2019Module>('ajv/dist/2019.js');
export const ajv2020 = lazyRequire<typeof Ajv2020Module>('ajv/dist/2020.js');
export const ajvDraft04 = lazyRequire<typeof Ajv04>('ajv-draft-04');
/** loaded at start all the same: fastify's own validator uses it */
export const ajvFormats = lazyRequire<typeof addFormats>('ajv-formats');
export const re2js = lazyRequire<typeof Re2js>('re2js');
export const selfsigned = lazyRequire<typeof Selfsigned>('selfsigned');

export const mqttJs = imported('mqtt', () => import('mqtt'));
export const ldapts = imported('ldapts', () => import('ldapts'));
export const jose = imported('jose', () => import('jose'));
