/**
 * The gateway core (emqx_gateway, emqx_gateway_conf, emqx_gateway_cm in one): which gateways are loaded, their
 * configs (gateways.store.ts), their running listeners (started through the protocol of registry.ts), their
 * authenticator, and the clients each one has. A gateway's clients join the broker's pubsub through
 * broker.openChannel and are listed here, per gateway, never in /clients.
 */
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ChannelHandle } from '@mqdeck/broker';
import { ApiError } from '../../errors';
import { parseAccessRules, RateBucket, type AccessRule } from '../listeners/access';
import type { AuthnConfig } from '../authentication/backends';
import { buildAuthenticators, normalizeAuthn } from './authn';
import { maskSecrets } from '../configs/secrets';
import type { AuthnBackend } from '../authentication/authenticator';
import { GatewayStore, type GatewayConfigs } from './gateways.store';
import { COMMON_DEFAULTS, checkGatewayFields, checkListener, checkListenerList, listenersPems, merge, runtimeListener, type Raw } from './gateways.config';
import { GATEWAY_NAMES, gatewayProtocol } from './registry';
import { gatewayContext } from './context';
import { GatewayMetrics } from './metrics';
import type { GatewayChannelSink, GatewayClientInfo, GatewayContext, GatewayListenerConfig, GatewayListenerType, GatewayProtocol, RunningGatewayListener } from './protocol';

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);
const notFound = (message: string) => new ApiError(404, 'RESOURCE_NOT_FOUND', message);

export interface GatewayClient {
  info: GatewayClientInfo;
  channel: ChannelHandle;
  sink: GatewayChannelSink;
  connectedAt: number;
  /** set once the client has left (closed by the protocol or kicked): counted as one disconnection */
  left?: boolean;
}

export interface Admission {
  rules: AccessRule[];
  bucket: RateBucket | null;
}

export interface Loaded {
  name: string;
  proto: GatewayProtocol;
  createdAt: number;
  startedAt?: number;
  stoppedAt?: number;
  status: 'running' | 'stopped';
  /** listener id → running listener */
  running: Map<string, RunningGatewayListener>;
  admission: Map<string, Admission>;
  clients: Map<string, GatewayClient>;
  authn?: { id: string; backend: AuthnBackend };
  /** listener id → its own authenticator (used instead of the gateway's) */
  listenerAuthn: Map<string, { id: string; backend: AuthnBackend }>;
  /** the gateway's counters, from its load on (metrics.ts) */
  metrics: GatewayMetrics;
}

export class GatewayService {
  private readonly store: GatewayStore;
  private configs: GatewayConfigs = {};
  private readonly loaded = new Map<string, Loaded>();
  private readonly dataDir: string;

  constructor(readonly app: FastifyInstance) {
    this.dataDir = dirname(app.db.name);
    this.store = new GatewayStore(this.dataDir);
  }

  /** node start: every stored gateway is loaded (and started when enabled); one that cannot start is logged */
  async start(): Promise<void> {
    this.configs = this.store.read();
    for (const name of Object.keys(this.configs)) {
      const proto = gatewayProtocol(name);
      if (!proto) {
        this.app.log.warn({ gateway: name }, 'gateway has a stored config but no protocol on this node; left unloaded');
        continue;
      }
      const gw = this.entry(name, proto);
      try {
        await buildAuthenticators(this.app, this, gw);
        if (this.conf(name).enable !== false) await this.startGateway(gw);
        else gw.status = 'stopped';
      } catch (err) {
        this.app.log.error({ gateway: name, err }, 'gateway failed to start');
        gw.status = 'stopped';
      }
    }
  }

  async close(): Promise<void> {
    for (const gw of this.loaded.values()) {
      await this.stopGateway(gw, 'shutdown');
      for (const a of [gw.authn, ...gw.listenerAuthn.values()]) await a?.backend.close();
    }
  }

  // ------------------------------------------------------------------ lookups

  /** the gateways this node can load: a name without a protocol here is left out of the list */
  names(): readonly string[] {
    return GATEWAY_NAMES.filter((n) => gatewayProtocol(n));
  }

  lookup(name: string): Loaded | undefined {
    return this.loaded.get(name);
  }

  /** the loaded gateway, or 404 "Gateway not loaded" (EMQX with_gateway) */
  need(name: string): Loaded {
    const gw = this.loaded.get(name);
    if (!gw) throw notFound('Gateway not loaded');
    return gw;
  }

