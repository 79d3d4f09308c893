// Rules that come with a client's authentication (JWT `acl` claim, HTTP answer `acl`): checked before
// every source, as EMQX does with the client's own ACL; a nomatch falls through to the sources. The
// registry also disconnects a client whose credential expires (JWT exp, HTTP expire_at).
import type { Broker, ClientInfo } from '@mqdeck/broker';
import type { ClientAcl } from '../authentication/authenticator';
import { ruleMatches, type Rule, type RequestView } from './rule';
import { ruleFromRecord } from './rows';

export class AclFormatError extends Error {}

/**
 * The `acl` value: a list of rules [{permission, action, topic|topics, qos, retain}], or the older map
 * {pub: [..], sub: [..], all: [..]} whose topics are all allowed.
 */
export function parseAclRules(value: unknown): Rule[] {
  if (Array.isArray(value)) {
    return value.map((r, i) => {
      const rule = r && typeof r === 'object' ? ruleFromRecord(r as Record<string, unknown>, 'acl') : undefined;
      if (!rule) throw new AclFormatError(`acl[${i}]: expected {permission, action, topic}`);
      return rule;
    });
  }
  if (value && typeof value === 'object') {
    const rules: Rule[] = [];
    for (const [key, action] of [['pub', 'publish'], ['sub', 'subscribe'], ['all', 'all']] as const) {
      const topics = (value as Record<string, unknown>)[key];
      if (topics === undefined) continue;
      if (!Array.isArray(topics) || !topics.every((t) => typeof t === 'string')) throw new AclFormatError(`acl.${key}: expected a list of topics`);
      for (const t of topics as string[]) rules.push(ruleFromRecord({ permission: 'allow', action, topic: t }, 'acl')!);
    }
    return rules;
  }
  throw new AclFormatError('acl: expected a list of rules or {pub, sub, all}');
}

interface Entry extends ClientAcl {
  storedAt: number;
  timer?: NodeJS.Timeout;
}

export class ClientAcls {
  private readonly byClient = new Map<string, Entry>();

  constructor(private readonly broker: Broker) {}

  /** After a successful authentication: remember the rules and arm the expiry disconnect. */
  set(clientid: string, acl: ClientAcl | undefined, expireAt: number | undefined, disconnect: boolean): void {
    this.drop(clientid);
    if (!acl && !(expireAt && disconnect)) return;
    const entry: Entry = { rules: acl?.rules ?? [], expireAt: acl?.expireAt ?? expireAt, storedAt: Date.now() };
    if (expireAt && disconnect) {
      // setTimeout holds at most ~24.8 days; later expiries are re-armed by the next connection
      const delay = Math.min(Math.max(expireAt - Date.now(), 0), 2 ** 31 - 1);
      entry.timer = setTimeout(() => {
        this.byClient.delete(clientid);
        this.broker.kick(clientid);
      }, delay);
      entry.timer.unref();
    }
    this.byClient.set(clientid, entry);
  }

  /** allow/deny from the client's own rules, or undefined (no rules, expired, no match) */
  check(r: RequestView): { result: 'allow' | 'deny'; rule: string } | undefined {
    const e = this.byClient.get(r.clientid);
    if (!e || e.rules.length === 0) return undefined;
    if (e.expireAt !== undefined && Date.now() >= e.expireAt) return undefined;
    for (const rule of e.rules) if (ruleMatches(rule, r)) return { result: rule.permission, rule: rule.text };
    return undefined;
  }

  /** Called on client.disconnected: an entry stored after this connection began belongs to a newer one. */
  disconnected(client: ClientInfo): void {
    const e = this.byClient.get(client.clientid);
    if (e && e.storedAt <= client.connectedAt) this.drop(client.clientid);
  }

  private drop(clientid: string): void {
    const e = this.byClient.get(clientid);
    if (e?.timer) clearTimeout(e.timer);
    this.byClient.delete(clientid);
  }

  close(): void {
    for (const id of [...this.byClient.keys()]) this.drop(id);
  }
}
