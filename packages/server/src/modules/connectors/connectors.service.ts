// Data integration on this node: EMQX's `connectors`, `actions` and `sources` roots (emqx_connector,
// emqx_bridge_v2), kept in SQLite (resource/store) and run by the resource manager (resource/runtime) with the action
// buffer (resource/buffer). This class holds the API's semantics — create/update/delete with EMQX's checks and
// texts, enable, operations, probes, metrics — and is the rule engine's ActionProvider for "<type>:<name>" actions.
// The routes (connectors.routes, actions/actions.routes, sources/sources.routes) are thin over it.
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors';
import { restoreIntegrationSecrets as restoreSecrets } from './resource/secrets';
import type { ActionCall, ActionProvider, ActionResult } from '../rules/actions/types';
import { connectorTypes } from './types';
import { ResourceStore, type Kind, type StoredResource } from './resource/store';
import { SecretBox } from './resource/secret-box';
import { readResourceOptions } from './resource/options';
import { Sampler } from './resource/metrics';
import { isKnownType } from './resource/catalogue';
import { enabled, idOf, ResourceRuntime, type ChannelEntry, type ConnectorEntry, type PendingRender } from './resource/runtime';
import type { Fate } from './resource/buffer';
import type { ActionInstance, ResourceStatus, SourceMessage } from './resource/types';

import { badName, notFound, parseId, requestConfig, validationError } from './resource/ids';
import { probe } from './probe';
import { checkType, prepare } from './prepare';
import * as format from './connectors.format';
import { LocalTopics } from './local-topic';

export type ChannelKind = 'actions' | 'sources';
type Json = Record<string, unknown>;

export interface ExportedResource {
  type: string;
  name: string;
  /** the raw config, secrets in clear (what EMQX writes to a backup's cluster.hocon) */
  config: Json;
  created_at: number;
  last_modified_at: number;
}

export class IntegrationService implements ActionProvider {
  readonly store: ResourceStore;
  private readonly sampler = new Sampler();
  readonly connectors = new Map<string, ConnectorEntry>();
  readonly channels = { actions: new Map<string, ChannelEntry>(), sources: new Map<string, ChannelEntry>() };
  readonly runtime: ResourceRuntime;
  private readonly localTopics: LocalTopics;
  private closed = false;

  constructor(private readonly app: FastifyInstance) {
    this.store = new ResourceStore(app.db, new SecretBox(dirname(app.db.name)));
    this.runtime = new ResourceRuntime({
      nodeName: app.nodeName,
      log: app.log,
      sampler: this.sampler,
      types: () => connectorTypes,
      connectors: this.connectors,
      channels: this.channels,
      deliver: (source, m) => this.deliver(source, m),
      alarm: (e, down) => this.alarm(e, down),
    });
    this.localTopics = new LocalTopics(app, this.channels.actions, (ch, columns) => void this.enqueue(ch, columns, columns));
  }

  /** loads the stored roots and starts what is enabled (not awaited by the node's start beyond start_timeout) */
  async load(): Promise<void> {
    for (const s of this.store.all('connectors')) this.connectors.set(idOf(s.type, s.name), this.connectorEntry(s));
    for (const kind of ['actions', 'sources'] as const) {
      for (const s of this.store.all(kind)) {
        try {
          this.channels[kind].set(idOf(s.type, s.name), this.runtime.channel(kind, s, readResourceOptions(kind, s.config.resource_opts)));
        } catch (err) {
          this.app.log.error({ id: idOf(s.type, s.name), reason: err instanceof Error ? err.message : String(err) }, 'load_channel_failed');
        }
      }
    }
    this.localTopics.sync();
    await Promise.all([...this.connectors.values()].map((c) => (enabled(c.stored) && c.opts.startAfterCreated ? this.runtime.startConnector(c) : undefined)));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.localTopics.close();
    this.sampler.stop();
    for (const ch of [...this.channels.actions.values(), ...this.channels.sources.values()]) ch.buffer?.stop();
    for (const c of this.connectors.values()) await this.runtime.stopConnector(c);
  }

  private connectorEntry(s: StoredResource): ConnectorEntry {
    const opts = readResourceOptions('connectors', s.config.resource_opts);
    return { kind: 'connectors', id: idOf(s.type, s.name), stored: s, opts, status: enabled(s) && opts.startAfterCreated ? 'connecting' : 'stopped', gen: 0 };
  }

  // ------------------------------------------------------------------ lookups

