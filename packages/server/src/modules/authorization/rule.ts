// One authorization rule as every source sees it, and how it matches a request: who (for file rules),
// action, qos/retain conditions and topics. Topics support ${username}/${clientid}/${client_attrs.NAME} placeholders
// (a missing value never matches), `eq` exact topics, and MQTT wildcards on both sides: a SUBSCRIBE
// filter is matched level by level against the rule's filter, as emqx_topic:match does.
import { BlockList, isIP } from 'node:net';

export type Permission = 'allow' | 'deny';
export type RuleAction = 'publish' | 'subscribe' | 'all';

export interface RequestView {
  clientid: string;
  username: string | null;
  peerhost: string;
  action: 'publish' | 'subscribe';
  topic: string;
  qos: number;
  retain: boolean;
  /** for ${client_attrs.NAME} in rule topics and the placeholders of external sources */
  clientAttrs?: Record<string, string>;
  mountpoint?: string;
}

export type WhoMatcher = (r: RequestView) => boolean;
export interface TopicPattern {
  text: string;
  exact: boolean;
}

export interface Rule {
  permission: Permission;
  who: WhoMatcher;
  action: RuleAction;
  topics: TopicPattern[];
  qos?: number[];
  retain?: boolean | 'all';
  /** readable form for explain: the ACL term or the JSON rule */
  text: string;
}

export const everyone: WhoMatcher = () => true;

export function cidrMatcher(text: string): WhoMatcher {
  const [addr, bits] = text.includes('/') ? text.split('/') : [text, isIP(text) === 6 ? '128' : '32'];
  const family = isIP(addr);
  const prefix = Number(bits);
  if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) throw new Error(`invalid IP address or range '${text}'`);
  const list = new BlockList();
  list.addSubnet(addr, prefix, family === 6 ? 'ipv6' : 'ipv4');
  return (r) => {
    const f = isIP(r.peerhost);
    return f !== 0 && list.check(r.peerhost, f === 6 ? 'ipv6' : 'ipv4');
  };
}

export function ruleMatches(rule: Rule, r: RequestView): boolean {
  if (rule.action !== 'all' && rule.action !== r.action) return false;
  if (rule.qos && !rule.qos.includes(r.qos)) return false;
  if (r.action === 'publish' && rule.retain !== undefined && rule.retain !== 'all' && rule.retain !== r.retain) return false;
  if (!rule.who(r)) return false;
  return rule.topics.some((t) => topicMatches(t, r));
}

function topicMatches(pattern: TopicPattern, r: RequestView): boolean {
  const filter = expand(pattern.text, r);
  if (filter === undefined) return false;
  return pattern.exact ? filter === r.topic : filterMatches(filter.split('/'), r.topic.split('/'));
}

function expand(text: string, r: RequestView): string | undefined {
  let missing = false;
  const out = text.replace(/\$\{(username|clientid|client_attrs\.[^}]+)\}/g, (_m, name: string) => {
    const attr = name.startsWith('client_attrs.') ? name.slice('client_attrs.'.length) : undefined;
    const v = attr !== undefined ? (r.clientAttrs && Object.hasOwn(r.clientAttrs, attr) ? r.clientAttrs[attr] : undefined) : name === 'username' ? r.username : r.clientid;
    if (!v) missing = true;
    return v ?? '';
  });
  return missing ? undefined : out;
}

/** rule filter levels vs request topic levels (the request may itself be a filter) */
function filterMatches(rule: string[], topic: string[]): boolean {
  // [MQTT-4.7.2-1] '$'-topics are not matched by a leading wildcard
  if (topic[0]?.startsWith('$') && (rule[0] === '#' || rule[0] === '+')) return false;
  for (let i = 0; i < rule.length; i++) {
    const level = rule[i];
    if (level === '#') return true;
    if (i >= topic.length) return false;
    if (level === '+') {
      if (topic[i] === '#') return false;
      continue;
    }
    if (level !== topic[i]) return false;
  }
  return rule.length === topic.length;
}
