// Custom zones (EMQX `zones.<name>`): a listener's `zone` gives the connections it accepts that zone's `mqtt`
// settings: the zone's own values where it sets them, the global values (the `mqtt` root) everywhere else, as
// emqx_config:get_zone_conf reads them. A zone is a BrokerCore whose only own property is `settings`: everything
// else (router, sessions, hooks, counters) is the broker's, reached through the prototype. A connection is given
// its zone's core once, when it is accepted, so every `conn.core.settings.x` read in the packet handlers stays one
// property load; a session keeps the core of the connection that created it.
import type { BrokerCore } from '../core';
import type { ForceShutdown, MqttSettings, ZoneSettings } from '../types';
import type { Session } from '../session/session';

interface Zone {
  readonly core: BrokerCore;
  /** the values the zone sets itself; every other key follows the global settings */
  overrides: Partial<MqttSettings>;
}

export class Zones {
  private readonly byName = new Map<string, Zone>();

  constructor(private readonly base: BrokerCore) {}

  /** the core for a connection accepted on a listener of `zone`: the base core when no zone of that name was set */
  coreFor(zone: string | undefined): BrokerCore {
    return zone === undefined ? this.base : (this.byName.get(zone)?.core ?? this.base);
  }

  /** the effective settings of `zone` (the global ones when it has none of its own) */
  settingsOf(zone: string): MqttSettings {
    return this.coreFor(zone).settings;
  }

  /**
   * Replaces the zones' own values. A zone left out keeps its core (connections already on it keep working) but
   * drops its own values, so it follows the global settings from now on.
   */
  set(zones: Record<string, ZoneSettings>, sessions: Iterable<Session>): void {
    for (const [name, zone] of this.byName) {
      if (name in zones) continue;
      zone.overrides = {};
      ownForceShutdown(zone.core, undefined);
    }
    for (const [name, { mqtt, forceShutdown }] of Object.entries(zones)) {
      let zone = this.byName.get(name);
      if (!zone) {
        const settings = { ...this.base.settings, ...mqtt };
        zone = { core: Object.create(this.base, { settings: { value: settings, enumerable: true } }) as BrokerCore, overrides: {} };
        this.byName.set(name, zone);
      }
      zone.overrides = { ...mqtt };
      ownForceShutdown(zone.core, forceShutdown);
    }
    this.resync(sessions);
  }

  /**
   * After a change of the global settings or of a zone: each zone's settings object is updated in place (its
   * connections read it at each use), and each session's queue takes its own zone's mqueue settings.
   */
  resync(sessions: Iterable<Session>): void {
    for (const { core, overrides } of this.byName.values()) Object.assign(core.settings, this.base.settings, overrides);
    for (const session of sessions) {
      const s = session.core.settings;
      session.configureQueue(s.maxMqueueLen, s.mqueuePriorities, s.mqueueDefaultPriority);
    }
  }

  /** the broker's sweep period (retries, await_rel timeouts): short enough for the shortest of every zone */
  sweepPeriod(): number {
    let period = 1000;
    for (const s of [this.base.settings, ...[...this.byName.values()].map((z) => z.core.settings)]) {
      period = Math.min(period, (s.retryInterval ?? 2000) / 2, s.awaitRelTimeout / 2);
    }
    return Math.max(50, period);
  }
}

/** a zone's own force_shutdown shadows the node's (BrokerImpl.forceShutdown, read by checkMailbox and the sweep) */
function ownForceShutdown(core: BrokerCore, value: ForceShutdown | null | undefined): void {
  if (value === undefined) delete (core as { forceShutdown?: unknown }).forceShutdown;
  else Object.defineProperty(core, 'forceShutdown', { value, writable: true, configurable: true, enumerable: true });
}