  private entry(kind: Kind, id: string): ConnectorEntry | ChannelEntry {
    const { type, name } = parseId(kind, id);
    const e = kind === 'connectors' ? this.connectors.get(idOf(type, name)) : this.channels[kind].get(idOf(type, name));
    if (!e) throw notFound(kind, type, name);
    return e;
  }

  connector(id: string): ConnectorEntry {
    return this.entry('connectors', id) as ConnectorEntry;
  }

  channel(kind: ChannelKind, id: string): ChannelEntry {
    return this.entry(kind, id) as ChannelEntry;
  }

  listConnectors(): ConnectorEntry[] {
    return [...this.connectors.values()].sort((a, b) => a.stored.createdAt - b.stored.createdAt);
  }

  listChannels(kind: ChannelKind): ChannelEntry[] {
    return [...this.channels[kind].values()].sort((a, b) => a.stored.createdAt - b.stored.createdAt);
  }

  /** ids of the rules that use an action (in their actions) or a source (in their FROM), sorted */
  rulesUsing(kind: ChannelKind, id: string): string[] {
    if (!this.app.hasDecorator('rules')) return [];
    const hooks = [`$bridges/${id}`, `$sources/${id}`];
    return this.app.rules
      .list()
      .filter((r) => (kind === 'actions' ? r.stored.actions.some((a) => a === id) : r.from.some((f) => hooks.includes(f))))
      .map((r) => r.id)
      .sort();
  }

  get nodeName(): string {
    return this.app.nodeName;
  }

  // views (connectors.format.ts)
  connectorView(c: ConnectorEntry): Json {
    return format.connectorView(this, c);
  }

  channelView(ch: ChannelEntry): Json {
    return format.channelView(this, ch);
  }

  summaryView(ch: ChannelEntry): Json {
    return format.summaryView(this, ch);
  }

  metricsView(ch: ChannelEntry): { metrics: Json; node_metrics: Json[] } {
    return format.metricsView(this, ch);
  }

  // ------------------------------------------------------------------ checks shared by create, update, probe

  /** the type of a body, known to EMQX and run by this node (prepare.ts) */
  checkType(kind: Kind, type: unknown): string {
    return checkType(this.runtime, kind, type);
  }

  /** the config to store (prepare.ts) */
  prepare(kind: Kind, type: string, name: string, method: 'post' | 'put', given: Json): Json {
    return prepare(this.runtime, this.connectors, kind, type, name, method, given);
  }

  // ------------------------------------------------------------------ create, update, delete

  async create(kind: Kind, body: Json): Promise<Json> {
    const { type, name } = body;
    if (typeof name !== 'string') throw new ApiError(400, 'BAD_REQUEST', name === undefined ? 'name: field is required' : 'name: expected a string');
    const checkedType = this.checkType(kind, type);
    const exists = kind === 'connectors' ? this.connectors.has(idOf(checkedType, name)) : this.channels[kind].has(idOf(checkedType, name));
    if (exists) throw new ApiError(400, 'ALREADY_EXISTS', kind === 'connectors' ? 'connector already exists' : 'bridge already exists');
    const why = badName(name);
    if (why) throw new ApiError(400, 'BAD_REQUEST', validationError(why));
    const config = this.prepare(kind, checkedType, name, 'post', requestConfig(kind, body));
    const now = Date.now();
    return this.save(kind, { type: checkedType, name, config, createdAt: now, lastModifiedAt: now }, true);
  }

  async update(kind: Kind, id: string, body: Json): Promise<Json> {
    const e = this.entry(kind, id);
    const old = e.stored;
    const given = restoreSecrets(requestConfig(kind, body), old.config) as Json;
    const config = this.prepare(kind, old.type, old.name, 'put', given);
    return this.save(kind, { ...old, config, lastModifiedAt: Date.now() }, false);
  }

  /** stores and (re)starts: a connector restarts with its channels; an action or source restarts alone */
  private async save(kind: Kind, s: StoredResource, created: boolean): Promise<Json> {
    this.store.put(kind, s);
    const id = idOf(s.type, s.name);
    if (kind === 'connectors') {
      let c = this.connectors.get(id);
      if (c) {
        await this.runtime.stopConnector(c);
        c.stored = s;
        c.opts = readResourceOptions('connectors', s.config.resource_opts);
      } else {
        c = this.connectorEntry(s);
        this.connectors.set(id, c);
      }
      if (enabled(s) && (!created || c.opts.startAfterCreated)) await this.runtime.startConnector(c);
      else c.status = 'stopped'; // EMQX: start_after_created = false leaves it stopped until a start
      return this.connectorView(c);
    }
    const old = this.channels[kind].get(id);
    if (old) {
      await this.runtime.uninstall(old);
      old.buffer?.stop();
      this.sampler.remove(old.metrics);
    }
    const ch = this.runtime.channel(kind, s, readResourceOptions(kind, s.config.resource_opts), old?.metrics);
    this.channels[kind].set(id, ch);
    this.localTopics.sync();
    const c = this.runtime.connectorOf(ch);
    if (c?.instance && c.status === 'connected') await this.runtime.install(ch, c);
    return this.channelView(ch);
  }

