// Message transformation (EMQX emqx_message_transformation): an ordered list of transformations, persisted; every
// enabled one whose topic filters match a published message runs on it before routing (message.publish hook at
// EMQX's priority 943, after schema validation's 945), in list order, each on the previous one's output. A
// failure counts, is logged at the transformation's level and takes its failure action: ignore (go on with the
// message as it was before that transformation), drop (not routed) or disconnect (dropped, publisher disconnected).
// After the last one the payload must be a binary again, or the last transformation fails with its action.
// Counters (matched, succeeded, failed) are per transformation and start at zero with the node.
import type { FastifyInstance } from 'fastify';
import { isUtf8 } from 'node:buffer';
import { topicMatches, withTopicScope, type PublishMessage, type PublishProperties } from '@mqdeck/broker';
import { ApiError } from '../../errors';
import type { SchemaRegistry } from '../schema-registry/schema-registry.service';
import { printableProps } from '../rules/events/columns';
import { ValidationMetrics, startSampling } from '../schema-validation/metrics';
import { MessageTransformationStore } from './message-transformation.store';
import {
  compile,
  normalize,
  payloadBytes,
  properlyEncoded,
  runTransformation,
  TransformationError,
  type Compiled,
  type FailureContext,
  type TMessage,
  type Transformation,
} from './transformation';

/** EMQX ?HP_MESSAGE_TRANSFORMATION (?HP_SCHEMA_VALIDATION is 945: validations run first) */
export const TRANSFORMATION_PRIORITY = 943;

interface Loaded {
  c: Compiled;
  metrics: ValidationMetrics;
}

/** what `message.transformation_failed` carries: the message as published and the transformation's name */
export type TransformationFailedListener = (m: PublishMessage, transformation: string) => void;

export class MessageTransformationService {
  private readonly store: MessageTransformationStore;
  private readonly registry: SchemaRegistry;
  private list: Loaded[] = [];
  /** the enabled transformations, in order: the hot path reads only this */
  private active: Loaded[] = [];
  private readonly removeHook: () => void;
  private readonly stopSampling: () => void;
  private readonly failedListeners = new Set<TransformationFailedListener>();

  constructor(private readonly app: FastifyInstance) {
    this.store = new MessageTransformationStore(app.db);
    this.registry = app.schemaRegistry;
    this.install(this.store.all(), new Map());
    const onPublish = withTopicScope(
      (m: PublishMessage) => (this.active.length === 0 ? m : this.onPublish(m)),
      () => this.active.length > 0,
    );
    this.removeHook = app.broker.addHooks({ messagePublish: onPublish }, TRANSFORMATION_PRIORITY);
    this.stopSampling = startSampling(() => this.list.map((l) => l.metrics));
  }

  close(): void {
    this.removeHook();
    this.stopSampling();
  }

  /** `message.transformation_failed` (the rule engine's $events/message_transformation_failed) */
  onFailed(listener: TransformationFailedListener): () => void {
    this.failedListeners.add(listener);
    return () => this.failedListeners.delete(listener);
  }

  all(): Transformation[] {
    return this.list.map((l) => l.c.t);
  }

  get(name: string): Transformation | undefined {
    return this.find(name)?.c.t;
  }

  private find(name: string): Loaded | undefined {
    return this.list.find((l) => l.c.t.name === name);
  }

  private found(name: string): Loaded {
    const l = this.find(name);
    if (!l) throw new ApiError(404, 'NOT_FOUND', 'Transformation not found');
    return l;
  }

  metrics(name: string): ReturnType<ValidationMetrics['view']> {
    return this.found(name).metrics.view();
  }

  resetMetrics(name: string): void {
    this.found(name).metrics = new ValidationMetrics();
  }

  insert(body: unknown): Transformation {
    const name = (body as { name?: unknown } | null)?.name;
    if (typeof name === 'string' && this.find(name)) throw new ApiError(400, 'ALREADY_EXISTS', 'Transformation already exists');
    const t = checked(body);
    this.save([...this.all(), t]);
    return t;
  }

  update(body: unknown): Transformation {
    const name = (body as { name?: unknown } | null)?.name;
    if (typeof name !== 'string' || !this.find(name)) throw new ApiError(404, 'NOT_FOUND', 'Transformation not found');
    const t = checked(body);
    this.save(this.all().map((x) => (x.name === t.name ? t : x)));
    return t;
  }

