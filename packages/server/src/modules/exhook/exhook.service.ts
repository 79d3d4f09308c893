// The ExHook manager (emqx_exhook_mgr / emqx_exhook_server): the servers of `exhook.servers` in call order, each
// loaded by OnProviderLoaded, whose answer says which hooks (and, for message hooks, which topic filters) the
// server wants. Status as EMQX: connected once loaded; connecting while a failed load waits for its auto_reconnect
// timer; disconnected when the load failed and auto_reconnect is false; disabled when enable is false.
// Calls: `cast` (notifications, answers ignored) and `fold` (client.authenticate, client.authorize,
// message.publish: each server's ValuedResponse is merged in order; STOP_AND_RETURN ends the chain; a failed or
// timed-out call follows the server's failed_action: ignore goes on, deny stops with a refusal).
// Metrics per server and hook: succeed, failed, rate (calls in the last second) and max_rate.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { topicMatches } from '@mqdeck/broker';
import { ApiError } from '../../errors';
import { HookChannel } from './channel';
import { HOOKPOINTS, type Hookpoint } from './broker-hooks';
import { parseServer, reconnectMs, timeoutMs, type ExhookServerConfig } from './exhook.config';

export { HOOKPOINTS, type Hookpoint };
const MESSAGE_HOOKS = new Set<string>(['message.publish', 'message.delivered', 'message.acked', 'message.dropped']);

/** 'client.authenticate' → 'OnClientAuthenticate' */
const rpcName = (hook: string) => `On${hook.replace(/(^|\.|_)([a-z])/g, (_m, _s: string, c: string) => c.toUpperCase())}`;

export type Status = 'connected' | 'connecting' | 'disconnected' | 'disabled' | 'error';

export class HookMetrics {
  succeed = 0;
  failed = 0;
  rate = 0;
  max_rate = 0;
  private window = 0;
  count(ok: boolean): void {
    if (ok) this.succeed++;
    else this.failed++;
    this.window++;
  }
  /** once a second: the calls of the second that ended */
  tick(): void {
    this.rate = this.window;
    this.max_rate = Math.max(this.max_rate, this.rate);
    this.window = 0;
  }
  view() {
    return { succeed: this.succeed, failed: this.failed, rate: this.rate, max_rate: this.max_rate };
  }
}

interface Server {
  config: ExhookServerConfig;
  status: Status;
  channel?: HookChannel;
  /** hook name → its params ({} or {topics}) as OnProviderLoaded gave them */
  hooks: Map<string, { topics?: string[] }>;
  metrics: Map<string, HookMetrics>;
  timer?: NodeJS.Timeout;
  /** bumped at each (re)load or unload: a late answer of an older load is dropped */
  generation: number;
}

export type FoldResult<T> = { stop: boolean; value: T } | undefined;

export class ExhookService {
  private servers: Server[] = [];
  private readonly ticker: NodeJS.Timeout;
  /** hooks some connected server registered: the broker wiring asks this first, so an unused hook costs nothing */
  private active = new Set<string>();
  /** told after each recompute of `active` (broker-hooks.ts attaches the broker listeners it needs) */
  private readonly activeWatchers = new Set<() => void>();

  constructor(private readonly app: FastifyInstance) {
    this.ticker = setInterval(() => {
      for (const s of this.servers) for (const m of s.metrics.values()) m.tick();
    }, 1000);
    this.ticker.unref();
  }

  private get stored(): ExhookServerConfig[] {
    return this.app.config.get<ExhookServerConfig[]>('exhook.servers') ?? [];
  }

  /** loads every configured server (at start) */
  async start(): Promise<void> {
    this.servers = this.stored.map((config) => this.entry(config));
    await Promise.all(this.servers.map((s) => this.load(s)));
  }

  async close(): Promise<void> {
    clearInterval(this.ticker);
    await Promise.all(this.servers.map((s) => this.unload(s)));
  }

  private entry(config: ExhookServerConfig): Server {
    return { config, status: 'disconnected', hooks: new Map(), metrics: new Map(), generation: 0 };
  }

  private recompute(): void {
    this.active = new Set(this.servers.filter((s) => s.status === 'connected').flatMap((s) => [...s.hooks.keys()]));
    for (const w of this.activeWatchers) w();
  }

  /** `changed` is called whenever isActive may answer differently; returns the function that stops it */
  onActiveChange(changed: () => void): () => void {
    this.activeWatchers.add(changed);
    return () => void this.activeWatchers.delete(changed);
  }

