// The node's plugins (EMQX's emqx_plugins, for JavaScript packages; docs/plugins.md): install a checked package,
// start and stop it, keep the boot order and running state across restarts, its config (validated against the
// package's Avro schema), and the calls of the broker's hook points into the running plugins.
// Each running plugin is its own process (plugin-host.mjs, forked with an IPC channel): a plugin that throws, hangs
// or crashes is reported stopped with the reason, and a hook call that does not answer in time is passed over.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors';
import { HOOKPOINTS, type Hookpoint } from '../exhook/broker-hooks';
import { readPackage } from './archive';
import { checkConfig, type ConfigType } from './config-schema';
import { describePackage } from './package-info';
import { movedState, PluginsStore, type StateEntry } from './plugins.store';

const HOST = fileURLToPath(new URL('./plugin-host.mjs', import.meta.url));

export const TIMEOUTS = { start: 10_000, stop: 5_000, call: 3_000, config: 5_000, health: 2_000 };
/** how often the node asks the running plugins' health check on its own (a change is logged) */
export const HEALTH_INTERVAL = { ms: 30_000 };

/** EMQX's health_status (6.0's emqx_plugins_info): ok with an empty message, or error with the reason */
export type HealthStatus = { status: 'ok' | 'error'; message: string };

export type HookName = Hookpoint;

/** release.json's fields EMQX documents, and what MQDeck reads beside them */
export interface PluginInfo {
  nameVsn: string;
  release: Record<string, unknown>;
  readme: string;
  entry: string;
  sha256: string;
  schema?: { avsc: unknown; i18n: unknown; type: ConfigType };
  defaultConfig?: unknown;
}

type Pending = { resolve(value: unknown): void; reject(err: Error): void; timer: NodeJS.Timeout };

interface Running {
  child: ChildProcess;
  hooks: Set<string>;
  pending: Map<number, Pending>;
  nextId: number;
  started: boolean;
}

export const notFound = () => new ApiError(404, 'NOT_FOUND', 'Plugin Not Found');

const NO_PLUGINS: readonly string[] = Object.freeze([]);
export class PluginsService {
  readonly store: PluginsStore;
  private state: StateEntry[] = [];
  private readonly infos = new Map<string, PluginInfo>();
  private readonly running = new Map<string, Running>();
  /** why a plugin that should run is not running (start failed, its process exited) */
  private readonly reasons = new Map<string, string>();
  /** the last health of each running plugin the periodic check saw: only a change is logged */
  private readonly lastHealth = new Map<string, HealthStatus['status']>();
  private healthTimer?: NodeJS.Timeout;
  /** told when withHook may answer differently (a plugin started, stopped, exited or registered hooks): plugins.hooks.ts */
  onHooksChange: () => void = () => undefined;

  constructor(
    private readonly app: FastifyInstance,
    dataDir: string,
  ) {
    this.store = new PluginsStore(dataDir);
    this.state = this.store.readState();
    for (const e of this.state) {
      try {
        this.infos.set(e.name_vsn, this.load(e.name_vsn));
      } catch (err) {
        app.log.warn({ plugin: e.name_vsn }, `plugin ${e.name_vsn} cannot be read: ${(err as Error).message}`);
        this.reasons.set(e.name_vsn, `the installed package cannot be read: ${(err as Error).message}`);
      }
    }
  }

  // ---------------------------------------------------------------- reading packages

  private load(nameVsn: string): PluginInfo {
    const dir = this.store.dir(nameVsn);
    const data = readFileSync(this.store.tarball(nameVsn));
    return describePackage(
      nameVsn,
      (name) => {
        const p = resolve(dir, name);
        return p.startsWith(dir + sep) && existsSync(p) ? readFileSync(p) : undefined;
      },
      data,
    );
  }

  // ---------------------------------------------------------------- what the API shows

  list(): { info: PluginInfo; running: boolean; reason?: string }[] {
    return this.state.flatMap((e) => {
      const info = this.infos.get(e.name_vsn);
      return info ? [{ info, running: this.isRunning(e.name_vsn), reason: this.reasons.get(e.name_vsn) }] : [];
    });
  }
  get(nameVsn: string): PluginInfo | undefined {
    return this.infos.get(nameVsn);
  }
  need(nameVsn: string): PluginInfo {
    const info = this.infos.get(nameVsn);
    if (!info) throw notFound();
    return info;
  }
  isRunning(nameVsn: string): boolean {
    return this.running.get(nameVsn)?.started === true;
  }
  reason(nameVsn: string): string | undefined {
    return this.reasons.get(nameVsn);
  }

