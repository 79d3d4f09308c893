// Schema validation (EMQX emqx_schema_validation): an ordered list of validations, persisted; each enabled one whose
// topic filters match a published message runs its checks on it before routing (all_pass: every check; any_pass:
// one), in list order. A failure counts, is logged at the validation's level, and takes its failure action: ignore
// (go on), drop (the message is not routed) or disconnect (dropped, and the publisher is disconnected).
// Counters (matched, succeeded, failed) are per validation and start at zero with the node.
import type { FastifyInstance } from 'fastify';
import { topicMatches, withTopicScope, type PublishMessage } from '@mqdeck/broker';
import { ApiError } from '../../errors';
import { publishColumns, type ColumnsEnv } from '../rules/events/columns';
import { NodeKvStore } from '../rules/funcs/kv-store';
import type { FuncContext } from '../rules/funcs/types';
import type { SchemaRegistry } from '../schema-registry/schema-registry.service';
import { compileCheck, missingSchemas, normalize, ValidationError, type CompiledCheck, type Validation, type ValidationBody } from './checks';
import { SchemaValidationStore } from './schema-validation.store';
import { ValidationMetrics, startSampling } from './metrics';

interface Loaded {
  v: Validation;
  checks: CompiledCheck[];
  metrics: ValidationMetrics;
}

export class SchemaValidationService {
  private readonly store: SchemaValidationStore;
  private readonly registry: SchemaRegistry;
  private list: Loaded[] = [];
  /** the enabled validations, in order: the hot path reads only this */
  private active: Loaded[] = [];
  private readonly env: ColumnsEnv;
  private readonly kv = new NodeKvStore();
  private readonly removeHook: () => void;
  private readonly stopSampling: () => void;
  private readonly schemaFunctions: FuncContext['schemas'];

  constructor(private readonly app: FastifyInstance) {
    this.store = new SchemaValidationStore(app.db);
    this.registry = app.schemaRegistry;
    this.schemaFunctions = { call: (fn, args) => this.registry.callRuleFunction(fn, args) };
    this.env = { node: app.nodeName, client: (id) => app.broker.client(id), bindHost: (l) => app.listeners.get(l)?.config.bind.host };
    const metrics = new Map<string, ValidationMetrics>();
    this.install(this.store.all(), metrics);
    // EMQX ?HP_SCHEMA_VALIDATION: before message transformation (943)
    const onPublish = withTopicScope(
      (m: PublishMessage) => (this.active.length === 0 ? m : this.onPublish(m)),
      () => this.active.length > 0,
    );
    this.removeHook = app.broker.addHooks({ messagePublish: onPublish }, 945);
    this.stopSampling = startSampling(() => this.list.map((l) => l.metrics));
  }

  close(): void {
    this.removeHook();
    this.stopSampling();
  }

  all(): Validation[] {
    return this.list.map((l) => l.v);
  }

  get(name: string): Validation | undefined {
    return this.list.find((l) => l.v.name === name)?.v;
  }

  metrics(name: string): ReturnType<ValidationMetrics['view']> {
    const l = this.list.find((x) => x.v.name === name);
    if (!l) throw new ApiError(404, 'NOT_FOUND', 'Validation not found');
    return l.metrics.view();
  }

  resetMetrics(name: string): void {
    const l = this.list.find((x) => x.v.name === name);
    if (!l) throw new ApiError(404, 'NOT_FOUND', 'Validation not found');
    l.metrics = new ValidationMetrics();
  }

  insert(body: ValidationBody): Validation {
    if (this.get(body.name)) throw new ApiError(400, 'ALREADY_EXISTS', 'Validation already exists');
    const v = this.check(body);
    this.save([...this.all(), v]);
    return v;
  }

  update(body: ValidationBody): Validation {
    if (!this.get(body.name)) throw new ApiError(404, 'NOT_FOUND', 'Validation not found');
    const v = this.check(body);
    this.save(this.all().map((x) => (x.name === v.name ? v : x)));
    return v;
  }

  remove(name: string): void {
    if (!this.get(name)) throw new ApiError(404, 'NOT_FOUND', 'Validation not found');
    this.save(this.all().filter((x) => x.name !== name));
  }