  /** stored config with EMQX's defaults filled in (listeners as stored: map type → name → record) */
  conf(name: string): Raw {
    const proto = gatewayProtocol(name)!;
    return merge(merge(COMMON_DEFAULTS, proto.defaults()), this.configs[name] ?? {});
  }

  listenersOf(name: string): Array<{ type: GatewayListenerType; name: string; stored: Raw; id: string }> {
    const ls = (this.configs[name]?.listeners ?? {}) as Record<string, Record<string, Raw>>;
    return Object.entries(ls).flatMap(([type, byName]) =>
      Object.entries(byName).map(([ln, stored]) => ({ type: type as GatewayListenerType, name: ln, stored, id: `${name}:${type}:${ln}` })),
    );
  }

  clients(name: string): GatewayClient[] {
    return [...this.need(name).clients.values()];
  }

  // ------------------------------------------------------------------ load / update / enable

  /** PUT /gateways/{name}: load when unloaded, update otherwise */
  async put(name: string, body: Raw): Promise<void> {
    const proto = gatewayProtocol(name);
    if (!proto) throw bad(`The ${name} gateway is not available on this node`);
    const { name: _n, ...rest } = body;
    void _n;
    const gw = this.loaded.get(name);
    if (!gw) return this.load(name, proto, rest);
    if (Object.keys(rest).length === 0) throw bad('Nothing to update: the body has no gateway field');
    const { listeners, authentication, ...fields } = rest;
    if (listeners !== undefined || authentication !== undefined) {
      // EMQX's update schema (update_<gw>) has neither: they are changed through their own routes
      throw bad('listeners and authentication are changed through /gateways/{name}/listeners and /gateways/{name}/authentication');
    }
    checkGatewayFields(proto, fields);
    const next = merge(this.configs[name], fields);
    await this.replace(gw, next);
  }

  /** a gateway not loaded yet: stored, authenticators built, started when enabled; nothing kept on failure */
  async load(name: string, proto: GatewayProtocol, body: Raw): Promise<void> {
    const { listeners, authentication, ...fields } = body;
    checkGatewayFields(proto, fields);
    const ls = listeners === undefined && proto.defaultListeners ? checkListenerList(proto, proto.defaultListeners()) : checkListenerList(proto, listeners);
    const stored: Raw = { ...fields, listeners: listenersPems(this.dataDir, name, ls) };
    if (authentication !== undefined) stored.authentication = normalizeAuthn(name, authentication);
    const gw = this.entry(name, proto);
    this.configs[name] = stored;
    try {
      await buildAuthenticators(this.app, this, gw);
      if (stored.enable !== false) await this.startGateway(gw);
      else gw.status = 'stopped';
    } catch (err) {
      await this.stopGateway(gw, 'load_failed');
      this.loaded.delete(name);
      delete this.configs[name];
      throw err instanceof ApiError ? err : bad(`The ${name} gateway cannot start: ${(err as Error).message}`);
    }
    this.persist();
  }

  /** a changed config: restart if running (so listeners and protocol settings take it), keep the old one on failure */
  async replace(gw: Loaded, next: Raw): Promise<void> {
    const prev = this.configs[gw.name];
    this.configs[gw.name] = next;
    const enable = next.enable !== false;
    try {
      await this.stopGateway(gw, enable ? 'restart' : 'disabled');
      if (enable) await this.startGateway(gw);
    } catch (err) {
      this.configs[gw.name] = prev;
      await this.stopGateway(gw, 'restart');
      if (prev.enable !== false) await this.startGateway(gw).catch((e: unknown) => this.app.log.error({ gateway: gw.name, err: e }, 'gateway restart failed'));
      throw err instanceof ApiError ? err : bad(`The ${gw.name} gateway cannot start: ${(err as Error).message}`);
    }
    this.persist();
  }

  async enable(name: string, enable: boolean): Promise<void> {
    const gw = this.need(name);
    await this.replace(gw, { ...this.configs[name], enable });
  }

  private entry(name: string, proto: GatewayProtocol): Loaded {
    const gw: Loaded = {
      name,
      proto,
      createdAt: Date.now(),
      status: 'stopped',
      running: new Map(),
      admission: new Map(),
      clients: new Map(),
      listenerAuthn: new Map(),
      metrics: new GatewayMetrics(),
    };
    this.loaded.set(name, gw);
    return gw;
  }

