// The rule engine on this node: rules kept in SQLite (rules.store), compiled when loaded or saved, indexed by their
// FROM (events/inputs) and run on the broker's messages and events (runtime). Saving a rule replaces its compiled
// form and index entries at once, so enable/disable and edits apply to the next input. Any save resets the rule's
// metrics, as EMQX does. Data-integration actions plug in through registerActionProvider.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors';
import { isObject } from '../../config/tree';
import { parseDuration } from '../../config/units';
import { parseRuleSql } from './sql/parse';
import { compileRuleSql } from './sql/compile';
import { builtinFunctions } from './funcs/registry';
import { NodeKvStore } from './funcs/kv-store';
import { RulesStore, type StoredRule } from './rules.store';
import { MetricsSampler, RuleMetrics } from './metrics';
import { RuleInputs, type Runner } from './events/inputs';
import type { Columns, ColumnsEnv } from './events/columns';
import { actionView, prepareAction, type ActionEnv, type PreparedAction } from './actions/run';
import type { ActionProvider } from './actions/types';
import { applyRule, type ApplyResult, type RuntimeEnv, type RuntimeRule } from './runtime';

export interface LoadedRule extends RuntimeRule, Runner {
  stored: StoredRule;
  from: string[];
  compiled: RuntimeRule['compiled'];
}

/** 32-hex-digit message ids for republished messages: a random prefix and a counter (no crypto call per message) */
function messageIds(): () => string {
  const prefix = randomBytes(8).toString('hex');
  let n = 0;
  return () => prefix + (n++).toString(16).padStart(16, '0');
}

/** EMQX's 400 for a rule body it cannot take: "Bad Arguments: <why>" */
const badArgs = (why: string) => new ApiError(400, 'BAD_REQUEST', `Bad Arguments: ${why}`);

/** The compiled SQL and checked actions of a rule body; throws a 400 naming the problem. */
export function compileRule(sql: string, actions: unknown[]): { from: string[]; compiled: RuntimeRule['compiled']; actions: PreparedAction[] } {
  let compiled: RuntimeRule['compiled'];
  let from: string[];
  try {
    const parsed = parseRuleSql(sql);
    from = parsed.from;
    compiled = compileRuleSql(parsed, builtinFunctions);
  } catch (err) {
    throw badArgs(err instanceof Error ? err.message : String(err));
  }
  const prepared: PreparedAction[] = [];
  for (const a of actions) {
    try {
      prepared.push(prepareAction(a));
    } catch (err) {
      throw badArgs(err instanceof Error ? err.message : String(err));
    }
  }
  return { from, compiled, actions: prepared };
}

/** The fields of a POST/PUT body, checked (EMQX: the `rules` schema, whose defaults fill what is left out). */
interface RuleFields {
  name: string;
  sql: string;
  actions: unknown[];
  enable: boolean;
  description: string;
}

function checkFields(body: Record<string, unknown>): RuleFields {
  const { sql, name = '', description = '', enable = true, actions = [] } = body;
  if (typeof sql !== 'string') throw badArgs(sql === undefined ? 'sql: field is required' : 'sql: expected a string');
  if (typeof name !== 'string') throw badArgs('name: expected a string');
  if (typeof description !== 'string') throw badArgs('description: expected a string');
  if (typeof enable !== 'boolean') throw badArgs('enable: expected true or false');
  if (!Array.isArray(actions)) throw badArgs('actions: expected a list');
  return { sql, name, description, enable, actions };
}

export class RulesService {
  readonly store: RulesStore;
  readonly inputs: RuleInputs;
  private readonly rules = new Map<string, LoadedRule>();
  private readonly sampler = new MetricsSampler();
  private readonly providers: ActionProvider[] = [];
  readonly runtime: RuntimeEnv;
  private readonly unwatch: () => void;
  private jqTimeout = 10_000;
  /** log trace seam (modules/log-trace): set while a ruleid trace runs; told of each run of a rule and its result */
  onRuleRun: ((rule: RuntimeRule, columns: Columns, result: ApplyResult | Promise<ApplyResult>) => void) | undefined = undefined;

  constructor(private readonly app: FastifyInstance) {
    this.store = new RulesStore(app.db);
    const columnsEnv: ColumnsEnv = {
      node: app.nodeName,
      client: (id) => app.broker.client(id),
      bindHost: (listener) => app.listeners.get(listener)?.config.bind.host,
    };
    this.inputs = new RuleInputs(app.broker, columnsEnv);
    const actions: ActionEnv = {
      broker: app.broker,
      log: app.log,
      write: (text) => process.stdout.write(text),
      providers: this.providers,
      origins: this.inputs.origins,
      newId: messageIds(),
      depth: { n: 0 },
    };
    this.runtime = { node: app.nodeName, kv: new NodeKvStore(), jqTimeoutMs: () => this.jqTimeoutMs(), log: app.log, actions };
    this.applySettings();
    this.unwatch = app.config.watch('rule_engine', () => this.applySettings());
    for (const stored of this.store.all()) {
      try {
        this.install(stored);
      } catch (err) {
        // a stored rule this node cannot compile stays out of the runtime rather than stopping the node
        app.log.error({ rule_id: stored.id, reason: err instanceof Error ? err.message : String(err) }, 'load_rule_failed');
      }
    }
  }

