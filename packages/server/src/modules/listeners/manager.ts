// The lifecycle of the MQTT listeners (`listeners.<type>.<name>` in the config tree): start at boot,
// create / update / delete / start / stop / restart through the API, each change applied live first
// and persisted only once it worked (a bind conflict leaves both the running listener and the config as they were).
import type { Broker, ConnInfo, Listener } from '@mqdeck/broker';
import type { FastifyBaseLogger } from 'fastify';
import type { ConfigService } from '../../config/config.service';
import { toNodeLimits, toRateLimit } from '../../config/limits';
import { LISTENER_TYPES, toListenerConfig, type ListenerType, type Tls } from '../../config/listeners';
import { deepMerge, getPath, isObject } from '../../config/tree';
import { parseBind } from '../../config/units';
import { shapeAt, validateValue } from '../../config/validate';
import { fromRuleTexts, hoconMessage, validationError } from '../../contract/hocon-error';
import { ApiError } from '../../errors';
import { isOneOf } from '../../shared/guards';
import { RateBucket, accessAllowed, parseAccessRules, type AccessRule } from './access';
import { MASK, restoreSecrets } from '../configs/secrets';
import { resolveTls, storePems } from './tls';

type Raw = Record<string, any>;

export interface ListenerManagerDeps {
  broker: Broker;
  config: ConfigService;
  /** the node's running listeners by id (app.listeners) */
  runtime: Map<string, Listener>;
  dataDir: string;
  /** the node's own (generated) TLS pair for listeners that keep the shipped default cert paths */
  nodeTls: () => Promise<Tls>;
  log: FastifyBaseLogger;
}

export interface ListenerEntry {
  id: string;
  type: ListenerType;
  name: string;
  raw: Raw;
}

export interface ListenerStatus {
  running: boolean;
  current_connections: number;
  max_connections: number | 'infinity';
}

/** Accept-time settings that apply to the next connection without rebinding the port. */
const HOT_KEYS = ['max_connections', 'mountpoint', 'zone', 'enable_authn', 'access_rules', 'max_conn_rate', 'messages_rate', 'bytes_rate', 'acceptors'];
const NAME_RE = /^[0-9a-zA-Z_-]+$/;

export const badRequest = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

/**
 * A refused listener body as EMQX refuses it: emqx_mgmt_api_listeners checks the body against the union of listener
 * structs whose selector picks the one of its `type` (`listeners:tcp_required_bind` for a create, where bind is
 * required, `…_not_required_bind` for an update), so hocon names that member (`matched_type`) on its error, or around
 * its list of errors; fields are hocon's `root.<field>`.
 */
export function listenerRefusal(defaults: unknown, type: string, create: boolean, path: string, value: unknown, texts: string[]): string {
  const matched = `listeners:${type}_${create ? 'required_bind' : 'not_required_bind'}`;
  const inside = (p: string) => (p === path ? '' : p.startsWith(`${path}.`) ? p.slice(path.length + 1) : undefined);
  const errors = fromRuleTexts(texts, {
    valueAt: (p) => {
      const rest = inside(p);
      return rest === undefined ? undefined : rest === '' ? value : getPath(value, rest);
    },
    fieldsAt: (p) => {
      const shape = shapeAt(defaults as Record<string, unknown>, p);
      return isObject(shape) ? Object.keys(shape) : undefined;
    },
    rename: (p) => {
      const rest = inside(p);
      return rest === undefined ? p : rest === '' ? 'root' : `root.${rest}`;
    },
  });
  if (errors.length === 1) return hoconMessage({ ...errors[0], matched_type: matched });
  return hoconMessage({ path: 'root', matched_type: matched, errors: errors.map(validationError) });
}
export const notFound = () => new ApiError(404, 'BAD_LISTENER_ID', 'Listener id not found');

/** `tcp:default` → type + name; quic is a type EMQX has and this node refuses plainly. */
export function parseListenerId(id: string): { type: ListenerType; name: string } {
  const m = /^([a-z]+):(.+)$/.exec(id);
  if (!m || !NAME_RE.test(m[2])) throw new ApiError(400, 'BAD_LISTENER_ID', `Invalid listener id ${JSON.stringify(id)}, expected <type>:<name>`);
  return { type: checkType(m[1]), name: m[2] };
}

export function checkType(type: unknown): ListenerType {
  if (type === 'quic') throw badRequest('This node does not serve MQTT over QUIC: use a tcp, ssl, ws or wss listener');
  if (!isOneOf(LISTENER_TYPES, type)) throw badRequest(`Invalid listener type ${JSON.stringify(type)}, expected one of tcp, ssl, ws, wss`);
  return type;
}

export class ListenerManager {
  private readonly policies = new Map<string, { rules: AccessRule[]; rate: RateBucket | null }>();
  private nodeRate: RateBucket | null = null;

  constructor(private readonly deps: ListenerManagerDeps) {
    // EMQX's acceptor refuses sockets by access_rules and max_conn_rate before any MQTT byte is read
    deps.broker.addHooks({ accept: (info) => this.accepts(info) });
    this.refreshNodeLimits();
    // the manager lives as long as the node's config service: no unwatch
    for (const root of ['limiter', 'force_shutdown']) deps.config.watch(root, () => this.refreshNodeLimits());
  }

