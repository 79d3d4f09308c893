// The resource manager (EMQX emqx_resource_manager, restated): each connector is started when enabled (waiting up
// to start_timeout for it to connect), health-checked every health_check_interval, and started again on the next
// tick when it is down (auto restart); its actions and sources (channels) are installed once it is connected and
// their status follows EMQX's emqx_bridge_v2:lookup rules. A generation number per entry makes a start or a check
// that finishes after a stop, update or delete harmless.
import type { FastifyBaseLogger } from 'fastify';
import type { ActionInstance, ConnectorInstance, ConnectorType, Health, ResourceStatus, SourceInstance, SourceMessage, TypeContext } from './types';
import type { ResourceOptions } from './options';
import type { StoredResource } from './store';
import { ResourceMetrics, type Sampler } from './metrics';
import { ActionBuffer, type Gate } from './buffer';
import { clientTls } from './tls';

export interface ConnectorEntry {
  kind: 'connectors';
  id: string;
  stored: StoredResource;
  opts: ResourceOptions;
  impl?: ConnectorType;
  instance?: ConnectorInstance;
  status: ResourceStatus;
  reason?: string;
  gen: number;
  timer?: NodeJS.Timeout;
  starting?: Promise<void>;
}

export interface ChannelEntry {
  kind: 'actions' | 'sources';
  id: string;
  stored: StoredResource;
  opts: ResourceOptions;
  instance?: ActionInstance | SourceInstance;
  health?: Health;
  startError?: string;
  installing?: boolean;
  /** the channel's own health check (its resource_opts.health_check_interval), while installed */
  timer?: NodeJS.Timeout;
  metrics: ResourceMetrics;
  buffer?: ActionBuffer;
  gen: number;
}

export interface RuntimeEnv {
  nodeName: string;
  log: FastifyBaseLogger;
  sampler: Sampler;
  types(): readonly ConnectorType[];
  connectors: Map<string, ConnectorEntry>;
  channels: { actions: Map<string, ChannelEntry>; sources: Map<string, ChannelEntry> };
  /** a source delivered a message */
  deliver(source: ChannelEntry, message: SourceMessage): void;
  /** EMQX's resource_down alarm: raised with the reason when a connector is disconnected, cleared otherwise */
  alarm(e: ConnectorEntry, down: string | undefined): void;
}

export const idOf = (type: string, name: string) => `${type}:${name}`;
export const enabled = (s: StoredResource) => s.config.enable !== false;
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => resolve('timeout'), ms);
    t.unref();
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

/** the type's part of a config: without what the layer itself reads */
export function typeConfig(config: Record<string, unknown>): Record<string, unknown> {
  const { enable: _e, description: _d, resource_opts: _r, tags: _t, ...rest } = config;
  return rest;
}

export class ResourceRuntime {
  constructor(private readonly env: RuntimeEnv) {}

  ctx(connectorId: string): TypeContext {
    const log = this.env.log.child({ connector: connectorId });
    return {
      connectorId,
      nodeName: this.env.nodeName,
      tls: clientTls,
      log: { info: (msg, extra) => log.info(extra ?? {}, msg), warn: (msg, extra) => log.warn(extra ?? {}, msg) },
    };
  }

  impl(type: string): ConnectorType | undefined {
    return this.env.types().find((t) => t.type === type);
  }

  // ------------------------------------------------------------------ connectors

  /** starts (or restarts) a connector; resolves when it is connected or start_timeout passed */
  async startConnector(e: ConnectorEntry): Promise<void> {
    const gen = await this.stopConnector(e, 'connecting');
    // another stop or start came while this one stopped the old connection: that one decides
    if (gen !== e.gen) return;
    if (!enabled(e.stored)) {
      e.status = 'stopped';
      return;
    }
    e.impl = this.impl(e.stored.type);
    if (!e.impl) {
      e.status = 'disconnected';
      e.reason = `this node does not run ${e.stored.type} connectors`;
      return;
    }
    const impl = e.impl;
    e.status = 'connecting';
    e.reason = undefined;
    const run = (async () => {
      try {
        const instance = await impl.start(typeConfig(e.stored.config), this.ctx(e.id));
        if (gen !== e.gen) {
          await instance.stop().catch(() => undefined);
          return;
        }
        e.instance = instance;
        await this.checkConnector(e, gen);
      } catch (err) {
        if (gen !== e.gen) return;
        e.status = 'disconnected';
        e.reason = message(err);
        this.env.alarm(e, e.reason);
      }
    })().finally(() => {
      if (gen === e.gen) e.starting = undefined;
    });
    e.starting = run;
    this.arm(e);
    await withTimeout(run, e.opts.startTimeoutMs);
  }

