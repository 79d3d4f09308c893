// The plugins' files in the data dir (EMQX keeps them under data/plugins too):
//   <dataDir>/plugins/NAME-VSN.tar.gz      the package as uploaded (its sha256 is shown)
//   <dataDir>/plugins/NAME-VSN/            the package unpacked (only checked files and folders, see archive.ts)
//   <dataDir>/plugins/configs/NAME-VSN.json the plugin's config once set (else the package's config.json)
//   <dataDir>/plugins/state.json           the boot order and whether each plugin runs: [{name_vsn, enable}]
//   <dataDir>/plugins/allowed/NAME-VSN.json an install grant written by `mqdeck ctl plugins allow` (plugins.ctl.ts)
// A NAME-VSN always holds a dash, so it never names the `configs` or `allowed` folders.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { ApiError } from '../../errors';

/** EMQX's plugin NAME-VSN pattern (emqx_mgmt_api_plugins ?NAME_RE): an application name, a dash, a version */
export const NAME_VSN_RE = /^[A-Za-z]+\w*-[\w.-]*$/;

export const NAME_RULE =
  'Name should be an application name (starting with a letter, containing letters, digits and underscores) followed with a dash and a version string (can contain letters, digits, dots, and dashes), e.g. emqx_plugin_template-5.0-rc.1';

/** why a NAME-VSN is refused, or undefined */
export function badNameVsn(nameVsn: string): string | undefined {
  if (nameVsn.length === 0 || nameVsn.length > 256) return 'Name Length must =< 256';
  if (!NAME_VSN_RE.test(nameVsn)) return NAME_RULE;
  return undefined;
}

/** an install grant lasts this long, as EMQX's allow_installation (5 minutes) */
export const ALLOW_TTL_MS = 5 * 60 * 1000;

export interface StateEntry {
  name_vsn: string;
  enable: boolean;
}

export interface AllowGrant {
  name_vsn: string;
  expires_at: number;
  sha256?: string;
}

export const pluginsDir = (dataDir: string) => join(dataDir, 'plugins');