  private accepts(info: ConnInfo): boolean {
    const policy = this.policies.get(info.listener);
    // behind a PROXY protocol header the rules see the TCP peer (the proxy), as esockd checks them at accept
    if (policy && !accessAllowed(policy.rules, info.socketPeerhost ?? info.peerhost)) return false;
    if (policy?.rate && !policy.rate.take()) return false;
    return !this.nodeRate || this.nodeRate.take();
  }

  /** node-wide: connection rate (here), message/byte rates and force_shutdown (in the broker) */
  private refreshNodeLimits(): void {
    const config = this.deps.config;
    try {
      this.nodeRate = RateBucket.from(config.get('limiter.max_conn_rate'), 'limiter.max_conn_rate');
      this.deps.broker.setLimits(toNodeLimits(config.get('limiter'), config.get('force_shutdown')));
    } catch (err) {
      this.deps.log.error((err as Error).message);
    }
  }

  entries(type?: ListenerType): ListenerEntry[] {
    const out: ListenerEntry[] = [];
    for (const t of type ? [type] : LISTENER_TYPES) {
      const named = this.deps.config.get<Record<string, Raw>>(`listeners.${t}`) ?? {};
      for (const [name, raw] of Object.entries(named)) out.push({ id: `${t}:${name}`, type: t, name, raw });
    }
    return out;
  }

  entry(id: string): ListenerEntry | undefined {
    const { type, name } = parseListenerId(id);
    const raw = this.deps.config.get<Raw | undefined>(`listeners.${type}.${name}`);
    return raw ? { id: `${type}:${name}`, type, name, raw } : undefined;
  }

  status(entry: ListenerEntry): ListenerStatus {
    const running = this.deps.runtime.get(entry.id);
    const max = entry.raw.max_connections;
    return {
      running: !!running?.running,
      current_connections: running?.running ? running.currentConnections : 0,
      max_connections: max === 'infinity' || max === undefined ? 'infinity' : Number(max),
    };
  }

  /** Starts every enabled listener of the config; one that cannot start is logged and left stopped. */
  async startAll(): Promise<void> {
    for (const e of this.entries()) {
      if (e.raw.enable === false) continue;
      try {
        await this.launch(e.type, e.name, e.raw, true);
      } catch (err) {
        this.deps.log.error(`listener ${e.id} failed to start on ${JSON.stringify(e.raw.bind)}: ${(err as Error).message}`);
      }
    }
  }

  async create(type: ListenerType, name: string, body: Raw): Promise<ListenerEntry> {
    if (!NAME_RE.test(name)) throw badRequest(`Invalid listener name ${JSON.stringify(name)}: letters, digits, '_' and '-' only`);
    const id = `${type}:${name}`;
    if (this.entry(id)) throw new ApiError(400, 'BAD_LISTENER_ID', `Listener ${id} already exists`);
    if (body.bind === undefined)
      throw badRequest(listenerRefusal(this.deps.config.defaults, type, true, `listeners.${type}.${name}`, body, [`listeners.${type}.${name}.bind: is required`]));
    // a new listener has no stored passphrase for the mask to stand for (e.g. a form copied from another listener)
    if (body.ssl_options?.password === MASK)
      throw badRequest('ssl_options.password: "******" stands for a stored passphrase, and this new listener has none: enter the keyfile passphrase');
    const defaults = this.deps.config.defaults as { listeners: Record<string, Raw> };
    return this.apply(type, name, deepMerge(defaults.listeners[type].default, body) as Raw, undefined);
  }

  async update(id: string, body: Raw): Promise<ListenerEntry> {
    const current = this.entry(id);
    if (!current) throw notFound();
    return this.apply(current.type, current.name, deepMerge(current.raw, restoreSecrets(body, current.raw)) as Raw, current.raw);
  }

  async setEnabled(id: string, enable: boolean, restart = false): Promise<void> {
    const current = this.entry(id);
    if (!current) throw notFound();
    if (restart) await this.halt(id);
    await this.apply(current.type, current.name, { ...current.raw, enable }, restart ? { ...current.raw, enable: false } : current.raw);
  }

  async remove(id: string): Promise<void> {
    const current = this.entry(id);
    if (!current) throw notFound();
    await this.halt(current.id);
    this.policies.delete(current.id);
    await this.deps.config.remove(`listeners.${current.type}.${current.name}`);
  }

  async closeAll(): Promise<void> {
    for (const id of [...this.deps.runtime.keys()]) await this.halt(id);
  }