  /** the stored record of a loaded gateway (EMQX's raw `gateway.<name>`), the object itself; restore puts one back */
  stored = (name: string): Raw => this.configs[name];
  restore = (name: string, raw: Raw): void => void (this.configs[name] = raw);
  /** every loaded gateway's stored record, a copy with the real secrets (config-root.ts: the `gateway` root) */
  rawRoot = (): Record<string, Raw> => structuredClone(this.configs);

  persist(): void {
    this.store.write(this.configs);
  }

  private async startGateway(gw: Loaded): Promise<void> {
    const ctx = this.context(gw);
    for (const l of this.listenersOf(gw.name)) {
      if (l.stored.enable === false) continue;
      await this.startListener(gw, ctx, runtimeListener(gw.name, l.type, l.name, l.stored));
    }
    gw.status = 'running';
    gw.startedAt = Date.now();
  }

  private async startListener(gw: Loaded, ctx: GatewayContext, cfg: GatewayListenerConfig): Promise<void> {
    gw.admission.set(cfg.id, {
      rules: parseAccessRules(cfg.raw.access_rules ?? []),
      bucket: cfg.max_conn_rate ? RateBucket.from(`${cfg.max_conn_rate}/s`, 'max_conn_rate') : null,
    });
    try {
      gw.running.set(cfg.id, await gw.proto.startListener(ctx, cfg));
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      const why = e.code === 'EADDRINUSE' ? `port ${cfg.port} is already in use` : e.message;
      throw bad(`Listener ${cfg.id} cannot start: ${why}`);
    }
  }

  private async stopGateway(gw: Loaded, reason: string): Promise<void> {
    for (const [id, l] of [...gw.running]) {
      gw.running.delete(id);
      await l.close().catch((err: unknown) => this.app.log.warn({ listener: id, err }, 'gateway listener close failed'));
    }
    this.kickAll(gw, reason);
    if (gw.status === 'running') gw.stoppedAt = Date.now();
    gw.status = 'stopped';
  }

  private kickAll(gw: Loaded, reason: string, listenerId?: string): void {
    for (const c of [...gw.clients.values()]) {
      if (listenerId && c.info.listenerId !== listenerId) continue;
      this.kickClient(gw, c, reason);
    }
  }

  kickClient(gw: Loaded, c: GatewayClient, reason: string): void {
    try {
      c.sink.kick(reason);
    } catch (err) {
      this.app.log.warn({ gateway: gw.name, clientid: c.info.clientid, err }, 'gateway kick failed');
    }
    c.channel.close(reason);
    this.left(gw, c);
  }

  /** the client is gone: unlisted, counted once as a disconnection */
  left(gw: Loaded, c: GatewayClient): void {
    if (gw.clients.get(c.info.clientid) === c) gw.clients.delete(c.info.clientid);
    if (c.left) return;
    c.left = true;
    gw.metrics.inc('client.disconnected');
  }

  // ------------------------------------------------------------------ listeners

  async addListener(name: string, body: Raw): Promise<Raw> {
    const gw = this.need(name);
    if (body.type === undefined) throw bad('type is required');
    if (body.name === undefined) throw bad('name is required');
    const { type, name: ln, conf } = checkListener(gw.proto, body.type, body.name, body);
    const ls = (this.configs[name].listeners ?? {}) as Record<string, Record<string, Raw>>;
    if (ls[type]?.[ln]) throw bad('The listener name is already in use');
    const next = { ...this.configs[name], listeners: { ...ls, [type]: { ...(ls[type] ?? {}), [ln]: conf } } };
    await this.replaceListener(gw, next, `${name}:${type}:${ln}`);
    return this.listenerView(name, `${name}:${type}:${ln}`)!;
  }

  async updateListener(name: string, id: string, body: Raw): Promise<Raw> {
    const gw = this.need(name);
    const [g, type, ln] = this.parseListenerId(name, id);
    const ls = (this.configs[name].listeners ?? {}) as Record<string, Record<string, Raw>>;
    const prev = ls[type]?.[ln];
    if (!prev || g !== name) throw notFound(`Listener ${id} not found`);
    const { conf } = checkListener(gw.proto, type, ln, { ...prev, ...body, type, name: ln });
    const next = { ...this.configs[name], listeners: { ...ls, [type]: { ...ls[type], [ln]: conf } } };
    await this.replaceListener(gw, next, id);
    return this.listenerView(name, id)!;
  }