function writeAtomic(file: string, text: string | Buffer): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600 });
  renameSync(tmp, file);
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export class PluginsStore {
  readonly root: string;
  constructor(dataDir: string) {
    this.root = pluginsDir(dataDir);
  }

  dir(nameVsn: string): string {
    return join(this.root, nameVsn);
  }
  tarball(nameVsn: string): string {
    return join(this.root, `${nameVsn}.tar.gz`);
  }
  private configFile(nameVsn: string): string {
    return join(this.root, 'configs', `${nameVsn}.json`);
  }

  readState(): StateEntry[] {
    const file = join(this.root, 'state.json');
    if (!existsSync(file)) return [];
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (!Array.isArray(parsed)) return [];
      return parsed.filter(
        (e): e is StateEntry => typeof e === 'object' && e !== null && typeof e.name_vsn === 'string' && !badNameVsn(e.name_vsn) && typeof e.enable === 'boolean',
      );
    } catch {
      return [];
    }
  }
  writeState(state: StateEntry[]): void {
    writeAtomic(join(this.root, 'state.json'), JSON.stringify(state, null, 2));
  }

  readConfig(nameVsn: string): unknown {
    const file = this.configFile(nameVsn);
    if (!existsSync(file)) return undefined;
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  }
  writeConfig(nameVsn: string, config: unknown): void {
    writeAtomic(this.configFile(nameVsn), JSON.stringify(config, null, 2));
  }

  /**
   * Writes the checked files of a package into a fresh folder and renames it into place, with the package beside
   * it. Each path is resolved and must stay inside the folder (the archive reader already refused any that would not).
   */
  writePackage(nameVsn: string, data: Buffer, files: Map<string, Buffer>): void {
    mkdirSync(this.root, { recursive: true });
    const staging = join(this.root, `.staging-${randomBytes(6).toString('hex')}`);
    mkdirSync(staging, { mode: 0o755 });
    try {
      for (const [name, content] of files) {
        const target = resolve(staging, name);
        if (!target.startsWith(staging + sep)) throw new Error(`entry ${name} leaves the package folder`);
        mkdirSync(dirname(target), { recursive: true, mode: 0o755 });
        // 'wx': a fresh file, never one a link points at
        writeFileSync(target, content, { flag: 'wx', mode: 0o644 });
      }
      rmSync(this.dir(nameVsn), { recursive: true, force: true });
      renameSync(staging, this.dir(nameVsn));
      writeAtomic(this.tarball(nameVsn), data);
    } catch (err) {
      rmSync(staging, { recursive: true, force: true });
      throw err;
    }
  }

  removePackage(nameVsn: string): void {
    rmSync(this.dir(nameVsn), { recursive: true, force: true });
    rmSync(this.tarball(nameVsn), { force: true });
    rmSync(this.configFile(nameVsn), { force: true });
  }

  // ---- install grants (the CLI writes them, an install consumes them)
  private grantFile(nameVsn: string): string {
    return join(this.root, 'allowed', `${nameVsn}.json`);
  }
  allow(nameVsn: string, sha?: string, now = Date.now()): AllowGrant {
    const grant: AllowGrant = { name_vsn: nameVsn, expires_at: now + ALLOW_TTL_MS, ...(sha ? { sha256: sha } : {}) };
    writeAtomic(this.grantFile(nameVsn), JSON.stringify(grant));
    return grant;
  }
  disallow(nameVsn: string): void {
    rmSync(this.grantFile(nameVsn), { force: true });
  }
  /** 'ok', or why the package may not be installed */
  checkGrant(nameVsn: string, data: Buffer, now = Date.now()): 'ok' | 'not_allowed' | 'sha256_mismatch' {
    const file = this.grantFile(nameVsn);
    if (!existsSync(file)) return 'not_allowed';
    let grant: AllowGrant;
    try {
      grant = JSON.parse(readFileSync(file, 'utf8')) as AllowGrant;
    } catch {
      return 'not_allowed';
    }
    if (typeof grant.expires_at !== 'number' || grant.expires_at <= now) {
      this.disallow(nameVsn);
      return 'not_allowed';
    }
    if (grant.sha256 && grant.sha256.toLowerCase() !== sha256(data)) return 'sha256_mismatch';
    return 'ok';
  }
}

/** the boot order with `nameVsn` moved to `position` (front, rear, before:NAME-VSN, after:NAME-VSN), as EMQX refuses */
export function movedState(state: StateEntry[], nameVsn: string, position: unknown, installed: (nameVsn: string) => boolean): StateEntry[] {
  const bad = (message: string) => new ApiError(400, 'BAD_POSITION', message);
  let index: (list: StateEntry[]) => number;
  if (position === 'front') index = () => 0;
  else if (position === 'rear') index = (list) => list.length;
  else if (typeof position === 'string' && /^(before|after):/.test(position)) {
    const [where, ...rest] = position.split(':');
    const target = rest.join(':');
    if (target === nameVsn) throw bad(`Invalid parameter. Cannot be placed ${where} itself`);
    if (!target) throw bad(`Invalid parameter. Cannot be placed ${where} an empty target`);
    if (!installed(target)) throw new ApiError(400, 'MOVE_FAILED', `Plugin ${target} is not installed`);
    index = (list) => list.findIndex((e) => e.name_vsn === target) + (where === 'after' ? 1 : 0);
  } else {
    throw bad(`Invalid position ${JSON.stringify(position ?? null)}: use front, rear, before:NAME-VSN or after:NAME-VSN`);
  }
  const entry = state.find((e) => e.name_vsn === nameVsn)!;
  const rest = state.filter((e) => e !== entry);
  rest.splice(index(rest), 0, entry);
  return rest;
}
