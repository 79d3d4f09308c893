// The `s3` connector type (EMQX 5.8 emqx_bridge_s3 over emqx_s3): an S3 client (the official AWS SDK v3) for one
// endpoint, and upload actions in EMQX's two modes:
//   direct     = one object per rule output: `bucket` and `key` templates, `content` (default `${.}`), `acl`;
//                EMQX turns batching off for it, so a batch here is uploaded object by object
//   aggregated = rule outputs gathered into one CSV object per `time_interval` or `max_records` (aggregated.ts)
//   connector health = ListBuckets answered; an aggregated action is `disconnected` "Bucket does not exist" when its
//                      bucket is missing (a direct action's bucket is a template, so EMQX says `connected`)
import type { ObjectCannedACL, S3Client } from '@aws-sdk/client-s3';
import { s3Sdk } from '../../../../shared/drivers'; // loaded when the first s3 connector starts
import { renderTemplate, renderTemplateBytes, valueAt, MISSING } from '../../../../shared/template';
import type { ActionInstance, ConnectorInstance, ConnectorType, Health, SendOutcome, TypeContext } from '../../resource/types';
import { httpHandler } from '../aws/aws';
import { AggregatedUpload } from './aggregated';
import { readS3Action, readS3Connector, type DirectSettings, type S3Settings } from './config';
import { s3Outcome, s3Reason } from './errors';

export class S3Connector implements ConnectorInstance {
  readonly client: S3Client;

  constructor(s: S3Settings, ctx: TypeContext) {
    const tls = s.ssl ? ctx.tls(s.ssl) : undefined;
    const handler = httpHandler(s.poolSize);
    this.client = new (s3Sdk().S3Client)({
      endpoint: s.endpoint,
      // erlcloud's region; S3-compatible servers take any
      region: 'us-east-1',
      forcePathStyle: s.forcePathStyle,
      // no credentials: the SDK's default chain (environment, instance profile), as EMQX's erlcloud does
      ...(s.credentials ? { credentials: s.credentials } : {}),
      maxAttempts: 1,
      requestHandler: tls ? { ...handler, httpsAgent: { ...tls, keepAlive: true, maxSockets: s.poolSize } } : handler,
    });
  }

  async health(): Promise<Health> {
    try {
      await this.client.send(new (s3Sdk().ListBucketsCommand)({}));
      return { status: 'connected' };
    } catch (err) {
      return { status: 'disconnected', reason: s3Reason(err) };
    }
  }

  /** EMQX's check_bucket_accessible */
  async bucketHealth(bucket: string): Promise<Health> {
    try {
      await this.client.send(new (s3Sdk().HeadBucketCommand)({ Bucket: bucket }));
      return { status: 'connected' };
    } catch (err) {
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.$metadata?.httpStatusCode === 404 || e.name === 'NotFound' || e.name === 'NoSuchBucket') return { status: 'disconnected', reason: 'Bucket does not exist' };
      return { status: 'disconnected', reason: s3Reason(err) };
    }
  }

  async stop(): Promise<void> {
    this.client.destroy();
  }
}

interface DirectRequest {
  bucket: string;
  key: string;
  body: Buffer;
}

class DirectUpload implements ActionInstance {
  constructor(
    private readonly client: S3Client,
    private readonly s: DirectSettings,
  ) {}

  render(selected: Record<string, unknown>): DirectRequest {
    // EMQX: a bucket placeholder without a value fails the message; key and content render "undefined"
    const missing = this.s.bucket.filter((p) => typeof p !== 'string' && valueAt(p.path, selected) === MISSING);
    if (missing.length > 0) throw new Error(`The bucket name needs ${missing.map((p) => (typeof p === 'string' ? p : p.name)).join(', ')}, which the message does not have.`);
    return { bucket: renderTemplate(this.s.bucket, selected), key: renderTemplate(this.s.key, selected), body: renderTemplateBytes(this.s.content, selected) };
  }

  async send(requests: unknown[]): Promise<SendOutcome> {
    for (const r of requests as DirectRequest[]) {
      try {
        await this.client.send(new (s3Sdk().PutObjectCommand)({ Bucket: r.bucket, Key: r.key, Body: r.body, ...(this.s.acl ? { ACL: this.s.acl as ObjectCannedACL } : {}) }));
      } catch (err) {
        return s3Outcome(err);
      }
    }
    return { ok: true };
  }
}

export const s3Type: ConnectorType = {
  type: 's3',
  check(config) {
    readS3Connector(config);
  },
  async start(config, ctx) {
    const settings = readS3Connector(config);
    const connector = new S3Connector(settings, ctx);
    const health = await connector.health();
    if (health.status !== 'connected') {
      await connector.stop();
      throw new Error(health.reason ?? 'S3 cannot be reached');
    }
    ctx.log.info('s3 connector started', { connector: ctx.connectorId, endpoint: settings.endpoint });
    return connector;
  },
  action: {
    // aggregated uploads take batches (EMQX's default batch_size 100); direct ones go one by one
    batches: true,
    check(parameters) {
      readS3Action(parameters);
    },
    async start(parameters, connector, ctx): Promise<ActionInstance> {
      if (!(connector instanceof S3Connector)) throw new Error('An s3 action needs an s3 connector.');
      const s = readS3Action(parameters);
      if (s.mode === 'direct') return new DirectUpload(connector.client, s);
      return new AggregatedUpload(connector, s, ctx);
    },
  },
};