  /** asked now: a running plugin's onHealthCheck (none: healthy) within TIMEOUTS.health; one that should run and does
   * not is unhealthy with the reason; one stopped on purpose has none (EMQX: only running plugins have one) */
  async health(nameVsn: string): Promise<HealthStatus | undefined> {
    const run = this.running.get(nameVsn);
    if (!run?.started) {
      const reason = this.reasons.get(nameVsn);
      return reason ? { status: 'error', message: reason } : undefined;
    }
    try {
      await this.request(nameVsn, run, { t: 'health', options: {} }, TIMEOUTS.health);
      return { status: 'ok', message: '' };
    } catch (err) {
      // the process died during the check: its exit reason says more than the broken call
      const reason = this.reasons.get(nameVsn);
      if (!this.isRunning(nameVsn) && reason) return { status: 'error', message: reason };
      return { status: 'error', message: `health check failed: ${(err as Error).message}` };
    }
  }

  /** every running plugin's health check, logging the plugins whose health changed */
  async checkHealth(): Promise<void> {
    await Promise.all(
      [...this.running.keys()].map(async (nameVsn) => {
        const h = await this.health(nameVsn);
        const before = this.lastHealth.get(nameVsn) ?? 'ok';
        if (!h) return void this.lastHealth.delete(nameVsn);
        this.lastHealth.set(nameVsn, h.status);
        if (h.status === 'error' && before === 'ok') this.app.log.warn({ plugin: nameVsn }, `plugin ${nameVsn} is unhealthy: ${h.message}`);
        else if (h.status === 'ok' && before === 'error') this.app.log.info({ plugin: nameVsn }, `plugin ${nameVsn} is healthy again`);
      }),
    );
  }

  // ---------------------------------------------------------------- install, uninstall

  async install(nameVsn: string, data: Buffer): Promise<void> {
    if (this.infos.has(nameVsn)) throw new ApiError(400, 'ALREADY_INSTALLED', `Plugin ${nameVsn} is already installed`);
    const grant = this.store.checkGrant(nameVsn, data);
    if (grant === 'not_allowed') {
      throw new ApiError(403, 'FORBIDDEN', `Package is not allowed installation; first allow it to be installed by running: \`mqdeck ctl plugins allow ${nameVsn}\``);
    }
    if (grant === 'sha256_mismatch') {
      throw new ApiError(403, 'FORBIDDEN', `Package sha256 does not match the value bound by \`mqdeck ctl plugins allow ${nameVsn} sha256:...\``);
    }
    const files = await readPackage(nameVsn, data);
    const info = describePackage(nameVsn, (name) => files.get(name), data);
    this.store.writePackage(nameVsn, data, files);
    this.store.disallow(nameVsn);
    this.infos.set(nameVsn, info);
    this.state = [...this.state.filter((e) => e.name_vsn !== nameVsn), { name_vsn: nameVsn, enable: false }];
    this.store.writeState(this.state);
    this.reasons.delete(nameVsn);
  }

  async uninstall(nameVsn: string): Promise<void> {
    this.need(nameVsn);
    await this.stopProcess(nameVsn);
    this.state = this.state.filter((e) => e.name_vsn !== nameVsn);
    this.store.writeState(this.state);
    this.store.removePackage(nameVsn);
    this.store.disallow(nameVsn);
    this.infos.delete(nameVsn);
    this.reasons.delete(nameVsn);
  }

  // ---------------------------------------------------------------- order

  move(nameVsn: string, body: unknown): void {
    this.need(nameVsn);
    this.state = movedState(this.state, nameVsn, (body as { position?: unknown } | undefined)?.position, (n) => this.infos.has(n));
    this.store.writeState(this.state);
  }

  // ---------------------------------------------------------------- config

  config(nameVsn: string): unknown {
    const info = this.need(nameVsn);
    return this.store.readConfig(nameVsn) ?? info.defaultConfig;
  }

