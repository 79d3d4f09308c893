// The `kinesis` connector type (EMQX 5.8 emqx_bridge_kinesis, "kinesis_producer"): a Kinesis client (the official
// AWS SDK v3 over its HTTP/1 handler) for one endpoint, and actions that put one record per rule output into
// `stream_name`.
//   connector health = ListStreams answered (EMQX's connection_status)
//   action health    = DescribeStream of its stream; a stream that does not exist is `disconnected` with EMQX's
//                      sentence "Kinesis stream is invalid. Please check if the stream exist in Kinesis account."
//   one message      = PutRecord of `payload_template` (default `${.}`: the rule output as JSON) under the rendered
//                      `partition_key`; a batch (batch_size > 1, at most 500) = one PutRecords call
//   max_retries      = the SDK's own retries of one call (erlcloud's retry_num in EMQX)
// Outcomes as EMQX's handle_result: a missing stream or an invalid argument fails the message; throughput exceeded
// and network failures (connection refused…) stay in the buffer and are sent again.
import type { KinesisClient, PutRecordsRequestEntry } from '@aws-sdk/client-kinesis';
import { kinesisSdk } from '../../../../shared/drivers'; // loaded when the first kinesis connector starts
import { parseTemplate, renderTemplate, renderTemplateBytes, type Template } from '../../../../shared/template';
import type { ActionInstance, ConnectorInstance, ConnectorType, Health, SendOutcome } from '../../resource/types';
import { awsOutcome, awsReason, bad, httpHandler, readAws, readText, type AwsSettings } from '../aws/aws';

export const STREAM_INVALID = 'Kinesis stream is invalid. Please check if the stream exist in Kinesis account.';
const DEFAULT_REGION = 'us-east-1';
/** Kinesis's limit on a partition key */
const KEY_MAX = 256;

export interface KinesisSettings extends AwsSettings {
  maxRetries: number;
  poolSize: number;
}

const wholeNumber = (v: unknown, field: string, dflt: number, min: number): number => {
  const n = v === undefined ? dflt : Number(v);
  if (!Number.isInteger(n) || n < min) throw bad(`${field}: expected a whole number of at least ${min}`);
  return n;
};

/** the region of an AWS endpoint (kinesis.<region>.amazonaws.com); any other host (a local server) gets the default */
export function regionOf(endpoint: string): string {
  return /^https?:\/\/kinesis(?:-fips)?\.([a-z0-9-]+)\.amazonaws\.com/i.exec(endpoint)?.[1] ?? DEFAULT_REGION;
}

export function readKinesisConnector(config: Record<string, unknown>): KinesisSettings {
  const aws = readAws(config, 'endpoint', DEFAULT_REGION);
  return {
    ...aws,
    region: regionOf(aws.endpoint),
    maxRetries: wholeNumber(config.max_retries, 'max_retries', 2, 0),
    poolSize: wholeNumber(config.pool_size, 'pool_size', 8, 1),
  };
}

export interface KinesisActionSettings {
  stream: string;
  payload: Template;
  partitionKey: Template;
}

export function readKinesisAction(p: Record<string, unknown>): KinesisActionSettings {
  return {
    stream: readText(p.stream_name, 'stream_name', true),
    payload: parseTemplate(readText(p.payload_template, 'payload_template', false) ?? '${.}'),
    partitionKey: parseTemplate(readText(p.partition_key, 'partition_key', true)),
  };
}

export class KinesisConnector implements ConnectorInstance {
  readonly client: KinesisClient;

  constructor(s: KinesisSettings) {
    this.client = new (kinesisSdk().KinesisClient)({
      endpoint: s.endpoint,
      region: s.region,
      credentials: s.credentials,
      maxAttempts: s.maxRetries + 1,
      requestHandler: httpHandler(s.poolSize),
    });
  }

