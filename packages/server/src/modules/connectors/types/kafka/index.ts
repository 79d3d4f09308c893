// The Kafka-protocol connector types over one pure-JS client (kafkajs): EMQX 5.8's kafka_producer (action),
// kafka_consumer (source), confluent_producer and azure_event_hub_producer (actions; Confluent Cloud and Azure Event
// Hubs speak Kafka over TLS with SASL PLAIN).
//   connector health = the cluster answers a metadata request (and `health_check_topic` exists when given)
//   action install   = a producer connected; a fixed topic must exist ("Unknown topic or partition" otherwise)
//   one message      = key/value/timestamp/headers rendered (message.ts) and sent with `required_acks`,
//                      `compression`, `partition_strategy` (random, or key_dispatch: by the key's hash)
//   source           = a consumer group (`group_id`, default emqx-kafka-consumer-<name>) on `topic`; each record
//                      becomes {topic, key, value, offset, ts, ts_type, headers} for `$bridges/…` rules
// Not offered: Kerberos (GSSAPI), snappy compression and the disk/hybrid buffer modes are refused with a sentence;
// partitions_limit is ignored. Tested without a Kafka server (none here): checks, rendering, and the status when nobody listens.
import type { Admin, Consumer, ICustomPartitioner, Kafka, Producer } from 'kafkajs';
import { kafkajs } from '../../../../shared/drivers';
import type { ActionInstance, ConnectorInstance, ConnectorType, Health, SendOutcome, SourceInstance, TypeContext } from '../../resource/types';
import { readConsumer, readKafkaConnector, readProducer, type Flavor, type KafkaSettings, type ProducerSettings } from './config';
import { kafkaOutcome, kafkaReason } from './errors';
import { renderMessage, type KafkaMessage } from './message';

/** EMQX's random partitioner */
const randomPartitioner: ICustomPartitioner =
  () =>
  ({ partitionMetadata }) =>
    Math.floor(Math.random() * partitionMetadata.length);

export class KafkaConnector implements ConnectorInstance {
  readonly kafka: Kafka;
  private readonly admin: Admin;

  constructor(
    readonly settings: KafkaSettings,
    ctx: TypeContext,
  ) {
    const tls = settings.ssl ? (ctx.tls(settings.ssl) ?? {}) : undefined;
    const { Kafka, logLevel } = kafkajs(); // loaded when the first kafka connector starts
    this.kafka = new Kafka({
      clientId: `${ctx.nodeName}:${ctx.connectorId}`,
      brokers: settings.brokers,
      connectionTimeout: settings.connectTimeout,
      requestTimeout: settings.requestTimeout,
      ...(tls ? { ssl: tls } : {}),
      ...(settings.sasl ? { sasl: settings.sasl as never } : {}),
      // the resource layer retries and reports; kafkajs must neither retry for long nor log on its own
      retry: { retries: 0 },
      logLevel: logLevel.NOTHING,
    });
    this.admin = this.kafka.admin();
  }

  async health(): Promise<Health> {
    try {
      await this.admin.connect();
      await this.admin.describeCluster();
      if (this.settings.healthCheckTopic) await this.admin.fetchTopicMetadata({ topics: [this.settings.healthCheckTopic] });
      return { status: 'connected' };
    } catch (err) {
      return { status: 'disconnected', reason: kafkaReason(err) };
    }
  }

  async topicHealth(topic: string): Promise<Health> {
    try {
      await this.admin.fetchTopicMetadata({ topics: [topic] });
      return { status: 'connected' };
    } catch (err) {
      return { status: 'disconnected', reason: kafkaReason(err) };
    }
  }

  async stop(): Promise<void> {
    await this.admin.disconnect().catch(() => undefined);
  }
}

class KafkaProducerAction implements ActionInstance {
  constructor(
    private readonly connector: KafkaConnector,
    private readonly producer: Producer,
    private readonly s: ProducerSettings,
  ) {}

  render(selected: Record<string, unknown>): KafkaMessage {
    return renderMessage(selected, this.s.templates);
  }

  async health(): Promise<Health> {
    return this.s.fixedTopic ? this.connector.topicHealth(this.s.fixedTopic) : this.connector.health();
  }

