// The per-client authorization cache (EMQX authorization.cache): up to max_size entries per client,
// each valid for ttl; topics matching an `excludes` filter are never cached. Cleared on any change
// of sources, rules or settings so an edit applies at once.
import { topicMatches } from '../../shared/topic';

/** EMQX 5.8 shows `access` as an object (API.md §3.4), not the string its schema claims */
export type CacheAccess = { action_type: string; qos: number; retain?: boolean };

type Entry = { key: string; variant: number; result: 'allow' | 'deny'; at: number; topic: string; access: CacheAccess };

/**
 * One client's entries: `byKey` in insertion order (the first key is the oldest, evicted first), and the same entries
 * by topic and variant, so that a lookup (every PUBLISH) builds no key string.
 */
interface ClientEntries {
  byKey: Map<string, Entry>;
  byTopic: Map<string, (Entry | undefined)[]>;
}

type Action = 'publish' | 'subscribe';
/** action × QoS × retain, 12 variants of one topic */
const variantOf = (action: Action, qos: number, retain: boolean) => (action === 'publish' ? 0 : 6) + qos * 2 + (retain ? 1 : 0);

export class AuthzCache {
  private perClient = new Map<string, ClientEntries>();
  private enable = true;
  private maxSize = 32;
  private ttlMs = 60_000;
  private excludes: string[] = [];

  configure(o: { enable: boolean; maxSize: number; ttlMs: number; excludes: string[] }): void {
    this.enable = o.enable;
    this.maxSize = o.maxSize;
    this.ttlMs = o.ttlMs;
    this.excludes = o.excludes;
  }

  /** emqx_authz_cache:is_enabled/1: a disabled cache or an excluded topic skips the cache entirely (no hit, no miss counted) */
  usable(topic: string): boolean {
    if (!this.enable) return false;
    for (let i = 0; i < this.excludes.length; i++) if (topicMatches(this.excludes[i], topic)) return false;
    return true;
  }

  get(clientid: string, action: Action, topic: string, qos: number, retain: boolean, now = Date.now()): 'allow' | 'deny' | undefined {
    if (!this.enable) return undefined;
    const entries = this.perClient.get(clientid);
    if (entries === undefined) return undefined;
    const hit = entries.byTopic.get(topic)?.[variantOf(action, qos, retain)];
    if (hit === undefined) return undefined;
    if (now - hit.at > this.ttlMs) {
      remove(entries, hit);
      return undefined;
    }
    return hit.result;
  }

  put(clientid: string, action: Action, topic: string, qos: number, retain: boolean, result: 'allow' | 'deny', now = Date.now()): void {
    if (!this.usable(topic)) return;
    let entries = this.perClient.get(clientid);
    if (!entries) this.perClient.set(clientid, (entries = { byKey: new Map(), byTopic: new Map() }));
    const variant = variantOf(action, qos, retain);
    const old = entries.byTopic.get(topic)?.[variant];
    if (old !== undefined) remove(entries, old);
    const key = `${variant}|${topic}`;
    const entry: Entry = { key, variant, result, at: now, topic, access: action === 'publish' ? { action_type: action, qos, retain } : { action_type: action, qos } };
    entries.byKey.set(key, entry);
    let slots = entries.byTopic.get(topic);
    if (slots === undefined) entries.byTopic.set(topic, (slots = []));
    slots[variant] = entry;
    // Map keeps insertion order: the first entry is the oldest
    while (entries.byKey.size > this.maxSize) remove(entries, entries.byKey.values().next().value as Entry);
  }

  /** the cache of one client as GET /clients/{clientid}/authorization/cache shows it (live entries only) */
  of(clientid: string, now = Date.now()): { topic: string; access: CacheAccess; result: 'allow' | 'deny'; updated_time: number }[] {
    return [...(this.perClient.get(clientid)?.byKey.values() ?? [])]
      .filter((e) => now - e.at <= this.ttlMs)
      .map((e) => ({ topic: e.topic, access: e.access, result: e.result, updated_time: e.at }));
  }

  clear(clientid?: string): void {
    if (clientid === undefined) this.perClient.clear();
    else this.perClient.delete(clientid);
  }
}

function remove(entries: ClientEntries, e: Entry): void {
  entries.byKey.delete(e.key);
  const slots = entries.byTopic.get(e.topic);
  if (slots === undefined || slots[e.variant] !== e) return;
  slots[e.variant] = undefined;
  if (slots.every((x) => x === undefined)) entries.byTopic.delete(e.topic);
}