  async health(): Promise<Health> {
    try {
      await this.client.send(new (kinesisSdk().ListStreamsCommand)({ Limit: 1 }));
      return { status: 'connected' };
    } catch (err) {
      return { status: 'disconnected', reason: awsReason(err) };
    }
  }

  async stop(): Promise<void> {
    this.client.destroy();
  }
}

interface KinesisRecord {
  Data: Uint8Array;
  PartitionKey: string;
}

const FAILED_ROUNDS = 3;

class KinesisAction implements ActionInstance {
  constructor(
    private readonly client: KinesisClient,
    private readonly s: KinesisActionSettings,
  ) {}

  render(selected: Record<string, unknown>): KinesisRecord {
    const key = renderTemplate(this.s.partitionKey, selected);
    if (key === '') throw new Error('The partition key renders empty; Kinesis needs 1 to 256 characters.');
    if (key.length > KEY_MAX) throw new Error(`The partition key renders ${key.length} characters; Kinesis takes at most ${KEY_MAX}.`);
    return { Data: renderTemplateBytes(this.s.payload, selected), PartitionKey: key };
  }

  async health(): Promise<Health> {
    try {
      await this.client.send(new (kinesisSdk().DescribeStreamCommand)({ StreamName: this.s.stream, Limit: 1 }));
      return { status: 'connected' };
    } catch (err) {
      if ((err as { name?: string }).name === 'ResourceNotFoundException') return { status: 'disconnected', reason: STREAM_INVALID };
      return { status: 'disconnected', reason: awsReason(err) };
    }
  }

  async send(requests: unknown[]): Promise<SendOutcome> {
    const records = requests as KinesisRecord[];
    try {
      if (records.length === 1) {
        await this.client.send(new (kinesisSdk().PutRecordCommand)({ StreamName: this.s.stream, ...records[0] }));
        return { ok: true };
      }
      return await this.putRecords(records);
    } catch (err) {
      if ((err as { name?: string }).name === 'ResourceNotFoundException') return { ok: false, recoverable: false, reason: STREAM_INVALID };
      return awsOutcome(err);
    }
  }

  /** PutRecords; the records Kinesis refused (throughput) are sent again, a few rounds, then the buffer retries */
  private async putRecords(records: PutRecordsRequestEntry[]): Promise<SendOutcome> {
    let pending = records;
    let reason = '';
    for (let round = 0; round < FAILED_ROUNDS && pending.length > 0; round++) {
      const out = await this.client.send(new (kinesisSdk().PutRecordsCommand)({ StreamName: this.s.stream, Records: pending }));
      if (!out.FailedRecordCount) return { ok: true };
      const failed = (out.Records ?? []).map((r, i) => (r.ErrorCode ? i : -1)).filter((i) => i >= 0);
      reason = (out.Records ?? []).find((r) => r.ErrorCode)?.ErrorMessage ?? 'records refused';
      pending = failed.map((i) => pending[i]);
    }
    if (pending.length === 0) return { ok: true };
    return { ok: false, recoverable: true, reason: `Kinesis refused ${pending.length} records: ${reason}` };
  }
}

export const kinesisType: ConnectorType = {
  type: 'kinesis',
  check(config) {
    readKinesisConnector(config);
  },
  async start(config, ctx) {
    const settings = readKinesisConnector(config);
    const connector = new KinesisConnector(settings);
    const health = await connector.health();
    if (health.status !== 'connected') {
      await connector.stop();
      throw new Error(health.reason ?? 'Kinesis cannot be reached');
    }
    ctx.log.info('kinesis connector started', { connector: ctx.connectorId, endpoint: settings.endpoint });
    return connector;
  },
  action: {
    batches: true,
    check(parameters) {
      readKinesisAction(parameters);
    },
    async start(parameters, connector): Promise<ActionInstance> {
      if (!(connector instanceof KinesisConnector)) throw new Error('A kinesis action needs a kinesis connector.');
      return new KinesisAction(connector.client, readKinesisAction(parameters));
    },
  },
};