  async remove(kind: Kind, id: string, alsoDeleteDepActions = false): Promise<void> {
    const e = this.entry(kind, id);
    if (kind === 'connectors') {
      const c = e as ConnectorEntry;
      const chans = this.runtime.channelsOf(c);
      if (chans.length) {
        const ids = chans.map((x) => `<<"${x.kind === 'actions' ? 'action' : 'source'}:${x.id}:connector:${c.id}">>`).join(',');
        throw new ApiError(400, 'BAD_REQUEST', `{<<"Cannot delete connector while there are active channels defined for this connector">>,[${ids}]}`);
      }
      await this.runtime.stopConnector(c);
      this.connectors.delete(c.id);
      this.store.delete('connectors', c.stored.type, c.stored.name);
      return;
    }
    const ch = e as ChannelEntry;
    const rules = this.rulesUsing(ch.kind, ch.id);
    if (rules.length) {
      if (!alsoDeleteDepActions) throw Object.assign(new ApiError(400, 'BAD_REQUEST', 'Cannot delete action while active rules are depending on it'), { rules });
      // EMQX ensure_action_removed: the reference leaves each rule's actions (a source's rules keep their FROM)
      for (const ruleId of rules) {
        const rule = this.app.rules.get(ruleId);
        if (rule && rule.stored.actions.includes(ch.id)) this.app.rules.update(ruleId, { actions: rule.stored.actions.filter((a) => a !== ch.id) });
      }
    }
    this.channels[ch.kind].delete(ch.id);
    this.localTopics.sync();
    await this.runtime.uninstall(ch);
    ch.buffer?.stop();
    this.sampler.remove(ch.metrics);
    this.store.delete(ch.kind, ch.stored.type, ch.stored.name);
  }

  async setEnable(kind: Kind, id: string, enable: boolean): Promise<void> {
    const e = this.entry(kind, id);
    if (enabled(e.stored) === enable && (kind !== 'connectors' || enable === false || (e as ConnectorEntry).status !== 'stopped')) return;
    await this.save(kind, { ...e.stored, config: { ...e.stored.config, enable }, lastModifiedAt: Date.now() }, false);
  }

  // ------------------------------------------------------------------ operations

  /** POST …/{operation}: `start` (EMQX), and MQDeck's `stop` and `restart` */
  async operation(kind: Kind, id: string, op: string): Promise<void> {
    const e = this.entry(kind, id);
    if (kind === 'connectors') {
      const c = e as ConnectorEntry;
      if (!enabled(c.stored)) throw new ApiError(400, 'BAD_REQUEST', 'Forbidden operation, connector not enabled');
      if (op === 'stop') {
        await this.runtime.stopConnector(c);
        return;
      }
      if (op === 'start' && c.status === 'connected') return;
      await this.runtime.startConnector(c);
      return this.startResult(c);
    }
    const ch = e as ChannelEntry;
    const c = this.runtime.connectorOf(ch);
    if (!enabled(ch.stored) || !c || !enabled(c.stored)) throw new ApiError(400, 'BAD_REQUEST', 'Forbidden operation, bridge not enabled');
    // an action or source runs while its connector does: only start and restart apply to it
    if (op === 'stop') throw new ApiError(400, 'BAD_REQUEST', 'Invalid operation: stop (disable the action or source instead)');
    if (c.status !== 'connected') {
      await this.runtime.startConnector(c);
      this.startResult(c);
    }
    if (op === 'restart' || ch.startError) await this.runtime.uninstall(ch);
    if (c.instance) await this.runtime.install(ch, c);
    if (ch.startError) throw new ApiError(400, 'BAD_REQUEST', ch.startError);
  }

  private startResult(c: ConnectorEntry): void {
    if (c.status === 'connected') return;
    if (c.status === 'connecting' && !c.reason) throw new ApiError(400, 'BAD_REQUEST', 'Timeout while waiting for connector to reach connected status. Please try again.');
    throw new ApiError(400, 'BAD_REQUEST', c.reason ?? `connector is ${c.status}`);
  }