  remove(name: string): void {
    this.found(name);
    this.save(this.all().filter((x) => x.name !== name));
  }

  setEnable(name: string, enable: boolean): void {
    this.found(name);
    this.save(this.all().map((x) => (x.name === name ? { ...x, enable } : x)));
  }

  /** EMQX reorder: the order must name every transformation exactly once */
  reorder(order: unknown): { not_found: string[]; duplicated: string[]; not_reordered: string[] } | undefined {
    if (!Array.isArray(order) || !order.every((n) => typeof n === 'string')) throw new ApiError(400, 'BAD_REQUEST', 'The order must be a list of transformation names.');
    const names = this.all().map((v) => v.name);
    const notFound = [...new Set(order.filter((n) => !names.includes(n)))];
    const duplicated = [...new Set(order.filter((n, i) => order.indexOf(n) !== i))];
    const notReordered = names.filter((n) => !order.includes(n));
    if (notFound.length || duplicated.length || notReordered.length) return { not_found: notFound, duplicated, not_reordered: notReordered };
    const byName = new Map(this.all().map((v) => [v.name, v]));
    this.save(order.map((n) => byName.get(n)!));
    return undefined;
  }

  /** POST /message_transformations/dryrun: one transformation on a message given in the body */
  dryrun(body: unknown): { ok: Record<string, unknown> } | { failure: FailureContext } {
    const b = (body ?? {}) as { transformation?: unknown; message?: unknown };
    if (b.transformation === undefined) throw new ApiError(400, 'BAD_REQUEST', 'The dry run needs a transformation.');
    const t = checked(b.transformation);
    const input = b.message as Record<string, unknown> | undefined;
    if (!input || typeof input !== 'object') throw new ApiError(400, 'BAD_REQUEST', 'The dry run needs a message with a topic and a payload.');
    if (typeof input.topic !== 'string') throw new ApiError(400, 'BAD_REQUEST', 'The message needs a topic (text).');
    if (typeof input.payload !== 'string') throw new ApiError(400, 'BAD_REQUEST', 'The message needs a payload (text).');
    const qos = input.qos ?? 0;
    if (qos !== 0 && qos !== 1 && qos !== 2) throw new ApiError(400, 'BAD_REQUEST', 'The message QoS must be 0, 1 or 2.');
    const strMap = (v: unknown, what: string): Record<string, string> => {
      if (v === undefined) return {};
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ApiError(400, 'BAD_REQUEST', `The message ${what} must be an object.`);
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)]));
    };
    const pubProps = input.pub_props === undefined ? {} : input.pub_props;
    if (typeof pubProps !== 'object' || pubProps === null || Array.isArray(pubProps)) throw new ApiError(400, 'BAD_REQUEST', 'The message pub_props must be an object.');
    const m: TMessage = {
      id: randomId(),
      topic: input.topic,
      qos,
      retain: input.retain === true,
      dup: false,
      payload: Buffer.from(input.payload, 'utf8'),
      userProperty: strMap(input.user_property, 'user_property'),
      pubProps: pubProps as Record<string, unknown>,
      clientid: typeof input.clientid === 'string' ? input.clientid : 'test-clientid',
      username: typeof input.username === 'string' ? input.username : null,
      peername: typeof input.peername === 'string' ? input.peername : '127.0.0.1:19872',
      clientAttrs: strMap(input.client_attrs, 'client_attrs'),
      publishReceivedAt: Date.now(),
    };
    const r = runTransformation(compile(t), m, this.registry, this.app.nodeName);
    if ('failure' in r) return r;
    const p = r.ok.payload;
    const payload = Buffer.isBuffer(p) ? (isUtf8(p) ? p.toString('utf8') : p.toString('base64')) : p;
    return { ok: { payload, qos: r.ok.qos, topic: r.ok.topic, retain: r.ok.retain, user_property: r.ok.userProperty } };
  }

  private save(list: Transformation[]): void {
    const metrics = new Map(this.list.map((l) => [l.c.t.name, l.metrics]));
    this.install(list, metrics); // compiles first: a list that does not compile is not stored
    this.store.saveAll(list);
  }

  private install(list: Transformation[], metrics: Map<string, ValidationMetrics>): void {
    const loaded = list.map((t) => ({ c: compile(t), metrics: metrics.get(t.name) ?? new ValidationMetrics() }));
    this.list = loaded;
    this.active = loaded.filter((l) => l.c.t.enable);
  }

  // ------------------------------------------------------------ the hot path

  private onPublish(m: PublishMessage): PublishMessage | null {
    const matching = this.active.filter((l) => l.c.t.topics.some((f) => topicMatches(f, m.topic)));
    if (matching.length === 0) return m;
    const last = matching[matching.length - 1];
    const input = toTMessage(m, this.app);
    let acc = input;
    for (const l of matching) {
      l.metrics.matched++;
      const r = runTransformation(l.c, acc, this.registry, this.app.nodeName);
      if ('ok' in r) {
        if (l !== last) l.metrics.succeeded++;
        acc = r.ok;
        continue;
      }
      l.metrics.failed++;
      this.logFailure(l.c.t, r.failure, m);
      this.emitFailed(m, l.c.t.name);
      if (l.c.t.failure_action === 'ignore') continue;
      return this.fail(l.c.t, m);
    }
    if (!properlyEncoded(acc.payload)) {
      last.metrics.failed++;
      this.logFailure(last.c.t, { msg: 'transformation_bad_encoding', explain: 'final payload must be encoded as a binary' }, m);
      // EMQX has no `ignore` here; the message then goes on as it was published
      if (last.c.t.failure_action === 'ignore') return m;
      return this.fail(last.c.t, m);
    }
    last.metrics.succeeded++;
    this.app.broker.incr('messages.transformation_succeeded');
    return fromTMessage(m, acc, input);
  }

  private fail(t: Transformation, m: PublishMessage): null {
    this.app.broker.incr('messages.transformation_failed');
    if (t.failure_action === 'disconnect' && m.fromClientid) {
      const clientid = m.fromClientid;
      setImmediate(() => this.app.broker.kick(clientid)); // after the publish returns: the client's own packet is done
    }
    return null;
  }

  private emitFailed(m: PublishMessage, name: string): void {
    for (const f of this.failedListeners) {
      try {
        f(m, name);
      } catch (err) {
        this.app.log.error({ err }, 'message_transformation_failed_listener');
      }
    }
  }

  private logFailure(t: Transformation, context: FailureContext, m: PublishMessage): void {
    const level = t.log_failure.level;
    if (level === 'none') return;
    const log = this.app.log;
    const fn = level === 'error' ? log.error : level === 'warning' ? log.warn : level === 'debug' ? log.debug : log.info;
    const { msg, ...rest } = context;
    fn.call(log, { tag: 'MESSAGE_TRANSFORMATION', name: t.name, action: t.failure_action, topic: m.topic, clientid: m.fromClientid ?? undefined, ...rest }, msg);
  }
}

