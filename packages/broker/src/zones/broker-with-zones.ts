// The broker's custom zones facade (setZones, zoneSettings), kept apart so that broker.ts stays about MQTT
// clients; the zones themselves are zones.ts, used by BrokerImpl.handle.
import { BrokerImpl } from '../broker';
import type { MqttSettings, ZoneSettings } from '../types';

export class BrokerWithZones extends BrokerImpl {
  setZones(zones: Record<string, ZoneSettings>): void {
    this.zones.set(zones, this.sessions.values());
    this.armTick();
  }

  zoneSettings(zone: string): MqttSettings {
    return { ...this.zones.settingsOf(zone) };
  }
}
