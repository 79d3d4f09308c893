// Flapping detection (EMQX `flapping_detect`): every disconnect of a client id is counted; when a
// client id reaches max_count disconnects within window_time it is banned for ban_time, by
// 'flapping detector' with reason 'flapping is detected', exactly as emqx_flapping does. The policy is the client's
// zone's (emqx_flapping:get_policy, get_zone_conf): its listener's `zones.<zone>.flapping_detect` over the global root.
import type { Broker, ClientInfo } from '@mqdeck/broker';
import type { ConfigService } from '../../config/config.service';
import { parseDuration } from '../../config/units';
import { zoneValue } from '../../config/zones';
import type { BannedService } from '../banned-clients/banned-clients.service';

export interface FlappingPolicy {
  enable: boolean;
  windowMs: number;
  maxCount: number;
  banMs: number;
}

export const FLAPPING_BY = 'flapping detector';
export const FLAPPING_REASON = 'flapping is detected';

export function flappingPolicy(raw: Record<string, unknown>): FlappingPolicy {
  return {
    enable: raw.enable === true,
    windowMs: parseDuration(raw.window_time) ?? 60_000,
    maxCount: typeof raw.max_count === 'number' ? raw.max_count : 15,
    banMs: parseDuration(raw.ban_time) ?? 300_000,
  };
}

export class FlappingDetector {
  /** client id → first disconnect of the current window and the count since */
  private readonly records = new Map<string, { startedAt: number; count: number }>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly onDisconnect = (client: ClientInfo) => this.detect(client.clientid, Date.now(), this.zoneOf(client.listener));
  /** zone → its policy, read once per config change instead of at every disconnect (config.get copies) */
  private readonly policies = new Map<string, FlappingPolicy>();
  /** listener id → its zone, likewise */
  private listenerZones: Map<string, string> | null = null;
  private readonly unwatch: () => void;

  constructor(
    private readonly broker: Broker,
    private readonly config: ConfigService,
    private readonly banned: BannedService,
  ) {
    broker.events.on('client.disconnected', this.onDisconnect);
    const stops = ['flapping_detect', 'zones', 'listeners'].map((root) =>
      config.watch(root, () => {
        this.policies.clear();
        this.listenerZones = null;
      }),
    );
    this.unwatch = () => {
      for (const stop of stops) stop();
    };
    // records older than the window can never trigger: drop them so memory stays bounded
    this.sweeper = setInterval(() => this.sweep(), 10_000);
    this.sweeper.unref();
  }

  /** the zone's policy: the global flapping_detect with the zone's own keys on top */
  policy(zone = 'default'): FlappingPolicy {
    let p = this.policies.get(zone);
    if (!p) {
      const own = this.config.get<unknown>(`zones.${zone}.flapping_detect`);
      p = flappingPolicy(zoneValue(this.config.get<Record<string, unknown>>('flapping_detect'), own));
      this.policies.set(zone, p);
    }
    return p;
  }

  private zoneOf(listener: string): string {
    if (!this.listenerZones) {
      this.listenerZones = new Map();
      const all = this.config.get<Record<string, Record<string, { zone?: unknown }>>>('listeners') ?? {};
      for (const [type, byName] of Object.entries(all)) {
        for (const [name, l] of Object.entries(byName ?? {})) if (typeof l?.zone === 'string') this.listenerZones.set(`${type}:${name}`, l.zone);
      }
    }
    return this.listenerZones.get(listener) ?? 'default';
  }

  /** Returns true when this disconnect got the client id banned. */
  detect(clientid: string, now = Date.now(), zone = 'default'): boolean {
    const p = this.policy(zone);
    if (!p.enable || p.maxCount <= 0) return false;
    let rec = this.records.get(clientid);
    if (!rec || now - rec.startedAt > p.windowMs) {
      rec = { startedAt: now, count: 0 };
      this.records.set(clientid, rec);
    }
    rec.count++;
    if (rec.count < p.maxCount) return false;
    this.records.delete(clientid);
    if (this.banned.get('clientid', clientid)) return false;
    this.banned.create({ as: 'clientid', who: clientid, by: FLAPPING_BY, reason: FLAPPING_REASON, at: now, until: now + p.banMs });
    return true;
  }

  close(): void {
    clearInterval(this.sweeper);
    this.broker.events.off('client.disconnected', this.onDisconnect);
    this.unwatch();
  }

  private sweep(now = Date.now()): void {
    // the longest window of any zone seen: a record is dropped only when no policy can count it any more
    let windowMs = this.policy().windowMs;
    for (const p of this.policies.values()) windowMs = Math.max(windowMs, p.windowMs);
    for (const [id, rec] of this.records) if (now - rec.startedAt > windowMs) this.records.delete(id);
  }
}