function checked(body: unknown): Transformation {
  try {
    return normalize(body);
  } catch (err) {
    if (err instanceof TransformationError) throw new ApiError(400, 'BAD_REQUEST', err.message);
    throw err;
  }
}

const randomId = () =>
  [...crypto.getRandomValues(new Uint8Array(16))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();

function toTMessage(m: PublishMessage, app: FastifyInstance): TMessage {
  const { 'User-Property': up, 'User-Property-Pairs': _pairs, ...pubProps } = printableProps(m.properties);
  const client = m.fromClientid === null ? undefined : app.broker.client(m.fromClientid);
  return {
    id: m.id.toUpperCase(),
    topic: m.topic,
    qos: m.qos,
    retain: m.retain,
    dup: m.dup ?? false,
    payload: m.payload,
    userProperty: up as Record<string, string>,
    pubProps,
    clientid: m.fromClientid,
    username: m.fromUsername,
    peername: client ? `${client.ipAddress}:${client.port}` : null,
    clientAttrs: client?.clientAttrs ?? {},
    publishReceivedAt: m.timestamp,
  };
}

/** the routed message: an operation on user_property replaces the object, so identity tells whether one ran */
function fromTMessage(m: PublishMessage, t: TMessage, input: TMessage): PublishMessage {
  const out: PublishMessage = { ...m, topic: t.topic, qos: t.qos, retain: t.retain, payload: payloadBytes(t.payload as Buffer | string) };
  if (t.userProperty !== input.userProperty) {
    const keys = Object.keys(t.userProperty).sort();
    const userProperties = keys.length ? Object.fromEntries(keys.map((k) => [k, t.userProperty[k]])) : undefined;
    const properties: PublishProperties = { ...m.properties, userProperties };
    if (!userProperties) delete properties.userProperties;
    out.properties = properties;
  }
  return out;
}
