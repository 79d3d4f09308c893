// Every third-party driver the node loads on first use, not at start (lazy-module.ts says why), each once, here: a
// new connector, authenticator or codec takes its driver from this list, and test/process/lazy-drivers.test.ts
// checks that none of them loads when the node starts.
//
// A package some synchronous code needs (a rule SQL function, an authenticator made by a synchronous factory) loads
// with require(): its getter returns the module, and asynchronous callers use it as it is. These are CommonJS
// packages, re2js excepted (an ES module, which Node >= 20.19 requires). The others load with import(), the getter
// returns a promise: ES-module-only packages (jose, ldapts), and dual ones keep the ES build they always had.
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
import { lazyModule, lazyRequire, type LazyModule } from './lazy-module';

/** an import() getter that also names its package (for the test) */
function imported<T>(specifier: string, load: () => Promise<T>): LazyModule<T> & { readonly specifier: string } {
  return Object.assign(lazyModule(load), { specifier });
}

// required: some caller cannot await
export const undici = lazyRequire<typeof Undici>('undici');
export const mysql2 = lazyRequire<typeof Mysql2>('mysql2/promise');
export const pg = lazyRequire<typeof Pg>('pg');
export const mongodb = lazyRequire<typeof MongoDb>('mongodb');
export const ioredis = lazyRequire<typeof IoRedis>('ioredis');
export const grpc = lazyRequire<typeof GrpcJs>('@grpc/grpc-js');
export const protoLoader = lazyRequire<typeof ProtoLoader>('@grpc/proto-loader');
export const avsc = lazyRequire<typeof avro>('avsc');
export const protobufjs = lazyRequire<typeof protobuf>('protobufjs');
export const ajv2019 = lazyRequire<typeof Ajv2019Module>('ajv/dist/2019.js');
export const ajv2020 = lazyRequire<typeof Ajv2020Module>('ajv/dist/2020.js');
export const ajvDraft04 = lazyRequire<typeof Ajv04>('ajv-draft-04');
/** loaded at start all the same: fastify's own validator uses it */
export const ajvFormats = lazyRequire<typeof addFormats>('ajv-formats');
export const re2js = lazyRequire<typeof Re2js>('re2js');

// imported: every caller can await
export const kafkajs = imported('kafkajs', () => import('kafkajs'));
export const amqplib = imported('amqplib', () => import('amqplib'));
export const mqttJs = imported('mqtt', () => import('mqtt'));
export const dynamodbSdk = imported('@aws-sdk/client-dynamodb', () => import('@aws-sdk/client-dynamodb'));
export const kinesisSdk = imported('@aws-sdk/client-kinesis', () => import('@aws-sdk/client-kinesis'));
export const s3Sdk = imported('@aws-sdk/client-s3', () => import('@aws-sdk/client-s3'));
export const smithyHttp = imported('@smithy/node-http-handler', () => import('@smithy/node-http-handler'));
export const ldapts = imported('ldapts', () => import('ldapts'));
export const jose = imported('jose', () => import('jose'));
export const selfsigned = imported('selfsigned', () => import('selfsigned'));
export const otelApi = imported('@opentelemetry/api', () => import('@opentelemetry/api'));
export const otelSdkMetrics = imported('@opentelemetry/sdk-metrics', () => import('@opentelemetry/sdk-metrics'));
export const otelResources = imported('@opentelemetry/resources', () => import('@opentelemetry/resources'));
export const otlpGrpcExporter = imported('@opentelemetry/exporter-metrics-otlp-grpc', () => import('@opentelemetry/exporter-metrics-otlp-grpc'));
export const otlpHttpExporter = imported('@opentelemetry/exporter-metrics-otlp-http', () => import('@opentelemetry/exporter-metrics-otlp-http'));
export const otlpProtoExporter = imported('@opentelemetry/exporter-metrics-otlp-proto', () => import('@opentelemetry/exporter-metrics-otlp-proto'));
