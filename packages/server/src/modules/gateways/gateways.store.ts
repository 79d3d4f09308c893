// The loaded gateways' configs (EMQX's raw `gateway.<name>` trees: fields, listeners by type and name,
// authentication) in one JSON file of the data directory, written atomically at each change and read at start.
// Unloaded gateways have no entry. Users of built-in-database authenticators live in SQLite (authn_users).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type GatewayConfigs = Record<string, Record<string, unknown>>;

export class GatewayStore {
  private readonly file: string;
  constructor(dataDir: string) {
    this.file = join(dataDir, 'gateways', 'gateways.json');
  }

  read(): GatewayConfigs {
    if (!existsSync(this.file)) return {};
    const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${this.file}: the top level must be a JSON object`);
    return parsed as GatewayConfigs;
  }

  write(all: GatewayConfigs): void {
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(all, null, 2), { mode: 0o600 });
    renameSync(tmp, this.file);
  }
}