  setEnable(name: string, enable: boolean): void {
    const v = this.get(name);
    if (!v) throw new ApiError(404, 'NOT_FOUND', 'Validation not found');
    this.save(this.all().map((x) => (x.name === name ? { ...x, enable } : x)));
  }

  /** EMQX reorder: the order must name every validation exactly once */
  reorder(order: string[]): { not_found: string[]; duplicated: string[]; not_reordered: string[] } | undefined {
    const names = this.all().map((v) => v.name);
    const notFound = [...new Set(order.filter((n) => !names.includes(n)))];
    const duplicated = [...new Set(order.filter((n, i) => order.indexOf(n) !== i))];
    const notReordered = names.filter((n) => !order.includes(n));
    if (notFound.length || duplicated.length || notReordered.length) return { not_found: notFound, duplicated, not_reordered: notReordered };
    const byName = new Map(this.all().map((v) => [v.name, v]));
    this.save(order.map((n) => byName.get(n)!));
    return undefined;
  }

  private check(body: ValidationBody): Validation {
    let v: Validation;
    try {
      v = normalize(body);
    } catch (err) {
      if (err instanceof ValidationError) throw new ApiError(400, 'BAD_REQUEST', err.message);
      throw err;
    }
    const missing = missingSchemas(v, this.registry);
    if (missing.length > 0) throw new ApiError(400, 'BAD_REQUEST', `The checks refer to schemas that do not exist: ${missing.join(', ')}.`);
    return v;
  }

  private save(list: Validation[]): void {
    const metrics = new Map(this.list.map((l) => [l.v.name, l.metrics]));
    this.install(list, metrics); // compiles first: a list that does not compile is not stored
    this.store.saveAll(list);
  }

  private install(list: Validation[], metrics: Map<string, ValidationMetrics>): void {
    const loaded = list.map((v) => ({ v, checks: v.checks.map((c) => compileCheck(c, this.registry)), metrics: metrics.get(v.name) ?? new ValidationMetrics() }));
    this.list = loaded;
    this.active = loaded.filter((l) => l.v.enable);
  }

  // ------------------------------------------------------------ the hot path

  private onPublish(m: PublishMessage): PublishMessage | null {
    let sql: { columns: Record<string, unknown>; ctx: FuncContext } | undefined;
    const sqlEnv = () => {
      if (!sql) {
        const columns = publishColumns(this.env, m, undefined);
        sql = { columns, ctx: { columns, node: this.env.node, kv: this.kv, jqTimeoutMs: 10_000, schemas: this.schemaFunctions } };
      }
      return sql;
    };
    const run = (c: CompiledCheck) => c(sqlEnv, m.payload);
    let matched = false;
    for (const l of this.active) {
      if (!l.v.topics.some((f) => topicMatches(f, m.topic))) continue;
      matched = true;
      l.metrics.matched++;
      const passed = l.v.strategy === 'all_pass' ? l.checks.every(run) : l.checks.some(run);
      if (passed) {
        l.metrics.succeeded++;
        continue;
      }
      l.metrics.failed++;
      this.logFailure(l.v, m);
      if (this.app.hasDecorator('rules')) this.app.rules.inputs.applyMessageFailed('schema.validation_failed', l.v.name, m); // $events/schema_validation_failed
      if (l.v.failure_action === 'ignore') continue;
      if (l.v.failure_action === 'disconnect' && m.fromClientid) {
        const clientid = m.fromClientid;
        setImmediate(() => this.app.broker.kick(clientid)); // after the publish returns: the client's own packet is done
      }
      this.app.broker.incr('messages.validation_failed'); // EMQX: once per message dropped (or disconnecting)
      return null;
    }
    if (matched) this.app.broker.incr('messages.validation_succeeded'); // once per message that went on (ignore included)
    return m;
  }

  private logFailure(v: Validation, m: PublishMessage): void {
    const level = v.log_failure.level;
    if (level === 'none') return;
    const log = this.app.log;
    const fn = level === 'error' ? log.error : level === 'warning' ? log.warn : level === 'debug' ? log.debug : log.info;
    fn.call(log, { tag: 'SCHEMA_VALIDATION', validation: v.name, action: v.failure_action, topic: m.topic, clientid: m.fromClientid ?? undefined }, 'validation_failed');
  }
}