  isActive(hook: Hookpoint): boolean {
    return this.active.has(hook);
  }

  /** some connected server wants this message hook for this topic (the publish path stays synchronous otherwise) */
  wants(hook: Hookpoint, topic: string): boolean {
    return this.active.has(hook) && this.targets(hook, topic).length > 0;
  }

  private async load(s: Server): Promise<void> {
    const generation = ++s.generation;
    if (s.timer) clearTimeout(s.timer);
    s.timer = undefined;
    s.channel?.close();
    s.channel = undefined;
    s.hooks = new Map();
    if (!s.config.enable) {
      s.status = 'disabled';
      this.recompute();
      return;
    }
    let channel: HookChannel | undefined;
    try {
      channel = new HookChannel(s.config);
      const res = await channel.call<{ hooks?: { name: string; topics?: string[] }[] }>('OnProviderLoaded', { broker: this.brokerInfo(), meta: this.meta() }, timeoutMs(s.config));
      if (generation !== s.generation) return channel.close();
      const hooks = new Map<string, { topics?: string[] }>();
      for (const spec of res.hooks ?? []) {
        if (!spec.name) continue;
        if (!(HOOKPOINTS as readonly string[]).includes(spec.name)) throw new Error(`unknown_hookpoint ${spec.name}`);
        hooks.set(spec.name, MESSAGE_HOOKS.has(spec.name) ? { topics: spec.topics ?? [] } : {});
      }
      s.channel = channel;
      s.hooks = hooks;
      for (const h of hooks.keys()) if (!s.metrics.has(h)) s.metrics.set(h, new HookMetrics());
      s.status = 'connected';
    } catch (err) {
      channel?.close();
      if (generation !== s.generation) return;
      // a hook server that is not there is the operator's to fix (the list shows it): a warning, not a node error
      this.app.log.warn({ name: s.config.name, err: (err as Error).message }, 'failed_to_load_exhook_callback_server');
      const retry = reconnectMs(s.config);
      s.status = retry === undefined ? 'disconnected' : 'connecting';
      if (retry !== undefined) {
        s.timer = setTimeout(() => void this.load(s), retry);
        s.timer.unref();
      }
    }
    this.recompute();
  }

  private async unload(s: Server): Promise<void> {
    s.generation++;
    if (s.timer) clearTimeout(s.timer);
    s.timer = undefined;
    const channel = s.channel;
    s.channel = undefined;
    s.hooks = new Map();
    s.status = s.config.enable ? 'disconnected' : 'disabled';
    this.recompute();
    if (!channel) return;
    await channel.call('OnProviderUnloaded', { meta: this.meta() }, Math.min(timeoutMs(s.config), 5000)).catch(() => undefined);
    channel.close();
  }

  private brokerInfo() {
    return {
      version: '5.8.1',
      sysdescr: 'MQDeck',
      uptime: String(Date.now() - this.app.startedAt),
      datetime: new Date().toISOString().replace('T', ' ').slice(0, 19),
    };
  }

  meta() {
    return { node: this.app.nodeName, version: '5.8.1', sysdescr: 'MQDeck', cluster_name: String(this.app.config.get('cluster.name') ?? 'emqxcl') };
  }

  // ---------------------------------------------------------------- configuration

  list(): Server[] {
    return this.servers;
  }

  get(name: string): Server {
    const s = this.servers.find((x) => x.config.name === name);
    if (!s) throw new ApiError(404, 'NOT_FOUND', 'Server not found');
    return s;
  }

  has(name: string): boolean {
    return this.servers.some((x) => x.config.name === name);
  }

  private async persist(): Promise<void> {
    await this.app.config.update(
      'exhook.servers',
      this.servers.map((s) => s.config),
    );
  }

