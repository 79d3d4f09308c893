// Rules that come with a client's authentication (JWT `acl` claim, HTTP answer `acl`): checked before
// every source, as EMQX's client_info source does (emqx_authz_client_info). A list of rules (v2) that
// does not match falls through to the sources; the older map {pub, sub, all} (v1) denies what its
// topics do not cover; rules past their expiry deny everything. The registry also disconnects a client
// whose credential expires (JWT exp, HTTP expire_at).
import type { Broker, ClientInfo } from '@mqdeck/broker';
import type { ClientAcl } from '../authentication/authenticator';
import { ruleMatches, type Rule, type RequestView } from './rule';
import { ruleFromRecord } from './rows';

export class AclFormatError extends Error {}

/** readable rule for explain when a v1 map denies a request none of its topics match */
export const V1_NO_MATCH = 'acl: {pub, sub, all} lists do not match (denied)';
/** readable rule for explain when the rules have expired */
export const EXPIRED = 'acl: expired (denied)';

/**
 * The `acl` value: a list of rules [{permission, action, topic|topics, qos, retain}] (v2), or, when
 * `allowMap` (JWT only: EMQX's HTTP authenticator takes lists only), the older map
 * {pub: [..], sub: [..], all: [..]} (v1) whose topics are allowed and everything else denied.
 */
export function parseAclRules(value: unknown, allowMap = true): Omit<ClientAcl, 'expireAt'> {
  if (Array.isArray(value)) {
    const rules = value.map((r, i) => {
      const rule = r && typeof r === 'object' ? ruleFromRecord(r as Record<string, unknown>, 'acl') : undefined;
      if (!rule) throw new AclFormatError(`acl[${i}]: expected {permission, action, topic}`);
      return rule;
    });
    return { rules };
  }
  if (allowMap && value && typeof value === 'object') {
    const rules: Rule[] = [];
    for (const [key, action] of [
      ['pub', 'publish'],
      ['sub', 'subscribe'],
      ['all', 'all'],
    ] as const) {
      const topics = (value as Record<string, unknown>)[key];
      if (topics === undefined) continue;
      if (!Array.isArray(topics) || !topics.every((t) => typeof t === 'string')) throw new AclFormatError(`acl.${key}: expected a list of topics`);
      for (const t of topics) rules.push(ruleFromRecord({ permission: 'allow', action, topic: t }, 'acl')!);
    }
    return { rules, denyUnmatched: true };
  }
  throw new AclFormatError(allowMap ? 'acl: expected a list of rules or {pub, sub, all}' : 'acl: expected a list of rules');
}

interface Entry {
  /** absent when the entry only arms the expiry disconnect */
  acl?: ClientAcl;
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
    const entry: Entry = { acl, storedAt: Date.now() };
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

  /** allow/deny from the client's own rules, or undefined (no acl, or a v2 list that does not match) */
  check(r: RequestView): { result: 'allow' | 'deny'; rule: string } | undefined {
    const acl = this.byClient.get(r.clientid)?.acl;
    if (!acl) return undefined;
    // emqx_authz_client_info:check/1 compares whole seconds: {matched, deny} once exp is not in the future
    if (acl.expireAt !== undefined && Math.floor(acl.expireAt / 1000) <= Math.floor(Date.now() / 1000)) return { result: 'deny', rule: EXPIRED };
    for (const rule of acl.rules) if (ruleMatches(rule, r)) return { result: rule.permission, rule: rule.text };
    return acl.denyUnmatched ? { result: 'deny', rule: V1_NO_MATCH } : undefined;
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
