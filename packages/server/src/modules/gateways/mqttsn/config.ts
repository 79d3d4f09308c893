/** The MQTT-SN gateway's settings, by EMQX's field names and defaults (emqx_mqttsn_schema, emqx_gateway_schema). */

export const SN_MAX_PREDEF_TOPIC_ID = 1024;

export interface MqttsnPredefined {
  id: number;
  topic: string;
}

export interface MqttsnConfig {
  gateway_id: number;
  broadcast: boolean;
  enable_qos3: boolean;
  subs_resume: boolean;
  predefined: MqttsnPredefined[];
  mountpoint: string;
  enable_stats?: boolean;
  idle_timeout?: string;
  clientinfo_override?: { username?: string; password?: string; clientid?: string };
}

export function mqttsnDefaults(): MqttsnConfig {
  return { gateway_id: 1, broadcast: false, enable_qos3: true, subs_resume: false, predefined: [], mountpoint: '', enable_stats: true, idle_timeout: '30s' };
}

/** A sentence naming the first bad field, or undefined when the settings are usable. */
export function validateMqttsn(raw: Partial<MqttsnConfig> & Record<string, unknown>): string | undefined {
  const c = raw;
  if (c.gateway_id !== undefined && (!Number.isInteger(c.gateway_id) || c.gateway_id < 0 || c.gateway_id > 255)) {
    return 'gateway_id must be a whole number from 0 to 255 (it is one octet in ADVERTISE and GWINFO)';
  }
  for (const key of ['broadcast', 'enable_qos3', 'subs_resume'] as const) {
    if (c[key] !== undefined && typeof c[key] !== 'boolean') return `${key} must be true or false`;
  }
  if (c.mountpoint !== undefined && typeof c.mountpoint !== 'string') return 'mountpoint must be a string';
  if (c.predefined !== undefined) {
    if (!Array.isArray(c.predefined)) return 'predefined must be a list of {id, topic}';
    const ids = new Set<number>();
    for (const p of c.predefined as unknown[]) {
      const e = p as Partial<MqttsnPredefined> | null;
      if (!e || typeof e !== 'object') return 'predefined must be a list of {id, topic}';
      if (!Number.isInteger(e.id) || (e.id as number) < 1 || (e.id as number) > SN_MAX_PREDEF_TOPIC_ID) {
        return `predefined topic id must be from 1 to ${SN_MAX_PREDEF_TOPIC_ID}, got ${String(e.id)}`;
      }
      if (typeof e.topic !== 'string' || e.topic === '') return `predefined topic ${String(e.id)} needs a topic name`;
      if (ids.has(e.id as number)) return `predefined topic id ${String(e.id)} is given twice`;
      ids.add(e.id as number);
    }
  }
  return undefined;
}

/** EMQX's duration strings ("30s", "1m", "500ms") to milliseconds; a number is milliseconds. */
export function durationMs(v: string | number | undefined, fallback: number): number {
  if (typeof v === 'number') return v;
  if (!v) return fallback;
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/.exec(v.trim());
  if (!m) return fallback;
  const n = Number(m[1]);
  const unit = m[2] ?? 'ms';
  const mult = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit] ?? 1;
  return n * mult;
}
