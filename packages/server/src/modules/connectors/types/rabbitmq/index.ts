// The `rabbitmq` connector type (EMQX 5.8 emqx_bridge_rabbitmq) over amqplib:
//   connector = a pool of `pool_size` AMQP connections (virtual_host, heartbeat, timeout, ssl); health = every
//               connection open; a lost one is opened again at the next health check (EMQX ecpool auto_reconnect)
//               and the sources subscribe on it again
//   action    = one channel per connection (in confirm mode when wait_for_publish_confirmations); a rule output is
//               published to `exchange` with `routing_key` (templates: a batch uses the first message's, as EMQX
//               does), delivery_mode 1/2, the payload rendered from payload_template (empty: the whole output as
//               JSON); with confirmations the batch waits for RabbitMQ's acks up to publish_confirmation_timeout.
//               A nack, a timeout or a channel the server closes (e.g. no such exchange) is recoverable, as in EMQX.
//   source    = on every connection a channel consuming `queue` (no_ack); each delivery becomes the columns of
//               `$bridges/rabbitmq:<name>` (payload decoded from JSON when it is JSON, the AMQP properties,
//               exchange, routing_key, queue), acked after the rules ran when no_ack is false
import type { Channel, ChannelModel, ConfirmChannel, ConsumeMessage } from 'amqplib';
import { amqplib } from '../../../../shared/drivers';
import { DecodeMemo, MISSING, parseTemplate, placeholders, renderTemplate, renderTemplateBytes, toJson, valueAt, type Template } from '../../../../shared/template';
import type { ActionInstance, ConnectorInstance, ConnectorType, Health, SendOutcome, SourceInstance, SourceMessage, TypeContext } from '../../resource/types';
import { readRabbitAction, readRabbitConnector, readRabbitSource, type RabbitActionParams, type RabbitSettings } from './config';

const NETWORK: Record<string, string> = {
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'Connection reset by the server',
  ETIMEDOUT: 'Connection timed out',
  ENOTFOUND: 'Could not resolve host',
  EAI_AGAIN: 'Could not resolve host',
  EHOSTUNREACH: 'Host unreachable',
};

