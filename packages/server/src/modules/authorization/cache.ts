// The per-client authorization cache (EMQX authorization.cache): up to max_size entries per client,
// each valid for ttl; topics matching an `excludes` filter are never cached. Cleared on any change
// of sources, rules or settings so an edit applies at once.
import { topicMatches } from '../../shared/topic';

/** EMQX 5.8 shows `access` as an object (API.md §3.4), not the string its schema claims */
export type CacheAccess = { action_type: string; qos: number; retain?: boolean };

export class AuthzCache {
  private perClient = new Map<string, Map<string, { result: 'allow' | 'deny'; at: number; topic: string; access: CacheAccess }>>();
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
    return this.enable && !this.excludes.some((f) => topicMatches(f, topic));
  }

  private key = (action: string, topic: string, qos: number, retain: boolean) => `${action}|${qos}|${retain ? 1 : 0}|${topic}`;

  get(clientid: string, action: string, topic: string, qos: number, retain: boolean, now = Date.now()): 'allow' | 'deny' | undefined {
    if (!this.enable) return undefined;
    const entries = this.perClient.get(clientid);
    const hit = entries?.get(this.key(action, topic, qos, retain));
    if (!hit) return undefined;
    if (now - hit.at > this.ttlMs) {
      entries!.delete(this.key(action, topic, qos, retain));
      return undefined;
    }
    return hit.result;
  }

  put(clientid: string, action: string, topic: string, qos: number, retain: boolean, result: 'allow' | 'deny', now = Date.now()): void {
    if (!this.usable(topic)) return;
    let entries = this.perClient.get(clientid);
    if (!entries) this.perClient.set(clientid, (entries = new Map()));
    const key = this.key(action, topic, qos, retain);
    entries.delete(key);
    entries.set(key, { result, at: now, topic, access: action === 'publish' ? { action_type: action, qos, retain } : { action_type: action, qos } });
    // Map keeps insertion order: the first key is the oldest entry
    while (entries.size > this.maxSize) entries.delete(entries.keys().next().value as string);
  }

  /** the cache of one client as GET /clients/{clientid}/authorization/cache shows it (live entries only) */
  of(clientid: string, now = Date.now()): { topic: string; access: CacheAccess; result: 'allow' | 'deny'; updated_time: number }[] {
    return [...(this.perClient.get(clientid)?.values() ?? [])]
      .filter((e) => now - e.at <= this.ttlMs)
      .map((e) => ({ topic: e.topic, access: e.access, result: e.result, updated_time: e.at }));
  }

  clear(clientid?: string): void {
    if (clientid === undefined) this.perClient.clear();
    else this.perClient.delete(clientid);
  }
}