  async setConfig(nameVsn: string, config: unknown): Promise<void> {
    const info = this.need(nameVsn);
    if (info.schema) {
      const why = checkConfig(info.schema.type, config);
      if (why) throw new ApiError(400, 'BAD_CONFIG', why);
    } else if (typeof config !== 'object' || config === null || Array.isArray(config)) {
      throw new ApiError(400, 'BAD_CONFIG', "invalid_type: Invalid type for field '$': expected object");
    }
    const run = this.running.get(nameVsn);
    if (run?.started) {
      // the running plugin hears it first: a config it refuses is not kept
      try {
        await this.request(nameVsn, run, { t: 'config', config }, TIMEOUTS.config);
      } catch (err) {
        throw new ApiError(400, 'BAD_CONFIG', `The plugin refused the config: ${(err as Error).message}`);
      }
    }
    this.store.writeConfig(nameVsn, config);
  }

  // ---------------------------------------------------------------- start, stop

  async start(nameVsn: string): Promise<void> {
    this.need(nameVsn);
    await this.startProcess(nameVsn);
    this.setEnable(nameVsn, true);
  }

  async stop(nameVsn: string): Promise<void> {
    this.need(nameVsn);
    await this.stopProcess(nameVsn);
    this.reasons.delete(nameVsn);
    this.setEnable(nameVsn, false);
  }

  private setEnable(nameVsn: string, enable: boolean): void {
    this.state = this.state.map((e) => (e.name_vsn === nameVsn ? { ...e, enable } : e));
    this.store.writeState(this.state);
  }

