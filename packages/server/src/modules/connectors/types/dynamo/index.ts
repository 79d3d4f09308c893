// The `dynamo` connector type (EMQX 5.8 emqx_bridge_dynamo): a DynamoDB client (the official AWS SDK v3) for one
// endpoint, and actions that put one item per rule output into `table`.
//   connector health = ListTables (limit 1) answered, as EMQX's is_connected; a failed start says why
//   action          = always installed (EMQX's channel status is `connected`); a missing table or a refused item
//                     fails the message with DynamoDB's words
//   one message     = PutItem; a batch (batch_size > 1) = BatchWriteItem (25 items per call, DynamoDB's limit;
//                     unprocessed items are sent again while the service keeps taking some)
// Deviation: EMQX retries only an empty pool; here a network failure or a 5xx/throttling answer is retried by the
// buffer (the message stays queued) instead of failing, so an outage loses nothing.
import type { DynamoDBClient, WriteRequest } from '@aws-sdk/client-dynamodb';
import { dynamodbSdk } from '../../../../shared/drivers'; // loaded when the first dynamo connector starts
import { parseTemplate } from '../../../../shared/template';
import type { ActionInstance, ConnectorInstance, ConnectorType, Health, SendOutcome } from '../../resource/types';
import { awsOutcome, awsReason, bad, httpHandler, readAws, readText, type AwsSettings } from '../aws/aws';
import { renderItem, type Item, type ItemOptions } from './item';

/** erlcloud's default region, used when `region` is left out */
const DEFAULT_REGION = 'us-east-1';
/** DynamoDB's BatchWriteItem takes at most 25 requests */
const BATCH_LIMIT = 25;
const UNPROCESSED_ROUNDS = 5;

export interface DynamoSettings extends AwsSettings {
  poolSize: number;
}

export function readDynamoConnector(config: Record<string, unknown>): DynamoSettings {
  const aws = readAws(config, 'url', DEFAULT_REGION);
  const poolSize = config.pool_size === undefined ? 8 : Number(config.pool_size);
  if (!Number.isInteger(poolSize) || poolSize < 1) throw bad('pool_size: expected a whole number of at least 1');
  return { ...aws, poolSize };
}

export interface DynamoActionSettings extends ItemOptions {
  table: string;
}

export function readDynamoAction(p: Record<string, unknown>): DynamoActionSettings {
  const template = readText(p.template, 'template', false);
  return {
    table: readText(p.table, 'table', true),
    hashKey: readText(p.hash_key, 'hash_key', true),
    rangeKey: readText(p.range_key, 'range_key', false),
    template: template === undefined || template.trim() === '' ? undefined : parseTemplate(template),
    undefinedAsNull: p.undefined_vars_as_null === true,
  };
}

export class DynamoConnector implements ConnectorInstance {
  readonly client: DynamoDBClient;

  constructor(s: DynamoSettings) {
    // maxAttempts 1: the resource layer retries, the SDK must not hold a request for its own backoff
    this.client = new (dynamodbSdk().DynamoDBClient)({
      endpoint: s.endpoint,
      region: s.region,
      credentials: s.credentials,
      maxAttempts: 1,
      requestHandler: httpHandler(s.poolSize),
    });
  }

  async health(): Promise<Health> {
    try {
      await this.client.send(new (dynamodbSdk().ListTablesCommand)({ Limit: 1 }));
      return { status: 'connected' };
    } catch (err) {
      return { status: 'disconnected', reason: awsReason(err) };
    }
  }

  async stop(): Promise<void> {
    this.client.destroy();
  }
}

class DynamoAction implements ActionInstance {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly s: DynamoActionSettings,
  ) {}

  render(selected: Record<string, unknown>): Item {
    return renderItem(selected, this.s);
  }

  async send(requests: unknown[]): Promise<SendOutcome> {
    const items = requests as Item[];
    try {
      if (items.length === 1) {
        await this.client.send(new (dynamodbSdk().PutItemCommand)({ TableName: this.s.table, Item: items[0] }));
        return { ok: true };
      }
      for (let i = 0; i < items.length; i += BATCH_LIMIT) {
        const outcome = await this.writeBatch(items.slice(i, i + BATCH_LIMIT).map((Item) => ({ PutRequest: { Item } })));
        if (!outcome.ok) return outcome;
      }
      return { ok: true };
    } catch (err) {
      return awsOutcome(err);
    }
  }

  /** BatchWriteItem until every item is taken; what DynamoDB keeps refusing is retried later by the buffer */
  private async writeBatch(writes: WriteRequest[]): Promise<SendOutcome> {
    let pending = writes;
    for (let round = 0; round < UNPROCESSED_ROUNDS && pending.length > 0; round++) {
      const out = await this.client.send(new (dynamodbSdk().BatchWriteItemCommand)({ RequestItems: { [this.s.table]: pending } }));
      pending = out.UnprocessedItems?.[this.s.table] ?? [];
    }
    if (pending.length === 0) return { ok: true };
    return { ok: false, recoverable: true, reason: `DynamoDB left ${pending.length} items unprocessed (throughput exceeded)` };
  }
}

export const dynamoType: ConnectorType = {
  type: 'dynamo',
  check(config) {
    readDynamoConnector(config);
  },
  async start(config, ctx) {
    const settings = readDynamoConnector(config);
    const connector = new DynamoConnector(settings);
    const health = await connector.health();
    if (health.status !== 'connected') {
      await connector.stop();
      throw new Error(health.reason ?? 'DynamoDB cannot be reached');
    }
    ctx.log.info('dynamo connector started', { connector: ctx.connectorId, endpoint: settings.endpoint });
    return connector;
  },
  action: {
    batches: true,
    check(parameters) {
      readDynamoAction(parameters);
    },
    async start(parameters, connector): Promise<ActionInstance> {
      if (!(connector instanceof DynamoConnector)) throw new Error('A dynamo action needs a dynamo connector.');
      return new DynamoAction(connector.client, readDynamoAction(parameters));
    },
  },
};
