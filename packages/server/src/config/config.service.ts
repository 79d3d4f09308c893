// The node's configuration tree with EMQX's key names and raw values.
// Layers, lowest first: defaults < config file < persisted runtime changes (<dataDir>/configs/cluster.json)
// < environment (EMQX_...) < changes made in this process. `update` validates, persists, applies, calls the
// watchers of the changed root (`watch`) and emits 'change' with the updated path.
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { apiError } from '../errors';
import { defaultConfig, type ConfigTree } from './defaults';
import { envOverrides } from './env';
import { MARKED_FOR_DELETION, clone, deepMerge, dropDeleted, getPath, isObject, setPath, unsetPath } from './tree';
import { validateValue } from './validate';

export interface ConfigSources {
  dataDir: string;
  env?: Record<string, string | undefined>;
  configFile?: string;
}

export class ConfigService extends EventEmitter<{ change: [path: string] }> {
  readonly defaults: ConfigTree = defaultConfig();
  /** Problems that did not stop the start (unknown keys in the file or env), for the log. */
  readonly warnings: string[] = [];
  private file: ConfigTree = {};
  private persisted: ConfigTree = {};
  private env: ConfigTree = {};
  private live: ConfigTree = {};
  private effective: ConfigTree = {};
  private readonly persistFile: string;
  private readonly watchers = new Set<{ root: string; fn: (path: string) => void }>();

  constructor(sources: ConfigSources) {
    super();
    this.persistFile = join(sources.dataDir, 'configs', 'cluster.json');
    if (sources.configFile) this.file = this.loadJson(sources.configFile, 'config file');
    if (existsSync(this.persistFile)) this.persisted = this.loadJson(this.persistFile, 'persisted config');
    for (const o of envOverrides(sources.env ?? {}, Object.keys(this.defaults))) {
      const errors = validateValue(this.defaults, o.path, o.value);
      if (errors.some((e) => e.endsWith('unknown config key'))) this.warnings.push(`${o.variable} ignored: ${errors.join('; ')}`);
      else if (errors.length) throw new Error(`Invalid environment override ${o.variable}: ${errors.join('; ')}`);
      else this.env = setPath(this.env, o.path, o.value);
    }
    this.recompute();
  }

  private loadJson(file: string, what: string): ConfigTree {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new Error(`Cannot read ${what} ${file}: ${(err as Error).message}`);
    }
    if (!isObject(parsed)) throw new Error(`Invalid ${what} ${file}: the top level must be a JSON object`);
    const kept: ConfigTree = {};
    for (const [root, value] of Object.entries(parsed)) {
      const errors = validateValue(this.defaults, root, value);
      const unknown = errors.filter((e) => e.endsWith('unknown config key'));
      const bad = errors.filter((e) => !e.endsWith('unknown config key'));
      if (bad.length) throw new Error(`Invalid ${what} ${file}: ${bad.join('; ')}`);
      if (unknown.length) this.warnings.push(`${file}: ignored ${unknown.join('; ')}`);
      if (this.defaults[root] !== undefined) kept[root] = value;
    }
    return kept;
  }

  private recompute(): void {
    let tree: unknown = this.defaults;
    // env above persisted: a deleted entry stays deleted even when an env variable sets one of its keys
    for (const layer of [this.file, this.persisted, this.env, this.live]) tree = deepMerge(tree, layer);
    for (const path of [...deletedPaths(this.persisted), ...deletedPaths(this.live)]) tree = setPath(tree as ConfigTree, path, MARKED_FOR_DELETION);
    this.effective = dropDeleted(tree) as ConfigTree;
  }

  /** The raw value at a dotted path with defaults filled in (a copy: mutate freely). */
  get<T = unknown>(path: string): T {
    return clone(getPath(this.effective, path)) as T;
  }

  /** The whole effective tree (a copy). */
  all(): ConfigTree {
    return clone(this.effective);
  }

  /** Keys set by environment variables (they win over persisted changes at the next start). */
  envPaths(): string[] {
    const out: string[] = [];
    const walk = (node: unknown, prefix: string) => {
      if (isObject(node) && Object.keys(node).length) for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
      else out.push(prefix);
    };
    walk(this.env, '');
    return out;
  }

  /**
   * Calls `fn` with the changed path after each change that touches `root` (inside it, or the root itself).
   * Returns the function that stops watching. Feature modules follow their roots this way.
   */
  watch(root: string, fn: (path: string) => void): () => void {
    const watcher = { root, fn };
    this.watchers.add(watcher);
    return () => void this.watchers.delete(watcher);
  }

  private changed(path: string): void {
    for (const w of [...this.watchers]) if (touches(path, w.root)) w.fn(path);
    this.emit('change', path);
  }

  /**
   * Replace the value at `path`. Objects replace the whole subtree: omitted keys fall back to the
   * lower layers (file, defaults), as EMQX's PUT of a root does. Throws ApiError 400 BAD_REQUEST on a bad value.
   */
  async update(path: string, value: unknown): Promise<void> {
    const errors = validateValue(this.defaults, path, value);
    if (errors.length) throw apiError(400, 'BAD_REQUEST', errors.join('; '));
    this.persist(setPath(this.persisted, path, clone(value)));
    this.live = setPath(this.live, path, clone(value));
    this.recompute();
    this.changed(path);
  }

  /** Drops runtime changes at `path` (persisted and in-process): the file/env/default value applies again. */
  async reset(path: string): Promise<void> {
    this.persist(unsetPath(this.persisted, path));
    this.live = unsetPath(this.live, path);
    this.recompute();
    this.changed(path);
  }

  /** Deletes a named entry (listeners.tcp.x, log.file.x), also when a lower layer defines it. */
  async remove(path: string): Promise<void> {
    this.persist(setPath(this.persisted, path, MARKED_FOR_DELETION));
    this.live = setPath(this.live, path, MARKED_FOR_DELETION);
    this.recompute();
    this.changed(path);
  }

  private persist(persisted: ConfigTree): void {
    mkdirSync(dirname(this.persistFile), { recursive: true });
    const tmp = `${this.persistFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(persisted, null, 2));
    renameSync(tmp, this.persistFile);
    this.persisted = persisted;
  }
}

function deletedPaths(tree: unknown, prefix = ''): string[] {
  if (!isObject(tree)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v === MARKED_FOR_DELETION) out.push(path);
    else out.push(...deletedPaths(v, path));
  }
  return out;
}

/** True when a change at `changed` affects the subtree at `watched` (either is a prefix of the other). */
export function touches(changed: string, watched: string): boolean {
  return changed === watched || changed.startsWith(`${watched}.`) || watched.startsWith(`${changed}.`);
}