  /** starts the enabled plugins in boot order (the node is ready); a failure is logged and reported, never thrown */
  async boot(): Promise<void> {
    this.healthTimer ??= setInterval(() => void this.checkHealth(), HEALTH_INTERVAL.ms);
    this.healthTimer.unref();
    for (const e of this.state.filter((s) => s.enable)) {
      if (!this.infos.has(e.name_vsn)) continue;
      try {
        await this.startProcess(e.name_vsn);
      } catch (err) {
        this.app.log.warn({ plugin: e.name_vsn }, `plugin ${e.name_vsn} did not start: ${(err as Error).message}`);
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.healthTimer);
    this.healthTimer = undefined;
    await Promise.all([...this.running.keys()].map((n) => this.stopProcess(n)));
  }

  private async startProcess(nameVsn: string): Promise<void> {
    if (this.running.has(nameVsn)) return;
    const info = this.need(nameVsn);
    this.lastHealth.delete(nameVsn);
    const config = this.config(nameVsn);
    if (info.schema && config !== undefined) {
      const why = checkConfig(info.schema.type, config);
      if (why) throw new ApiError(400, 'BAD_CONFIG', `node ${this.app.nodeName}: ${why}`);
    }
    const dir = this.store.dir(nameVsn);
    const child = fork(HOST, [], {
      cwd: dir,
      // its own small heap; none of the node's flags (test runners' loaders, inspectors)
      execArgv: ['--max-old-space-size=256'],
      serialization: 'advanced',
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      // the node's environment (secrets in EMQX_* variables) is not the plugin's
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LANG: process.env.LANG ?? '', TZ: process.env.TZ ?? '', MQDECK_PLUGIN: nameVsn },
    });
    const run: Running = { child, hooks: new Set(), pending: new Map(), nextId: 1, started: false };
    this.running.set(nameVsn, run);
    const log = this.app.log.child({ plugin: nameVsn });
    const lines = (level: 'info' | 'warn') => (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) log[level](`plugin ${nameVsn}: ${line}`);
    };
    child.stdout?.on('data', lines('info'));
    child.stderr?.on('data', lines('warn'));
    child.on('message', (msg: { t: string; id?: number; ok?: boolean; value?: unknown; error?: string; hooks?: string[]; level?: string; msg?: string }) => {
      if (msg.t === 'reply' && msg.id !== undefined) {
        const p = run.pending.get(msg.id);
        if (!p) return;
        run.pending.delete(msg.id);
        clearTimeout(p.timer);
        if (msg.ok) p.resolve(msg.value);
        else p.reject(new Error(msg.error ?? 'failed'));
      } else if (msg.t === 'hooks' && Array.isArray(msg.hooks)) {
        run.hooks = new Set(msg.hooks);
        this.onHooksChange();
      } else if (msg.t === 'log') {
        const level = msg.level === 'error' || msg.level === 'warn' || msg.level === 'debug' ? msg.level : 'info';
        log[level](`plugin ${nameVsn}: ${msg.msg ?? ''}`);
      }
    });
    child.on('error', (err) => log.warn(`plugin ${nameVsn}: ${err.message}`));
    child.on('exit', (code, signal) => {
      for (const p of run.pending.values()) {
        clearTimeout(p.timer);
        p.reject(new Error(`its process exited (${signal ?? `code ${code}`})`));
      }
      run.pending.clear();
      if (this.running.get(nameVsn) === run) {
        this.running.delete(nameVsn);
        this.onHooksChange();
        if (run.started) {
          this.reasons.set(nameVsn, `The plugin's process exited unexpectedly (${signal ?? `code ${code}`})`);
          log.warn(`plugin ${nameVsn} stopped: its process exited (${signal ?? `code ${code}`})`);
        }
      }
    });
    try {
      const start = { t: 'start', entry: join(dir, info.entry), config: config ?? {}, hookpoints: HOOKPOINTS };
      const reply = (await this.request(nameVsn, run, start, TIMEOUTS.start)) as { hooks?: string[] };
      run.hooks = new Set(reply?.hooks ?? []);
      run.started = true;
      this.onHooksChange();
      this.reasons.delete(nameVsn);
      log.info(`plugin ${nameVsn} started`);
    } catch (err) {
      const reason = `start failed: ${(err as Error).message}`;
      this.reasons.set(nameVsn, reason);
      if (this.running.get(nameVsn) === run) this.running.delete(nameVsn);
      child.kill('SIGKILL');
      throw new ApiError(500, 'INTERNAL_ERROR', `plugin_start_failed: node ${this.app.nodeName}: ${reason}`);
    }
  }

  private async stopProcess(nameVsn: string): Promise<void> {
    const run = this.running.get(nameVsn);
    if (!run) return;
    this.running.delete(nameVsn);
    run.started = false;
    this.onHooksChange();
    const exited = new Promise<void>((r) => {
      if (run.child.exitCode !== null || run.child.signalCode !== null) r();
      else run.child.once('exit', () => r());
    });
    try {
      await this.request(nameVsn, run, { t: 'stop' }, TIMEOUTS.stop);
    } catch (err) {
      this.app.log.warn({ plugin: nameVsn }, `plugin ${nameVsn}: stop() failed: ${(err as Error).message}`);
    }
    if (run.child.connected) run.child.disconnect();
    const killer = setTimeout(() => run.child.kill('SIGKILL'), 2_000);
    await exited;
    clearTimeout(killer);
  }

  private request(nameVsn: string, run: Running, msg: Record<string, unknown>, timeoutMs: number): Promise<unknown> {
    return new Promise((resolvePromise, reject) => {
      if (!run.child.connected) return reject(new Error('its process is not running'));
      const id = run.nextId++;
      const timer = setTimeout(() => {
        run.pending.delete(id);
        reject(new Error(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      run.pending.set(id, { resolve: resolvePromise, reject, timer });
      run.child.send({ ...msg, id }, (err) => {
        if (!err) return;
        run.pending.delete(id);
        clearTimeout(timer);
        reject(err);
      });
    });
  }

  // ---------------------------------------------------------------- hook calls (plugins.hooks.ts)

  /** the running plugins that registered `hook`, in boot order */
  withHook(hook: HookName): readonly string[] {
    if (this.running.size === 0) return NO_PLUGINS; // asked on every message: no array built while none runs
    return this.state.filter((e) => this.running.get(e.name_vsn)?.started && this.running.get(e.name_vsn)!.hooks.has(hook)).map((e) => e.name_vsn);
  }

  /** calls a running plugin's hook; undefined when it failed or did not answer in time (logged) */
  async call(nameVsn: string, hook: HookName, args: unknown[]): Promise<{ value: unknown } | undefined> {
    const run = this.running.get(nameVsn);
    if (!run?.started) return undefined;
    try {
      return { value: await this.request(nameVsn, run, { t: 'call', hook, args }, TIMEOUTS.call) };
    } catch (err) {
      this.app.log.warn({ plugin: nameVsn }, `plugin ${nameVsn}: ${hook} failed: ${(err as Error).message}`);
      return undefined;
    }
  }

  /** a notification: sent, not awaited */
  cast(nameVsn: string, hook: HookName, args: unknown[]): void {
    const run = this.running.get(nameVsn);
    if (run?.started && run.child.connected) run.child.send({ t: 'cast', hook, args });
  }
}
