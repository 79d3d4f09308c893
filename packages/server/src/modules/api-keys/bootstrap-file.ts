// `api_key.bootstrap_file` (EMQX's emqx_mgmt_auth:init_bootstrap_file): a text file of `key:secret[:role]` lines
// loaded at start and whenever the setting changes. Blank lines are skipped; the first bad line (no `key:secret`,
// or a role that does not exist) stops the load, the lines before it stay loaded. An empty path or a file that
// cannot be read changes nothing.
import { readFileSync } from 'node:fs';
import { isOneOf } from '../../shared/guards';
import { API_KEY_ROLES, type ApiKeysService } from './api-keys.service';

export type BootstrapResult = { ok: true; loaded: number } | { ok: false; loaded: number; line?: number; reason: string };

/** EMQX's ungreedy `(.+):(.+)(?::(.+))?$`: the key ends at the first colon, the role is what follows a second one */
const LINE = /^(.+?):(.+?)(?::(.+?))??$/;

export function loadBootstrapFile(keys: ApiKeysService, file: string): BootstrapResult {
  if (file === '') return { ok: true, loaded: 0 };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, loaded: 0, reason: (err as NodeJS.ErrnoException).code ?? String(err) };
  }
  let loaded = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    const m = LINE.exec(line);
    if (!m) return { ok: false, loaded, line: i + 1, reason: 'invalid_format' };
    const role = m[3] ?? 'administrator';
    if (!isOneOf(API_KEY_ROLES, role)) return { ok: false, loaded, line: i + 1, reason: `invalid_role ${role}` };
    keys.forceBootstrap(m[1], m[2], role);
    loaded++;
  }
  return { ok: true, loaded };
}