  /** stops a connector and its channels' instances (their buffers keep what waits); returns the new generation */
  async stopConnector(e: ConnectorEntry, next: ResourceStatus = 'stopped'): Promise<number> {
    const gen = ++e.gen;
    clearTimeout(e.timer);
    e.timer = undefined;
    e.starting = undefined;
    for (const ch of this.channelsOf(e)) await this.uninstall(ch);
    const instance = e.instance;
    e.instance = undefined;
    e.status = next;
    e.reason = undefined;
    this.env.alarm(e, undefined);
    if (instance) await instance.stop().catch((err: unknown) => this.env.log.warn({ connector: e.id, reason: message(err) }, 'connector_stop_failed'));
    return gen;
  }

  channelsOf(e: ConnectorEntry): ChannelEntry[] {
    const name = e.stored.name;
    const type = e.stored.type;
    return [...this.env.channels.actions.values(), ...this.env.channels.sources.values()].filter((c) => c.stored.type === type && c.stored.config.connector === name);
  }

  connectorOf(ch: ChannelEntry): ConnectorEntry | undefined {
    return this.env.connectors.get(idOf(ch.stored.type, String(ch.stored.config.connector)));
  }

  private arm(e: ConnectorEntry): void {
    clearTimeout(e.timer);
    const gen = e.gen;
    e.timer = setTimeout(() => void this.tick(e, gen), e.opts.healthCheckIntervalMs);
    e.timer.unref();
  }

  /** one health-check tick: check a running connector, start a stopped one again (auto restart) */
  private async tick(e: ConnectorEntry, gen: number): Promise<void> {
    if (gen !== e.gen) return;
    if (!e.instance) {
      if (e.starting)
        this.arm(e); // a slow start: look again at the next tick
      else void this.startConnector(e); // arms the next tick itself
      return;
    }
    await this.checkConnector(e, gen);
    if (gen === e.gen) this.arm(e);
  }

  /** health of the connector, then of its channels; installs channels and wakes buffers once connected */
  async checkConnector(e: ConnectorEntry, gen = e.gen): Promise<void> {
    const instance = e.instance;
    if (!instance) return;
    let h: Health;
    try {
      const r = await withTimeout(instance.health(), Math.max(1000, e.opts.healthCheckIntervalMs));
      h = r === 'timeout' ? { status: 'disconnected', reason: 'health check timed out' } : r;
    } catch (err) {
      h = { status: 'disconnected', reason: message(err) };
    }
    if (gen !== e.gen) return;
    e.status = h.status;
    e.reason = h.status === 'connected' ? undefined : h.reason;
    if (h.status === 'disconnected') this.env.alarm(e, e.reason ?? 'Unknown reason');
    else if (h.status === 'connected') this.env.alarm(e, undefined);
    if (h.status !== 'connected') return;
    for (const ch of this.channelsOf(e)) {
      if (!enabled(ch.stored)) continue;
      if (!ch.instance) await this.install(ch, e);
      else await this.checkChannel(ch);
      ch.buffer?.resume();
    }
  }

  // ------------------------------------------------------------------ channels (actions, sources)

  async install(ch: ChannelEntry, c: ConnectorEntry): Promise<void> {
    if (ch.instance || ch.installing || !c.instance || !c.impl || !enabled(ch.stored)) return;
    const gen = ch.gen;
    const parameters = (ch.stored.config.parameters ?? {}) as Record<string, unknown>;
    ch.installing = true;
    try {
      let instance: ActionInstance | SourceInstance;
      if (ch.kind === 'actions') {
        if (!c.impl.action) throw new Error(`${c.stored.type} connectors have no actions on this node`);
        instance = await c.impl.action.start(parameters, c.instance, { ...this.ctx(c.id), actionId: ch.id });
      } else {
        if (!c.impl.source) throw new Error(`${c.stored.type} connectors have no sources on this node`);
        instance = await c.impl.source.start(parameters, c.instance, { ...this.ctx(c.id), sourceId: ch.id }, (m) => {
          if (gen === ch.gen) this.env.deliver(ch, m);
        });
      }
      if (gen !== ch.gen) {
        await instance.stop?.().catch(() => undefined);
        return;
      }
      ch.instance = instance;
      ch.startError = undefined;
      await this.checkChannel(ch);
      this.armChannel(ch, gen);
    } catch (err) {
      if (gen === ch.gen) {
        ch.startError = message(err);
        ch.health = undefined;
      }
    } finally {
      ch.installing = false;
    }
  }