  async removeListener(name: string, id: string): Promise<void> {
    const gw = this.need(name);
    const [, type, ln] = this.parseListenerId(name, id);
    const ls = (this.configs[name].listeners ?? {}) as Record<string, Record<string, Raw>>;
    if (!ls[type]?.[ln]) throw notFound(`Listener ${id} not found`);
    const byName = { ...ls[type] };
    delete byName[ln];
    const nextLs = { ...ls, [type]: byName };
    if (Object.keys(byName).length === 0) delete nextLs[type];
    await this.replaceListener(gw, { ...this.configs[name], listeners: nextLs }, id);
  }

  /** restart one listener with the new config; the gateway's other listeners and clients are untouched */
  private async replaceListener(gw: Loaded, next: Raw, id: string): Promise<void> {
    const prev = this.configs[gw.name];
    const stopOne = async () => {
      const l = gw.running.get(id);
      gw.running.delete(id);
      gw.admission.delete(id);
      if (l) await l.close().catch(() => undefined);
      this.kickAll(gw, 'listener_changed', id);
    };
    await stopOne();
    this.configs[gw.name] = { ...next, listeners: listenersPems(this.dataDir, gw.name, next.listeners) };
    const found = this.listenersOf(gw.name).find((l) => l.id === id);
    if (gw.status === 'running' && found && found.stored.enable !== false) {
      try {
        await this.startListener(gw, this.context(gw), runtimeListener(gw.name, found.type, found.name, found.stored));
      } catch (err) {
        this.configs[gw.name] = prev;
        const old = this.listenersOf(gw.name).find((l) => l.id === id);
        if (old && old.stored.enable !== false) await this.startListener(gw, this.context(gw), runtimeListener(gw.name, old.type, old.name, old.stored)).catch(() => undefined);
        throw err;
      }
    }
    await buildAuthenticators(this.app, this, gw);
    this.persist();
  }

  parseListenerId(name: string, id: string): [string, string, string] {
    const parts = id.split(':');
    if (parts.length !== 3 || parts.some((p) => p === '')) throw bad(`Invalid listener id ${JSON.stringify(id)}; expected <gateway>:<type>:<name>`);
    if (parts[0] !== name) throw notFound(`Listener ${id} not found`);
    return parts as [string, string, string];
  }

  /** EMQX's listener answer: defaults filled, id/type/name, running; bind as text */
  listenerView(name: string, id: string): Raw | undefined {
    const l = this.listenersOf(name).find((x) => x.id === id);
    if (!l) return undefined;
    const rt = runtimeListener(name, l.type, l.name, l.stored);
    const gw = this.loaded.get(name);
    return { ...(maskSecrets(rt.raw) as Raw), bind: String(l.stored.bind), id, type: l.type, name: l.name, running: gw?.running.has(id) ?? false };
  }

  listenerConnections(name: string, id: string): number {
    return this.loaded.get(name)?.running.get(id)?.connections() ?? 0;
  }

  // ------------------------------------------------------------------ authentication

  /** where an authenticator lives: the gateway's config, or one listener's record (listener-level authentication) */
  authnHolder(name: string, listenerId?: string): Raw {
    this.need(name);
    if (!listenerId) return this.configs[name];
    const [, type, ln] = this.parseListenerId(name, listenerId);
    const rec = ((this.configs[name].listeners ?? {}) as Record<string, Record<string, Raw>>)[type]?.[ln];
    if (!rec) throw notFound(`Listener ${listenerId} not found`);
    return rec;
  }

  authnConfig(name: string, listenerId?: string): AuthnConfig | undefined {
    return this.authnHolder(name, listenerId).authentication as AuthnConfig | undefined;
  }

  /** the key its built-in users are stored under (authn_users.authenticator) */
  usersKey(name: string, listenerId?: string): string {
    return listenerId ? `gateway:${listenerId}` : `gateway:${name}:global`;
  }

  private context(gw: Loaded): GatewayContext {
    return gatewayContext({ app: this.app, svc: this, gw, dataDir: this.dataDir });
  }

  /** DELETE /gateways/{name}/clients/{clientid}: false when the gateway has no such client */
  kick(name: string, clientid: string): boolean {
    const gw = this.need(name);
    const c = gw.clients.get(clientid);
    if (!c) return false;
    this.kickClient(gw, c, 'kicked');
    return true;
  }
}
