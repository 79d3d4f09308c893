// Topic rewrite rules as EMQX 5.8 applies them (emqx_rewrite): rules are compiled into a publish list
// and a subscribe list ("all" goes to both) in REVERSE configuration order, so the last configured
// rule whose source_topic filter matches is the one used. Only that rule is tried: when its regular
// expression does not match, the topic stays as it is. dest_topic takes ${clientid}, ${username}
// (left as written when the client has none) and $1..$N from the regex captures.
// Shared subscriptions ($share/<group>/t, $queue/t) are rewritten on their topic part only.
import { topicProblem } from '../../shared/topic';

export type RewriteAction = 'publish' | 'subscribe' | 'all';

export interface RewriteRule {
  action: RewriteAction;
  source_topic: string;
  re: string;
  dest_topic: string;
}

interface CompiledRule {
  filter: string;
  re: RegExp;
  dest: string;
}

export interface CompiledRules {
  publish: CompiledRule[];
  subscribe: CompiledRule[];
}

/** EMQX answers 413 from this many rules on ("length(Body) < 20"). */
export const MAX_RULES = 20;

export function compileRules(rules: readonly RewriteRule[]): CompiledRules {
  const out: CompiledRules = { publish: [], subscribe: [] };
  for (const rule of rules) {
    let re: RegExp;
    try {
      re = new RegExp(rule.re);
    } catch {
      continue; // refused by validation; a hand-edited config file must not stop the node
    }
    const compiled = { filter: rule.source_topic, re, dest: rule.dest_topic };
    if (rule.action !== 'subscribe') out.publish.unshift(compiled);
    if (rule.action !== 'publish') out.subscribe.unshift(compiled);
  }
  return out;
}

/** emqx_topic:match/2: the topic's levels against the filter's; '$' topics never match a leading wildcard. */
export function filterMatches(topic: string, filter: string): boolean {
  const t = topic.split('/');
  const f = filter.split('/');
  if (topic.startsWith('$') && (f[0] === '+' || f[0] === '#')) return false;
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return i === f.length - 1;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return t.length === f.length;
}

export interface ClientBinds {
  clientid: string | null;
  username: string | null;
}

function rewriteTopic(topic: string, rule: CompiledRule, binds: ClientBinds): string {
  const m = rule.re.exec(topic);
  if (!m) return topic;
  let dest = rule.dest;
  // same order as EMQX: client placeholders first, then $1, $2 … (so "$10" reads as $1 followed by "0")
  if (binds.clientid) dest = dest.split('${clientid}').join(binds.clientid);
  if (binds.username) dest = dest.split('${username}').join(binds.username);
  for (let i = 1; i < m.length; i++) dest = dest.split(`$${i}`).join(m[i] ?? '');
  return dest;
}

function splitShared(topic: string): { prefix: string; topic: string } {
  const share = /^(\$share\/[^/]+\/)(.*)$/s.exec(topic);
  if (share) return { prefix: share[1], topic: share[2] };
  if (topic.startsWith('$queue/')) return { prefix: '$queue/', topic: topic.slice('$queue/'.length) };
  return { prefix: '', topic };
}

export function rewrite(topic: string, rules: readonly CompiledRule[], binds: ClientBinds): string {
  if (rules.length === 0) return topic;
  const { prefix, topic: bare } = splitShared(topic);
  for (const rule of rules) {
    if (filterMatches(bare, rule.filter)) return prefix + rewriteTopic(bare, rule, binds);
  }
  return topic;
}

/** Problems of a PUT body (empty = valid). */
export function ruleErrors(rules: readonly RewriteRule[]): string[] {
  const errors: string[] = [];
  const wildcardDest: string[] = [];
  rules.forEach((rule, i) => {
    try {
      new RegExp(rule.re);
    } catch (err) {
      errors.push(`[${i}].re: invalid regular expression ${JSON.stringify(rule.re)}: ${(err as Error).message}`);
    }
    const sourceProblem = topicProblem(rule.source_topic, 'filter');
    if (sourceProblem) errors.push(`[${i}].source_topic: ${sourceProblem}`);
    if (rule.dest_topic.includes('+') || rule.dest_topic.includes('#')) wildcardDest.push(rule.dest_topic);
  });
  if (wildcardDest.length) {
    // EMQX prints the topics as an Erlang list of binaries
    errors.push(`Cannot use wildcard for destination topic. Invalid topics: [${wildcardDest.map((t) => `<<"${t}">>`).join(',')}]`);
  }
  return errors;
}
