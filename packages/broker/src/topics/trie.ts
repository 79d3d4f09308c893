// A topic trie keyed by filter levels. Each node holding subscriptions keeps them per key (client id),
// so routing a message visits only the levels of its topic plus the `+` and `#` branches.

interface Node<T> {
  children: Map<string, Node<T>>;
  /** the filter that ends at this node, set while it has values */
  filter?: string;
  values?: Map<string, T>;
}

function newNode<T>(): Node<T> {
  return { children: new Map() };
}

/** topics whose match results are remembered; past this the cache starts over (bounded memory with many topics) */
const MATCH_CACHE_MAX = 10_000;

/** what matchAll answers for a topic nothing can match (shared, never written) */
const NO_MATCH: readonly Map<string, never>[] = Object.freeze([]);

/** the first level of a topic or filter */
function firstLevel(s: string): string {
  const slash = s.indexOf('/');
  return slash < 0 ? s : s.slice(0, slash);
}

export class TopicTrie<T> {
  private readonly root: Node<T> = newNode();
  private filterCount = 0;
  /**
   * topic → the value maps of the filters matching it. The maps are the trie's own, so a key added to or removed from
   * an existing filter shows through; only a filter appearing or disappearing changes the set, and then only the
   * cached topics that share its first level are forgotten (all but '$' ones for a leading wildcard): a client
   * subscribing to a topic of its own does not cost topics elsewhere their cached result, and a miss pays only one
   * array push for it (a finer index, by every level, made each miss about 4x slower).
   */
  private readonly matchCache = new Map<string, Map<string, T>[]>();
  /** first level → the cached topics starting with it (each once: a topic leaves the cache only with its bucket) */
  private readonly cacheIndex = new Map<string, string[]>();

  /** number of distinct filters with at least one value */
  get size(): number {
    return this.filterCount;
  }

  set(filter: string, key: string, value: T): void {
    let node = this.root;
    for (const level of filter.split('/')) {
      let next = node.children.get(level);
      if (!next) {
        next = newNode();
        node.children.set(level, next);
      }
      node = next;
    }
    if (!node.values) {
      node.values = new Map();
      node.filter = filter;
      this.filterCount++;
      this.invalidate(filter);
    }
    node.values.set(key, value);
  }

  get(filter: string, key: string): T | undefined {
    return this.find(filter)?.values?.get(key);
  }

  /** all values stored under exactly this filter */
  valuesOf(filter: string): Map<string, T> | undefined {
    return this.find(filter)?.values;
  }

  delete(filter: string, key: string): boolean {
    const path: Node<T>[] = [this.root];
    const levels = filter.split('/');
    let node = this.root;
    for (const level of levels) {
      const next = node.children.get(level);
      if (!next) return false;
      path.push(next);
      node = next;
    }
    if (!node.values?.delete(key)) return false;
    if (node.values.size === 0) {
      node.values = undefined;
      node.filter = undefined;
      this.filterCount--;
      this.invalidate(filter);
      // prune empty branches so the trie does not grow with churn
      for (let i = levels.length; i > 0; i--) {
        const n = path[i];
        if (n.values || n.children.size > 0) break;
        path[i - 1].children.delete(levels[i - 1]);
      }
    }
    return true;
  }

  /** the value maps of every filter matching the topic (cached per topic; do not modify the array) */
  matchAll(topic: string): readonly Map<string, T>[] {
    let found = this.matchCache.get(topic);
    if (found === undefined) {
      // nothing subscribed under the topic's first level (nor a root wildcard that applies): no match, and not
      // cached, so topics nobody listens to ($SYS client events, one topic per client) do not fill and flush the cache
      const root = this.root.children;
      if ((topic.charCodeAt(0) === 0x24 || (!root.has('+') && !root.has('#'))) && !root.has(firstLevel(topic))) return NO_MATCH;
      const out: Map<string, T>[] = [];
      const levels = topic.split('/');
      this.walk(this.root, levels, 0, topic.charCodeAt(0) === 0x24, (values) => out.push(values));
      if (this.matchCache.size >= MATCH_CACHE_MAX) {
        this.matchCache.clear();
        this.cacheIndex.clear();
      }
      this.matchCache.set(topic, out);
      const first = levels[0];
      const bucket = this.cacheIndex.get(first);
      if (bucket === undefined) this.cacheIndex.set(first, [topic]);
      else bucket.push(topic);
      found = out;
    }
    return found;
  }

  /** forget the cached results `filter` may change (it appeared or disappeared) */
  private invalidate(filter: string): void {
    if (this.matchCache.size === 0) return;
    const first = firstLevel(filter);
    if (first === '+' || first === '#') {
      // a leading wildcard never matches a '$' topic [MQTT-4.7.2-1]: those keep their results; without any, one clear
      let dollar = false;
      for (const key of this.cacheIndex.keys()) if (key.charCodeAt(0) === 0x24) dollar = true;
      if (!dollar) {
        this.matchCache.clear();
        this.cacheIndex.clear();
      } else {
        for (const key of this.cacheIndex.keys()) if (key.charCodeAt(0) !== 0x24) this.forget(key);
      }
    } else {
      this.forget(first);
    }
  }

  private forget(first: string): void {
    const bucket = this.cacheIndex.get(first);
    if (bucket === undefined) return;
    for (const topic of bucket) this.matchCache.delete(topic);
    this.cacheIndex.delete(first);
  }

  /** calls `visit` for every filter node matching the topic */
  match(topic: string, visit: (values: Map<string, T>, filter: string) => void): void {
    const levels = topic.split('/');
    const dollar = topic.charCodeAt(0) === 0x24; // [MQTT-4.7.2-1]
    this.walk(this.root, levels, 0, dollar, visit);
  }

  private walk(node: Node<T>, levels: string[], i: number, dollar: boolean, visit: (values: Map<string, T>, filter: string) => void): void {
    const skipWild = dollar && i === 0;
    if (!skipWild) {
      const hash = node.children.get('#');
      if (hash?.values) visit(hash.values, hash.filter!);
    }
    if (i === levels.length) {
      if (node.values) visit(node.values, node.filter!);
      return;
    }
    const exact = node.children.get(levels[i]);
    if (exact) this.walk(exact, levels, i + 1, dollar, visit);
    if (!skipWild) {
      const plus = node.children.get('+');
      if (plus) this.walk(plus, levels, i + 1, dollar, visit);
    }
  }

  private find(filter: string): Node<T> | undefined {
    let node: Node<T> | undefined = this.root;
    for (const level of filter.split('/')) {
      node = node.children.get(level);
      if (!node) return undefined;
    }
    return node;
  }
}
