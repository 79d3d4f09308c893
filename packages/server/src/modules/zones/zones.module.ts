// Not a route area: keeps the broker's custom zones (broker.setZones) in step with the `zones` root, the global
// force_shutdown and the retainer switch. Each zone hands the broker only the mqtt values it sets itself, parsed; the
// broker fills every other key from the global settings and follows their changes (emqx_config:get_zone_conf). A zone
// that sets force_shutdown keys gets the global force_shutdown with those keys on top; one that sets
// durable_sessions.enable keeps its sessions durable or in memory by it. The routes that change the root are
// configs' (PUT /configs, GET /configs?key=zones, GET /configs/zones); the listeners name a zone by its key.
import type { FastifyInstance } from 'fastify';
import type { ZoneSettings } from '@mqdeck/broker';
import type { ConfigService } from '../../config/config.service';
import { toForceShutdown } from '../../config/limits';
import { toMqttSettings } from '../../config/mqtt-settings';
import { isObject } from '../../config/tree';
import { ownDurable, zoneValue } from '../../config/zones';

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** zone name → the parsed mqtt settings the zone sets itself, and its force_shutdown when it sets one */
export function brokerZones(config: ConfigService): Record<string, ZoneSettings> {
  const global = config.get<Record<string, unknown>>('mqtt');
  const zones = config.get<Record<string, unknown> | undefined>('zones') ?? {};
  // the retainer switched off makes retain unavailable in every zone, as it does globally (retained.config.ts)
  const retainer = config.get<unknown>('retainer.enable') !== false;
  const out: Record<string, ZoneSettings> = {};
  for (const [name, zone] of Object.entries(zones)) {
    const own = isObject(zone) && isObject(zone.mqtt) ? zone.mqtt : {};
    const parsed = toMqttSettings(zoneValue(global, own)) as unknown as Record<string, unknown>;
    const overrides: Record<string, unknown> = {};
    for (const key of Object.keys(own)) {
      const k = camel(key);
      if (k in parsed) overrides[k] = parsed[k];
    }
    if (overrides.retainAvailable === true && !retainer) overrides.retainAvailable = false;
    // the zone's durable_sessions.enable decides for its sessions; unset, the global one does (durable-sessions)
    const durable = ownDurable(zone);
    if (durable !== undefined) overrides.durableSessions = durable;
    out[name] = { mqtt: overrides };
    const shutdown = isObject(zone) ? zone.force_shutdown : undefined;
    if (isObject(shutdown)) out[name].forceShutdown = toForceShutdown(zoneValue(config.get<Record<string, unknown>>('force_shutdown'), shutdown));
  }
  return out;
}

export default async function zonesModule(app: FastifyInstance): Promise<void> {
  const apply = () => app.broker.setZones(brokerZones(app.config));
  apply();
  const stops = ['zones', 'force_shutdown', 'retainer'].map((root) => app.config.watch(root, apply));
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
  });
}