  /** POST /connectors_probe, /actions_probe, /sources_probe (probe.ts) */
  async probe(kind: Kind, body: Json): Promise<void> {
    return probe(this, kind, body);
  }

  resetMetrics(kind: ChannelKind, id: string): void {
    this.channel(kind, id).metrics.reset();
  }

  // ------------------------------------------------------------------ the rule engine

  handles(type: string): boolean {
    return isKnownType('actions', type);
  }

  /** a rule's "<type>:<name>" action: into the action's buffer; resolves with the request's final fate */
  send(type: string, name: string, call: ActionCall): ActionResult | Promise<ActionResult> {
    const ch = this.channels.actions.get(idOf(type, name));
    if (!ch) return { ok: false, discarded: 'not_found' };
    if (!enabled(ch.stored)) return { ok: false, discarded: 'disabled' };
    return this.enqueue(ch, call.selected, call.envs, call.stopAfterRender === true);
  }

  /** one output into an action's buffer (a rule's, or a local_topic message's columns) */
  private enqueue(ch: ChannelEntry, selected: Json, envs: Json, stopAfterRender = false): ActionResult | Promise<ActionResult> {
    const instance = ch.instance as ActionInstance | undefined;
    let request: unknown;
    try {
      request = instance ? instance.render(selected, envs) : ({ pending: true, selected, envs } satisfies PendingRender);
    } catch (err) {
      ch.metrics.matched++;
      ch.metrics.failed++;
      return { ok: false, reason: err instanceof Error ? err.message : String(err) };
    }
    if (stopAfterRender) return { ok: false, reason: 'action stopped after template rendering' };
    ch.metrics.matched++;
    return new Promise<ActionResult>((resolve) => ch.buffer!.enqueue(request, (fate) => resolve(toResult(fate))));
  }

  /** EMQX emqx_resource_manager maybe_alarm / maybe_clear_alarm, named by the connector's resource id */
  private alarm(e: ConnectorEntry, down: string | undefined): void {
    if (this.closed || !this.app.hasDecorator('alarms')) return;
    const name = `connector:${e.id}`;
    if (down === undefined) this.app.alarms.deactivate(name);
    else this.app.alarms.activate(name, { resource_id: name, reason: 'resource_down' }, `resource down: ${down}`);
  }

  /** a source's message: counted, then the rules of `$bridges/<id>` and `$sources/<id>` run on it */
  private deliver(source: ChannelEntry, m: SourceMessage): void {
    if (this.closed || this.channels.sources.get(source.id) !== source) return;
    source.metrics.received++;
    if (!this.app.hasDecorator('rules')) return;
    // EMQX with_basic_columns: the hookpoint as `event`, this node and now over what the source gave
    const base = { node: this.app.nodeName, timestamp: Date.now() };
    for (const hook of [`$bridges/${source.id}`, `$sources/${source.id}`]) this.app.rules.applyHookpoint(hook, { ...m, event: hook, ...base });
  }

  // ------------------------------------------------------------------ backup (modules/backup)

  /** every connector, action and source with its raw config (secrets in clear), oldest first per root */
  exportAll(): Record<Kind, ExportedResource[]> {
    const out = (kind: Kind) => this.store.all(kind).map((s) => ({ type: s.type, name: s.name, config: s.config, created_at: s.createdAt, last_modified_at: s.lastModifiedAt }));
    return { connectors: out('connectors'), actions: out('actions'), sources: out('sources') };
  }

  /**
   * Creates or replaces one resource from a backup (connectors first, then actions and sources), with every check of
   * POST/PUT; throws the same 400s. The running resource restarts with the imported config.
   */
  async importOne(kind: Kind, r: { type: string; name: string; config: Json }): Promise<void> {
    const id = idOf(r.type, r.name);
    const exists = kind === 'connectors' ? this.connectors.has(id) : this.channels[kind].has(id);
    if (exists) await this.update(kind, id, r.config);
    else await this.create(kind, { ...r.config, type: r.type, name: r.name });
  }

  /** the status words of a resource, for other modules (the flow view) */
  status(kind: Kind, id: string): ResourceStatus | undefined {
    if (kind === 'connectors') return this.connectors.get(id)?.status;
    const ch = this.channels[kind].get(id);
    return ch ? this.runtime.channelStatus(ch).status : undefined;
  }
}

function toResult(f: Fate): ActionResult {
  if (f.ok) return { ok: true };
  if ('dropped' in f && (f.dropped === 'resource_stopped' || f.dropped === 'resource_not_found')) return { ok: false, outOfService: true, reason: f.reason };
  return { ok: false, reason: f.reason };
}
