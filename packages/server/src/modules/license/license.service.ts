// What /license says about this node. MQDeck has no license key and no expiry, so the answer states what is
// true rather than a key's claims:
// - type "community", customer "MQDeck", deployment = the node name, email "" (no licensee), customer_type 10
//   (EMQX's "evaluation/community" customer class number, so EMQX's console shows no business dialog);
// - max_connections = the node's real connection limit: the sum of the enabled listeners' max_connections, or
//   "infinity" when any enabled listener has none;
// - start_at = the day this node started (YYYY-MM-DD); expiry false and expiry_at "infinity": nothing expires;
// - edition "ee": the node answers the EE API (as the login reply says).
// The watermarks are the `license` config root, validated as EMQX does (percentages, low below high).
import type { FastifyInstance } from 'fastify';
import type { LicenseInfo } from '@mqdeck/api';
import { parsePercent } from '../../config/units';

export interface LicenseSetting {
  connection_low_watermark: string;
  connection_high_watermark: string;
}

/** The sum of enabled listeners' max_connections; "infinity" when any enabled listener is unlimited. */
export function maxConnections(listeners: Record<string, Record<string, { enable?: boolean; max_connections?: unknown }>>): number | 'infinity' {
  let total = 0;
  for (const byName of Object.values(listeners ?? {})) {
    for (const listener of Object.values(byName ?? {})) {
      if (!listener || listener.enable === false) continue;
      const max = listener.max_connections;
      if (typeof max !== 'number') return 'infinity';
      total += max;
    }
  }
  return total;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function licenseInfo(app: FastifyInstance): LicenseInfo {
  return {
    customer: 'MQDeck',
    customer_type: 10,
    deployment: app.nodeName,
    email: '',
    type: 'community',
    max_connections: maxConnections(app.config.get('listeners')),
    start_at: day(app.startedAt),
    expiry_at: 'infinity',
    expiry: false,
    edition: 'ee',
  };
}

export function licenseSetting(app: FastifyInstance): LicenseSetting {
  const { connection_low_watermark, connection_high_watermark } = app.config.get<LicenseSetting & { key: string }>('license');
  return { connection_low_watermark, connection_high_watermark };
}

/** The merged setting when valid (both percentages, low strictly below high), else undefined. */
export function checkSetting(current: LicenseSetting, body: unknown): LicenseSetting | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const input = body as Record<string, unknown>;
  for (const key of Object.keys(input)) if (key !== 'connection_low_watermark' && key !== 'connection_high_watermark') return undefined;
  const next = { ...current, ...input } as Record<keyof LicenseSetting, unknown>;
  const low = parsePercent(next.connection_low_watermark);
  const high = parsePercent(next.connection_high_watermark);
  if (low === undefined || high === undefined || low < 0 || high > 1 || low >= high) return undefined;
  return { connection_low_watermark: String(next.connection_low_watermark), connection_high_watermark: String(next.connection_high_watermark) };
}