  settings(): { ignore_sys_message: boolean; jq_function_default_timeout: string | number } {
    return this.app.config.get('rule_engine');
  }

  /** read on every rule run, so kept here rather than read from the config each time */
  jqTimeoutMs(): number {
    return this.jqTimeout;
  }

  private applySettings(): void {
    const s = this.settings();
    this.inputs.ignoreSysMessages = s.ignore_sys_message;
    const t = s.jq_function_default_timeout;
    this.jqTimeout = typeof t === 'number' ? t : (parseDuration(t) ?? 10_000);
  }

  list(): LoadedRule[] {
    return [...this.rules.values()].sort((a, b) => a.stored.createdAt - b.stored.createdAt);
  }

  get(id: string): LoadedRule | undefined {
    return this.rules.get(id);
  }

  /** POST /rules: 400 for an empty, non-text or taken id, or a body that does not check */
  create(body: Record<string, unknown>): LoadedRule {
    const id = Object.hasOwn(body, 'id') ? body.id : randomBytes(4).toString('hex');
    if (id === '') throw new ApiError(400, 'BAD_REQUEST', 'empty rule id is not allowed');
    if (typeof id !== 'string') throw new ApiError(400, 'BAD_REQUEST', 'rule id must be a string');
    if (this.rules.has(id)) throw new ApiError(400, 'BAD_REQUEST', 'rule id already exists');
    const now = Date.now();
    return this.save(id, checkFields(body), now, now);
  }

  /** PUT /rules/{id}: the body is merged over the stored rule (EMQX merges config updates); an unknown id is created */
  update(id: string, body: Record<string, unknown>): LoadedRule {
    const old = this.rules.get(id)?.stored;
    const merged = old ? { name: old.name, sql: old.sql, actions: old.actions, enable: old.enable, description: old.description, ...body } : body;
    const now = Date.now();
    return this.save(id, checkFields(merged), old?.createdAt ?? now, now);
  }

  delete(id: string): boolean {
    const rule = this.rules.get(id);
    if (!rule) return false;
    this.uninstall(rule);
    this.store.delete(id);
    return true;
  }

  resetMetrics(id: string): boolean {
    const rule = this.rules.get(id);
    rule?.metrics.reset();
    return !!rule;
  }

  /** Data-integration actions ("<type>:<name>") run through the provider that handles their type. Returns the remover. */
  registerActionProvider(provider: ActionProvider): () => void {
    this.providers.push(provider);
    return () => {
      const i = this.providers.indexOf(provider);
      if (i >= 0) this.providers.splice(i, 1);
    };
  }

  /** inputs of `$bridges/…` / `$sources/…` rules (data-integration sources call this) */
  applyHookpoint(hookpoint: string, columns: Columns): void {
    this.inputs.applyHookpoint(hookpoint, columns);
  }

  close(): void {
    this.unwatch();
    this.sampler.stop();
    this.inputs.close();
  }

  private save(id: string, fields: RuleFields, createdAt: number, lastModifiedAt: number): LoadedRule {
    const compiled = compileRule(fields.sql, fields.actions);
    const stored: StoredRule = { id, ...fields, actions: compiled.actions.map(actionView), createdAt, lastModifiedAt };
    this.store.put(stored);
    const old = this.rules.get(id);
    if (old) this.uninstall(old);
    return this.install(stored, compiled);
  }

  private install(stored: StoredRule, compiled = compileRule(stored.sql, stored.actions)): LoadedRule {
    const metrics = new RuleMetrics();
    const rule: LoadedRule = {
      id: stored.id,
      stored,
      from: compiled.from,
      compiled: compiled.compiled,
      actions: compiled.actions,
      metrics,
      run: (columns, origin) => {
        const result = applyRule(this.runtime, rule, columns, origin);
        if (this.onRuleRun) this.onRuleRun(rule, columns, result);
      },
    };
    this.rules.set(stored.id, rule);
    this.sampler.add(metrics);
    if (stored.enable) this.inputs.add(rule);
    return rule;
  }

  private uninstall(rule: LoadedRule): void {
    if (rule.stored.enable) this.inputs.remove(rule);
    this.sampler.remove(rule.metrics);
    this.rules.delete(rule.id);
  }
}

/** the body of a rule request as an object (a JSON body that is not one is a 400) */
export function ruleBody(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw new ApiError(400, 'BAD_REQUEST', 'Bad Arguments: expected a JSON object');
  // EMQX drops what the API itself adds to a rule before checking a body sent back
  const { id: _id, status: _s, node_status: _ns, node_metrics: _nm, metrics: _m, node: _n, from: _f, created_at: _c, last_modified_at: _l, metadata: _md, ...rest } = body;
  return Object.hasOwn(body, 'id') ? { id: body.id, ...rest } : rest;
}