  /** the channel's own health when its type has one, else its connector's (asked now, as EMQX's channel check) */
  async checkChannel(ch: ChannelEntry): Promise<void> {
    const instance = ch.instance;
    if (!instance) return;
    const gen = ch.gen;
    const connector = this.connectorOf(ch)?.instance;
    let h: Health;
    try {
      h = instance.health ? await instance.health() : connector ? await connector.health() : { status: 'disconnected', reason: 'Not installed' };
    } catch (err) {
      h = { status: 'disconnected', reason: message(err) };
    }
    if (gen === ch.gen) ch.health = h;
  }

  private armChannel(ch: ChannelEntry, gen: number): void {
    clearTimeout(ch.timer);
    ch.timer = setTimeout(() => {
      if (gen !== ch.gen) return;
      void this.checkChannel(ch).then(() => {
        if (gen === ch.gen) this.armChannel(ch, gen);
      });
    }, ch.opts.healthCheckIntervalMs);
    ch.timer.unref();
  }

  async uninstall(ch: ChannelEntry): Promise<void> {
    ch.gen++;
    clearTimeout(ch.timer);
    ch.timer = undefined;
    const instance = ch.instance;
    ch.instance = undefined;
    ch.health = undefined;
    ch.startError = undefined;
    ch.installing = false;
    if (instance) await instance.stop?.().catch((err: unknown) => this.env.log.warn({ channel: ch.id, reason: message(err) }, 'channel_stop_failed'));
  }

  /** a new channel entry (its buffer too for an action) */
  channel(kind: 'actions' | 'sources', stored: StoredResource, opts: ResourceOptions, metrics = new ResourceMetrics(kind === 'sources' ? 'received' : 'matched')): ChannelEntry {
    const ch: ChannelEntry = { kind, id: idOf(stored.type, stored.name), stored, opts, metrics, gen: 0 };
    if (kind === 'actions') {
      const batches = this.impl(stored.type)?.action?.batches ?? false;
      ch.buffer = new ActionBuffer(
        {
          batchSize: batches ? opts.batchSize : 1,
          batchTimeMs: opts.batchTimeMs,
          maxInflight: (opts.queryMode === 'sync' ? 1 : opts.inflightWindow) * opts.workerPoolSize,
          requestTtlMs: opts.requestTtlMs,
          maxBufferBytes: opts.maxBufferBytes,
          resumeIntervalMs: Math.max(1, Math.min(opts.healthCheckIntervalMs, opts.requestTtlMs === null ? Infinity : Math.floor(opts.requestTtlMs / 3))),
          async: opts.queryMode === 'async',
        },
        metrics,
        (requests) => {
          const instance = ch.instance as ActionInstance | undefined;
          if (!instance) return Promise.resolve({ ok: false, recoverable: true, reason: 'resource not connected' });
          return instance.send(requests.map((r) => (isPending(r) ? instance.render(r.selected, r.envs) : r)));
        },
        () => this.gate(ch),
        (reason) => {
          ch.health = { status: 'disconnected', reason };
        },
      );
    }
    this.env.sampler.add(metrics);
    return ch;
  }

  /** EMQX call_query: may a request of this action go out now? */
  gate(ch: ChannelEntry): Gate {
    if (this.env.channels.actions.get(ch.id) !== ch) return 'not_found';
    if (!enabled(ch.stored)) return 'stopped';
    const c = this.connectorOf(ch);
    if (!c) return 'not_found';
    if (!enabled(c.stored)) return 'stopped';
    if (c.status !== 'connected' || !ch.instance) return 'not_connected';
    return 'ok';
  }

  /** EMQX emqx_bridge_v2:lookup: the status and reason a channel shows */
  channelStatus(ch: ChannelEntry): { status: ResourceStatus; reason?: string } {
    const c = this.connectorOf(ch);
    if (!enabled(ch.stored) || !c) return { status: 'disconnected', reason: 'Not installed' };
    if (c.status === 'disconnected') return { status: 'disconnected', reason: 'Resource not operational' };
    if (ch.startError) return { status: 'disconnected', reason: ch.startError };
    if (!ch.instance) return { status: c.status === 'connecting' ? 'connecting' : 'disconnected', reason: 'Not installed' };
    const h = ch.health ?? { status: 'connecting' };
    if (h.status === 'connected') return { status: 'connected' };
    return { status: h.status, reason: h.reason ?? 'Unknown reason' };
  }
}

/** a rule output kept unrendered because the action was not installed when it came in */
export interface PendingRender {
  pending: true;
  selected: Record<string, unknown>;
  envs: Record<string, unknown>;
}
const isPending = (r: unknown): r is PendingRender => typeof r === 'object' && r !== null && (r as PendingRender).pending === true;
