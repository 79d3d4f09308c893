// The OpenTelemetry settings: GET answers the `opentelemetry` root with secrets masked (EMQX's
// obfuscate_sensitive_values), PUT checks the body (opentelemetry.config.ts), puts stored secrets back where the
// body carries the mask, writes PEM text given in ssl_options.{cacertfile,certfile,keyfile} to files under the
// data dir (the option then holds the path, as EMQX does) and stores the root; the module follows the root.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { maskSecrets, restoreSecrets } from '../configs/secrets';
import { parseSettings, type OtelSettings } from './opentelemetry.config';

const PEM_KEYS = ['cacertfile', 'certfile', 'keyfile'] as const;
const isPem = (v: unknown): v is string => typeof v === 'string' && v.trimStart().startsWith('-----BEGIN');

/** per node (keyed by its ConfigService, shared by every plugin context): the exporter's pending rebuild */
const applying = new WeakMap<object, () => Promise<void>>();
export function onApplied(app: FastifyInstance, pending: () => Promise<void>): void {
  applying.set(app.config, pending);
}

export function settings(app: FastifyInstance): OtelSettings {
  return app.config.get<OtelSettings>('opentelemetry');
}

export function maskedSettings(app: FastifyInstance): OtelSettings {
  return maskSecrets(settings(app), 'opentelemetry') as OtelSettings;
}

function storePems(app: FastifyInstance, s: OtelSettings): void {
  const ssl = s.exporter.ssl_options;
  for (const key of PEM_KEYS) {
    if (!isPem(ssl[key])) continue;
    const dir = join(dirname(app.db.name), 'certs', 'opentelemetry');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${key.replace('file', '')}.pem`);
    writeFileSync(file, ssl[key], { mode: key === 'keyfile' ? 0o600 : 0o644 });
    ssl[key] = file;
  }
}

export async function updateSettings(app: FastifyInstance, body: unknown): Promise<OtelSettings> {
  const given = restoreSecrets(body, settings(app));
  const next = parseSettings(given, app.config.defaults.opentelemetry as OtelSettings);
  storePems(app, next);
  await app.config.update('opentelemetry', next);
  // answer once the exporter follows the new settings (started, rebuilt or stopped)
  await applying.get(app.config)?.();
  return maskedSettings(app);
}