/** the server's own sentence (`… with message "ACCESS_REFUSED - Login was refused …"`), else plain words */
export function rabbitReason(err: unknown): string {
  const e = (err ?? {}) as { code?: string; message?: string };
  if (e.code && NETWORK[e.code]) return NETWORK[e.code];
  const m = e.message ?? String(err);
  return /with message "(.*)"$/s.exec(m)?.[1] ?? m;
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

class RabbitConnector implements ConnectorInstance {
  private readonly slots: (ChannelModel | undefined)[];
  private readonly listeners = new Set<(conn: ChannelModel) => void>();
  private next = 0;
  private stopped = false;
  lastError: string | undefined;

  constructor(
    private readonly s: RabbitSettings,
    private readonly ctx: TypeContext,
  ) {
    this.slots = Array.from({ length: s.poolSize }, () => undefined);
  }

  private async open(i: number): Promise<void> {
    const tls = this.ctx.tls(this.s.ssl);
    const amqp = amqplib();
    const conn = await amqp.connect(
      {
        protocol: tls ? 'amqps' : 'amqp',
        hostname: this.s.host,
        port: this.s.port,
        username: this.s.username,
        password: this.s.password,
        vhost: this.s.vhost,
        heartbeat: this.s.heartbeatS,
      },
      { timeout: this.s.timeoutMs, ...(tls ?? {}) },
    );
    conn.on('error', (err: unknown) => {
      this.lastError = rabbitReason(err);
    });
    conn.on('close', (err?: unknown) => {
      if (this.slots[i] === conn) this.slots[i] = undefined;
      this.lastError = err ? rabbitReason(err) : (this.lastError ?? 'The connection to RabbitMQ was closed');
    });
    if (this.stopped) {
      await conn.close().catch(() => undefined);
      return;
    }
    this.slots[i] = conn;
    for (const l of this.listeners) l(conn);
  }

  /** opens the missing connections of the pool; the first failure is the reason */
  async fill(): Promise<void> {
    for (let i = 0; i < this.slots.length; i++) {
      if (this.slots[i]) continue;
      try {
        await this.open(i);
      } catch (err) {
        const reason = rabbitReason(err);
        // RabbitMQ closes the handshake without words when the virtual host is refused
        this.lastError = /^Expected ConnectionOpenOk; got <ConnectionClose/.test(reason)
          ? `RabbitMQ refused the virtual host "${this.s.vhost}": it does not exist or the user may not use it`
          : reason;
        throw new Error(this.lastError);
      }
    }
  }

  async health(): Promise<Health> {
    try {
      await this.fill();
      return { status: 'connected' };
    } catch (err) {
      return { status: 'disconnected', reason: (err as Error).message };
    }
  }

  /** the open connections (a source subscribes on each) */
  connections(): ChannelModel[] {
    return this.slots.filter((c): c is ChannelModel => c !== undefined);
  }

  /** called with every connection opened from now on; returns the remover */
  onConnection(l: (conn: ChannelModel) => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  pick(): ChannelModel | undefined {
    const open = this.connections();
    if (open.length === 0) return undefined;
    this.next = (this.next + 1) % open.length;
    return open[this.next];
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const conns = this.connections();
    this.slots.fill(undefined);
    await Promise.all(conns.map((c) => c.close().catch(() => undefined)));
  }
}

/** a channel with the reason the server gave when it closed it */
interface Tracked {
  ch: Channel | ConfirmChannel;
  closed: boolean;
  reason?: string;
  whenClosed: Promise<string>;
}

async function openChannel(conn: ChannelModel, confirm: boolean): Promise<Tracked> {
  const ch = confirm ? await conn.createConfirmChannel() : await conn.createChannel();
  const t: Tracked = { ch, closed: false, whenClosed: Promise.resolve('') };
  t.whenClosed = new Promise((resolve) => {
    ch.on('error', (err: unknown) => {
      t.reason = rabbitReason(err);
    });
    ch.on('close', () => {
      t.closed = true;
      resolve(t.reason ?? 'The RabbitMQ channel was closed');
    });
  });
  return t;
}

interface RabbitRequest {
  exchange: string;
  routingKey: string;
  payload: Buffer;
}

/** EMQX preproc_template: fixed text, or a template rendered strictly (a missing value is an error) */
function strictRender(t: Template, selected: Record<string, unknown>, field: string, memo: DecodeMemo): string {
  if (placeholders(t).length === 0) return renderTemplate(t, selected);
  for (const part of t) {
    if (typeof part !== 'string' && valueAt(part.path, selected, memo) === MISSING) throw new Error(`${field}: the rule output has no value for \${${part.name}}`);
  }
  return renderTemplate(t, selected, undefined, memo);
}

class RabbitAction implements ActionInstance {
  private readonly channels = new Map<ChannelModel, Tracked>();
  private readonly exchange: Template;
  private readonly routingKey: Template;
  private readonly payload: Template | undefined;

  constructor(
    private readonly connector: RabbitConnector,
    private readonly p: RabbitActionParams,
  ) {
    this.exchange = parseTemplate(p.exchange);
    this.routingKey = parseTemplate(p.routingKey);
    this.payload = p.payloadTemplate === '' ? undefined : parseTemplate(p.payloadTemplate);
  }

  render(selected: Record<string, unknown>): RabbitRequest {
    const memo = new DecodeMemo();
    return {
      exchange: strictRender(this.exchange, selected, 'exchange', memo),
      routingKey: strictRender(this.routingKey, selected, 'routing_key', memo),
      payload: this.payload ? renderTemplateBytes(this.payload, selected, memo) : Buffer.from(toJson(selected), 'utf8'),
    };
  }

  private async channel(conn: ChannelModel): Promise<Tracked> {
    const hit = this.channels.get(conn);
    if (hit && !hit.closed) return hit;
    const t = await openChannel(conn, this.p.waitForConfirms);
    this.channels.set(conn, t);
    return t;
  }

  async send(requests: unknown[]): Promise<SendOutcome> {
    const reqs = requests as RabbitRequest[];
    const conn = this.connector.pick();
    if (!conn) return { ok: false, recoverable: true, reason: this.connector.lastError ?? 'Not connected to RabbitMQ' };
    try {
      const t = await this.channel(conn);
      // dynamic exchange and routing key: the batch goes where its first message goes (EMQX render_template)
      const { exchange, routingKey } = reqs[0];
      for (const r of reqs) t.ch.publish(exchange, routingKey, r.payload, { deliveryMode: this.p.deliveryMode, headers: {} });
      if (!this.p.waitForConfirms) return { ok: true };
      const closed = t.whenClosed.then((reason) => Promise.reject(new Error(reason)));
      try {
        await withTimeout(
          Promise.race([(t.ch as ConfirmChannel).waitForConfirms(), closed]),
          this.p.confirmTimeoutMs,
          'RabbitMQ: Timeout when waiting for message acknowledgment.',
        );
      } finally {
        closed.catch(() => undefined);
      }
      return { ok: true };
    } catch (err) {
      const reason = rabbitReason(err);
      return { ok: false, recoverable: true, reason: /nack/i.test(reason) ? 'RabbitMQ: Got NACK when waiting for message acknowledgment.' : reason };
    }
  }

  async stop(): Promise<void> {
    const open = [...this.channels.values()].filter((t) => !t.closed);
    this.channels.clear();
    await Promise.all(open.map((t) => t.ch.close().catch(() => undefined)));
  }
}

/** EMQX emqx_bridge_rabbitmq_source_worker:to_map — undefined properties left out */
function toColumns(msg: ConsumeMessage, queue: string): SourceMessage {
  const text = msg.content.toString('utf8');
  let payload: unknown = text;
  try {
    payload = JSON.parse(text);
  } catch {
    // not JSON: the text as it is
  }
  const p = msg.properties;
  const columns: Record<string, unknown> = {
    payload,
    content_type: p.contentType,
    content_encoding: p.contentEncoding,
    headers: p.headers,
    delivery_mode: p.deliveryMode,
    priority: p.priority,
    correlation_id: p.correlationId,
    reply_to: p.replyTo,
    expiration: p.expiration,
    message_id: p.messageId,
    timestamp: p.timestamp,
    type: p.type,
    user_id: p.userId,
    app_id: p.appId,
    cluster_id: p.clusterId,
    exchange: msg.fields.exchange,
    routing_key: msg.fields.routingKey,
    queue,
  };
  for (const k of Object.keys(columns)) if (columns[k] === undefined || columns[k] === 'undefined') delete columns[k];
  return columns;
}

function connectorOf(c: ConnectorInstance): RabbitConnector {
  if (!(c instanceof RabbitConnector)) throw new Error('A rabbitmq action or source needs a rabbitmq connector.');
  return c;
}

export const rabbitmqType: ConnectorType = {
  type: 'rabbitmq',
  check(config) {
    readRabbitConnector(config);
  },
  async start(config, ctx) {
    const settings = readRabbitConnector(config);
    const connector = new RabbitConnector(settings, ctx);
    try {
      await connector.fill();
    } catch (err) {
      await connector.stop();
      throw err;
    }
    ctx.log.info('rabbitmq connector started', { connector: ctx.connectorId, server: `${settings.host}:${settings.port}`, pool_size: settings.poolSize });
    return connector;
  },
  action: {
    batches: true,
    check(parameters) {
      readRabbitAction(parameters);
    },
    start(parameters, connector): Promise<ActionInstance> {
      return Promise.resolve(new RabbitAction(connectorOf(connector), readRabbitAction(parameters)));
    },
  },
  source: {
    check(parameters) {
      readRabbitSource(parameters);
    },
    async start(parameters, connector, ctx, emit): Promise<SourceInstance> {
      const rabbit = connectorOf(connector);
      const p = readRabbitSource(parameters);
      const subs: Tracked[] = [];
      const subscribe = async (conn: ChannelModel) => {
        // consumers of connections lost since are gone: only the live ones count for the health
        for (let i = subs.length - 1; i >= 0; i--) if (subs[i].closed) subs.splice(i, 1);
        const t = await openChannel(conn, p.waitForConfirms);
        subs.push(t);
        await t.ch.consume(
          p.queue,
          (msg) => {
            if (!msg) return; // the server cancelled the consumer (queue deleted): the channel's health says so
            emit(toColumns(msg, p.queue));
            if (!p.noAck) t.ch.ack(msg);
          },
          { noAck: p.noAck },
        );
      };
      try {
        for (const conn of rabbit.connections()) await subscribe(conn);
      } catch (err) {
        await Promise.all(subs.map((t) => t.ch.close().catch(() => undefined)));
        throw new Error(rabbitReason(err));
      }
      // a connection opened again after a loss gets its consumer too
      const off = rabbit.onConnection((conn) => {
        subscribe(conn).catch((err: unknown) => ctx.log.warn('rabbitmq source: could not subscribe again', { source: ctx.sourceId, reason: rabbitReason(err) }));
      });
      return {
        async health(): Promise<Health> {
          // a consumer the server closed (e.g. its queue was deleted) makes the source disconnected, with its words
          const lost = subs.find((t) => t.closed);
          if (subs.length > 0 && !lost) return { status: 'connected' };
          return { status: 'disconnected', reason: lost?.reason ?? 'not_connected' };
        },
        async stop() {
          off();
          await Promise.all(subs.filter((t) => !t.closed).map((t) => t.ch.close().catch(() => undefined)));
        },
      };
    },
  },
};
