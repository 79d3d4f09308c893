// Accept-time policy of a listener that the broker's transports do not apply themselves:
// `access_rules` ("allow all", "deny 10.0.0.0/8, 192.168.1.7") and `max_conn_rate` ("1000/s").
// EMQX checks both in the acceptor, before any MQTT byte is read, and closes refused sockets.
import { BlockList, isIP } from 'node:net';
import { parseRate } from '../../config/units';

export interface AccessRule {
  allow: boolean;
  /** null = all */
  list: BlockList | null;
}

/** Parses EMQX access rules; throws an Error naming the first bad rule. */
export function parseAccessRules(rules: unknown): AccessRule[] {
  if (!Array.isArray(rules)) throw new Error('access_rules: expected a list of rules such as "allow all" or "deny 10.0.0.0/8"');
  return rules.map((rule) => {
    const m = typeof rule === 'string' ? /^\s*(allow|deny)\s+(.+?)\s*$/.exec(rule) : null;
    if (!m) throw new Error(`access_rules: invalid rule ${JSON.stringify(rule)}, expected "allow|deny all|<ip>[/<bits>], ..."`);
    const allow = m[1] === 'allow';
    if (m[2] === 'all') return { allow, list: null };
    const list = new BlockList();
    for (const part of m[2].split(',').map((s) => s.trim())) {
      const [addr, bits, extra] = part.split('/');
      const family = isIP(addr);
      const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
      if (!family || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
        throw new Error(`access_rules: invalid address ${JSON.stringify(part)} in ${JSON.stringify(rule)}`);
      }
      list.addSubnet(addr, prefix, family === 6 ? 'ipv6' : 'ipv4');
    }
    return { allow, list };
  });
}

/** First matching rule decides; no match allows (as esockd does). */
export function accessAllowed(rules: AccessRule[], peerhost: string): boolean {
  let family: 'ipv4' | 'ipv6' | undefined; // read at the first address rule: "allow all" (the default) needs none
  for (const rule of rules) {
    if (rule.list === null) return rule.allow;
    family ??= isIP(peerhost) === 6 ? 'ipv6' : 'ipv4';
    try {
      if (rule.list.check(peerhost, family)) return rule.allow;
    } catch {
      // an unparsable peer address matches no address rule
    }
  }
  return true;
}

/** A token bucket: `rate` tokens per period, holding at most one period's worth. */
export class RateBucket {
  private tokens: number;
  private last = Date.now();
  private constructor(
    private readonly capacity: number,
    private readonly perMs: number,
  ) {
    this.tokens = capacity;
  }

  /** null for "infinity"; throws on an unparsable rate */
  static from(rate: unknown, what: string): RateBucket | null {
    const parsed = parseRate(rate ?? 'infinity');
    if (parsed === undefined) throw new Error(`${what}: invalid rate ${JSON.stringify(rate)}, expected e.g. "1000/s" or "infinity"`);
    return parsed === null ? null : new RateBucket(parsed.amount, parsed.perMs);
  }

  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) * this.capacity) / this.perMs);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