  /** Validate, apply live (with rollback), then persist. */
  private async apply(type: ListenerType, name: string, candidate: Raw, previous: Raw | undefined): Promise<ListenerEntry> {
    const id = `${type}:${name}`;
    const path = `listeners.${type}.${name}`;
    for (const key of ['id', 'type', 'name', 'running', 'current_connections', 'max_conn', 'number', 'status', 'node_status']) delete candidate[key];
    const next = storePems(this.deps.dataDir, id, candidate);
    const errors = validateValue(this.deps.config.defaults, path, next);
    if (errors.length) throw badRequest(listenerRefusal(this.deps.config.defaults, type, previous === undefined, path, next, errors));
    // emqx_config_zones:assert_zone_exists: `default` always exists, any other zone must be configured under `zones`
    const zones = ['default', ...Object.keys(this.deps.config.get<Record<string, unknown> | undefined>('zones') ?? {})];
    if (typeof next.zone === 'string' && !zones.includes(next.zone)) {
      throw badRequest(`unknown_zone: zone '${next.zone}' does not exist (zones: ${zones.join(', ')})`);
    }
    const policy = this.policyFor(id, next); // validates access_rules and rates
    const running = this.deps.runtime.get(id);

    if (running?.running && previous && next.enable !== false && onlyHotChanges(previous, next)) {
      const c = toListenerConfig(type, name, next);
      running.update({
        maxConnections: c.maxConnections,
        mountpoint: c.mountpoint,
        zone: c.zone,
        enableAuthn: c.enableAuthn,
        messagesRate: c.messagesRate ?? null,
        bytesRate: c.bytesRate ?? null,
      });
      this.policies.set(id, policy);
    } else if (next.enable === false) {
      await this.halt(id);
    } else if (running?.running && sameBind(previous?.bind, next.bind)) {
      // same address: the old socket must be closed before the new one can bind
      await this.halt(id);
      try {
        await this.launch(type, name, next);
      } catch (err) {
        if (previous) await this.launch(type, name, previous).catch((e: Error) => this.deps.log.error(`listener ${id} could not be restored: ${e.message}`));
        throw badRequest((err as Error).message);
      }
    } else {
      // a new address: bind it first, so a conflict leaves the running listener and its clients untouched
      const started = await this.open(type, name, next).catch((err: Error) => {
        throw badRequest(err.message);
      });
      await this.halt(id);
      this.register(id, started, next);
    }
    await this.deps.config.update(path, next);
    return { id, type, name, raw: this.deps.config.get<Raw>(path) };
  }

  private policyFor(id: string, raw: Raw): { rules: AccessRule[]; rate: RateBucket | null } {
    try {
      // the flow-control rates are checked here too, so a bad one is a 400 before anything changes
      toRateLimit(raw.messages_rate, `${id} messages_rate`);
      toRateLimit(raw.bytes_rate, `${id} bytes_rate`);
      toRateLimit(raw.max_conn_rate, `${id} max_conn_rate`); // a zero rate too: it would refuse every connection
      return { rules: parseAccessRules(raw.access_rules ?? ['allow all']), rate: RateBucket.from(raw.max_conn_rate, `${id} max_conn_rate`) };
    } catch (err) {
      throw badRequest((err as Error).message);
    }
  }

  /** `keepStopped`: at boot a listener that cannot bind stays listed (running=false) so its status shows it. */
  private async launch(type: ListenerType, name: string, raw: Raw, keepStopped = false): Promise<void> {
    this.register(`${type}:${name}`, await this.open(type, name, raw, keepStopped ? (l) => this.register(l.config.id, l, raw) : undefined), raw);
  }

  /** Binds a new broker listener (not yet registered as the running one). */
  private async open(type: ListenerType, name: string, raw: Raw, onFailure?: (l: Listener) => void): Promise<Listener> {
    const tls = type === 'ssl' || type === 'wss' ? await resolveTls(raw, this.deps.nodeTls) : undefined;
    const config = toListenerConfig(type, name, raw, tls);
    const listener = this.deps.broker.createListener(config);
    await listener.start().catch((err: unknown) => {
      onFailure?.(listener);
      throw err;
    });
    this.deps.log.info(`listener ${config.id} started on ${config.bind.host}:${listener.port}`);
    return listener;
  }

  private register(id: string, listener: Listener, raw: Raw): void {
    this.policies.set(id, this.policyFor(id, raw));
    this.deps.runtime.set(id, listener);
  }

  /** Stops a running listener: its port closes and all its connections are closed. */
  private async halt(id: string): Promise<void> {
    const running = this.deps.runtime.get(id);
    if (!running) return;
    this.deps.runtime.delete(id);
    await running.stop().catch((err: Error) => this.deps.log.error(`listener ${id} stop failed: ${err.message}`));
  }
}

/** Same port (0.0.0.0:X and 127.0.0.1:X collide too); port 0 = a fresh ephemeral port each time, never the same. */
function sameBind(a: unknown, b: unknown): boolean {
  const x = parseBind(a);
  const y = parseBind(b);
  return !!x && !!y && x.port !== 0 && x.port === y.port;
}

function onlyHotChanges(previous: Raw, next: Raw): boolean {
  const strip = (raw: Raw) =>
    JSON.stringify(
      Object.fromEntries(
        Object.entries(raw)
          .filter(([k]) => !HOT_KEYS.includes(k))
          .sort(([a], [b]) => a.localeCompare(b)),
      ),
    );
  return strip(previous) === strip(next);
}

declare module 'fastify' {
  interface FastifyInstance {
    listenerManager: ListenerManager;
  }
}