  /** PEM text in ssl.{cacertfile,certfile,keyfile} → a file under the data dir, as EMQX stores it */
  private storePems(c: ExhookServerConfig): void {
    for (const key of ['cacertfile', 'certfile', 'keyfile'] as const) {
      const v = c.ssl[key];
      if (typeof v !== 'string' || !v.trimStart().startsWith('-----BEGIN')) continue;
      const dir = join(dirname(this.app.db.name), 'certs', 'exhook', c.name);
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${key.replace('file', '')}.pem`);
      writeFileSync(file, v, { mode: key === 'keyfile' ? 0o600 : 0o644 });
      c.ssl[key] = file;
    }
  }

  async add(body: unknown): Promise<Server> {
    const config = parseServer(body);
    if (this.has(config.name)) throw new ApiError(400, 'BAD_REQUEST', 'Already exists');
    this.storePems(config);
    const s = this.entry(config);
    this.servers.push(s);
    await this.persist();
    await this.load(s);
    return s;
  }

  async update(name: string, body: unknown): Promise<Server> {
    const s = this.get(name);
    const config = parseServer({ ...(body as object), name });
    this.storePems(config);
    await this.unload(s);
    s.config = config;
    await this.persist();
    await this.load(s);
    return s;
  }

  async remove(name: string): Promise<void> {
    const s = this.get(name);
    await this.unload(s);
    this.servers = this.servers.filter((x) => x !== s);
    await this.persist();
  }

  /** front | rear | before:<name> | after:<name> */
  async move(name: string, position: unknown): Promise<void> {
    const m = typeof position === 'string' ? /^(front|rear)$|^(before|after):(.+)$/.exec(position) : null;
    if (!m) throw new ApiError(400, 'BAD_REQUEST', 'Invalid Position');
    const s = this.get(name);
    const rest = this.servers.filter((x) => x !== s);
    if (m[1] === 'front') rest.unshift(s);
    else if (m[1] === 'rear') rest.push(s);
    else {
      const i = rest.findIndex((x) => x.config.name === m[3]);
      if (i < 0) throw new ApiError(404, 'NOT_FOUND', 'Server not found');
      rest.splice(m[2] === 'before' ? i : i + 1, 0, s);
    }
    this.servers = rest;
    await this.persist();
  }

  // ---------------------------------------------------------------- calls

  /** the connected servers that want `hook` for this topic (message hooks filter by topic) */
  private targets(hook: Hookpoint, topic?: string): Server[] {
    return this.servers.filter((s) => {
      if (s.status !== 'connected' || !s.channel) return false;
      const spec = s.hooks.get(hook);
      if (!spec) return false;
      if (topic === undefined || !spec.topics?.length) return true;
      return spec.topics.some((f) => topicMatches(f, topic));
    });
  }

  private async callOne<T>(s: Server, hook: Hookpoint, req: Record<string, unknown>, key: string): Promise<T> {
    const metrics = s.metrics.get(hook) ?? new HookMetrics();
    s.metrics.set(hook, metrics);
    try {
      const res = await s.channel!.call<T>(rpcName(hook), { ...req, meta: this.meta() }, timeoutMs(s.config), key);
      metrics.count(true);
      return res;
    } catch (err) {
      metrics.count(false);
      this.app.log.warn({ name: s.config.name, hook, err: (err as Error).message }, 'exhook_call_error');
      throw err;
    }
  }

  /** a notification to every server that wants it; answers and failures change nothing */
  cast(hook: Hookpoint, req: Record<string, unknown>, key: string, topic?: string): void {
    for (const s of this.targets(hook, topic)) void this.callOne(s, hook, req, key).catch(() => undefined);
  }

  /**
   * Asks the servers in order. `merge` turns a ValuedResponse into the next request value (undefined: ignore it).
   * Returns the last value and whether the chain stopped, or undefined when no server answered with a value.
   */
  async fold<T>(
    hook: Hookpoint,
    req: Record<string, unknown>,
    key: string,
    field: string,
    merge: (res: ValuedResponse) => T | undefined,
    deny: T,
    topic?: string,
  ): Promise<FoldResult<T>> {
    let out: FoldResult<T>;
    let current = req;
    for (const s of this.targets(hook, topic)) {
      let res: ValuedResponse;
      try {
        res = await this.callOne<ValuedResponse>(s, hook, current, key);
      } catch {
        if (s.config.failed_action === 'deny') return { stop: true, value: deny };
        continue;
      }
      if (res.type === 'IGNORE') continue;
      const value = merge(res);
      if (value === undefined) continue;
      out = { stop: res.type === 'STOP_AND_RETURN', value };
      if (out.stop) return out;
      current = { ...current, [field]: res[field as 'message'] ?? value };
    }
    return out;
  }
}

export interface ValuedResponse {
  type: 'CONTINUE' | 'IGNORE' | 'STOP_AND_RETURN';
  value?: 'bool_result' | 'message';
  bool_result?: boolean;
  message?: ExhookMessage;
}

export interface ExhookMessage {
  node: string;
  id: string;
  qos: number;
  from: string;
  topic: string;
  payload: Buffer;
  timestamp: string | number;
  headers: Record<string, string>;
}