  async send(requests: unknown[]): Promise<SendOutcome> {
    const byTopic = new Map<string, KafkaMessage[]>();
    for (const m of requests as KafkaMessage[]) byTopic.set(m.topic, [...(byTopic.get(m.topic) ?? []), m]);
    try {
      await this.producer.sendBatch({
        acks: this.s.acks,
        compression: this.s.compression === 'gzip' ? kafkajs().CompressionTypes.GZIP : kafkajs().CompressionTypes.None,
        topicMessages: [...byTopic].map(([topic, msgs]) => ({
          topic,
          messages: msgs.map((m) => ({ key: m.key, value: m.value, timestamp: m.timestamp, headers: m.headers })),
        })),
      });
      return { ok: true };
    } catch (err) {
      return kafkaOutcome(err);
    }
  }

  async stop(): Promise<void> {
    await this.producer.disconnect().catch(() => undefined);
  }
}

class KafkaSource implements SourceInstance {
  constructor(private readonly consumer: Consumer) {}

  async stop(): Promise<void> {
    await this.consumer.disconnect().catch(() => undefined);
  }
}

const encode = (b: Buffer | null, mode: 'none' | 'base64'): string => (b === null ? '' : mode === 'base64' ? b.toString('base64') : b.toString('utf8'));

function connectorType(type: string, flavor: Flavor, role: 'producer' | 'consumer'): ConnectorType {
  const base: ConnectorType = {
    type,
    check(config) {
      readKafkaConnector(config, flavor);
    },
    async start(config, ctx) {
      const connector = new KafkaConnector(readKafkaConnector(config, flavor), ctx);
      const health = await connector.health();
      if (health.status !== 'connected') {
        await connector.stop();
        throw new Error(health.reason ?? 'The Kafka cluster cannot be reached');
      }
      ctx.log.info(`${type} connector started`, { connector: ctx.connectorId, brokers: connector.settings.brokers });
      return connector;
    },
  };
  if (role === 'producer') {
    base.action = {
      batches: true,
      check(parameters) {
        readProducer(parameters);
      },
      async start(parameters, connector): Promise<ActionInstance> {
        if (!(connector instanceof KafkaConnector)) throw new Error(`A ${type} action needs a ${type} connector.`);
        const s = readProducer(parameters);
        if (s.fixedTopic) {
          const topic = await connector.topicHealth(s.fixedTopic);
          if (topic.status !== 'connected') throw new Error(topic.reason);
        }
        const producer = connector.kafka.producer({
          allowAutoTopicCreation: false,
          maxInFlightRequests: s.maxInflight,
          createPartitioner: s.partitionStrategy === 'random' ? randomPartitioner : kafkajs().Partitioners.DefaultPartitioner,
        });
        try {
          await producer.connect();
        } catch (err) {
          throw new Error(kafkaReason(err));
        }
        return new KafkaProducerAction(connector, producer, s);
      },
    };
  } else {
    base.source = {
      check(parameters) {
        readConsumer(parameters);
      },
      async start(parameters, connector, ctx, emit): Promise<SourceInstance> {
        if (!(connector instanceof KafkaConnector)) throw new Error(`A ${type} source needs a ${type} connector.`);
        const s = readConsumer(parameters);
        const name = ctx.sourceId.slice(ctx.sourceId.indexOf(':') + 1);
        const consumer = connector.kafka.consumer({ groupId: s.groupId ?? `emqx-kafka-consumer-${name}`, maxBytes: s.maxBytes, allowAutoTopicCreation: false });
        try {
          await consumer.connect();
          await consumer.subscribe({ topics: [s.topic], fromBeginning: s.fromBeginning });
          await consumer.run({
            autoCommitInterval: s.commitInterval,
            eachMessage: async ({ topic, message }) => {
              emit({
                topic,
                key: encode(message.key, s.keyEncoding),
                value: encode(message.value, s.valueEncoding),
                offset: Number(message.offset),
                ts: Number(message.timestamp),
                ts_type: 'create',
                headers: Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, Buffer.isBuffer(v) ? v.toString('utf8') : String(v)])),
              });
            },
          });
        } catch (err) {
          await consumer.disconnect().catch(() => undefined);
          throw new Error(kafkaReason(err));
        }
        return new KafkaSource(consumer);
      },
    };
  }
  return base;
}

export const kafkaProducerType = connectorType('kafka_producer', 'kafka', 'producer');
export const kafkaConsumerType = connectorType('kafka_consumer', 'kafka', 'consumer');
export const confluentProducerType = connectorType('confluent_producer', 'confluent', 'producer');
export const azureEventHubProducerType = connectorType('azure_event_hub_producer', 'azure', 'producer');
