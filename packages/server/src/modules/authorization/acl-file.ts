// The file source's ACL syntax (EMQX acl.conf): Erlang terms ending with '.', '%' comments.
//   {Permission, Who, Action, Topics}.   {allow, all}.   {deny, all}.
//   Who: all | {user|username, "u"} | {username, {re, "regex"}} | {clientid, "c"} | {clientid, {re, "r"}}
//        | {ipaddr, "cidr"} | {ipaddrs, ["cidr", ...]} | {'and', [Who...]} | {'or', [Who...]}
//   Action: publish | subscribe | all | {publish|all, [{qos, Q | [Q...]}, {retain, true|false|all}]}
//   Topics: ["t/#", {eq, "t/#"}, ...]
import { cidrMatcher, everyone, type Rule, type RuleAction, type TopicPattern, type WhoMatcher } from './rule';

type Term = string | number | { atom: string } | Term[] | { tuple: Term[] };

export const DEFAULT_ACL = `%% MQDeck default ACL, with the same rules as EMQX's shipped acl.conf.
%% Rules are checked from top to bottom; the first matching rule decides.

%% the dashboard user may watch the system topics
{allow, {username, {re, "^dashboard$"}}, subscribe, ["$SYS/#"]}.

%% clients on this machine may do everything
{allow, {ipaddr, "127.0.0.1"}, all, ["$SYS/#", "#"]}.

%% nobody else subscribes to the system topics or to everything at once
{deny, all, subscribe, ["$SYS/#", {eq, "#"}, {eq, "+/#"}]}.

%% everything else is allowed; in production use {deny, all}. and authorization.no_match = deny
{allow, all}.
`;

export class AclSyntaxError extends Error {}

/** Parses the whole text; throws AclSyntaxError naming the line of the first problem. */
export function parseAcl(text: string): Rule[] {
  const tokens = tokenize(text);
  let pos = 0;
  const rules: Rule[] = [];
  const fail = (msg: string): never => {
    throw new AclSyntaxError(`line ${tokens[Math.min(pos, tokens.length - 1)]?.line ?? 1}: ${msg}`);
  };
  const parseTerm = (): Term => {
    const t = tokens[pos++];
    if (!t) return fail('unexpected end of file');
    if (t.kind === 'str') return t.value;
    if (t.kind === 'num') return Number(t.value);
    if (t.kind === 'atom') return { atom: t.value };
    if (t.value === '{' || t.value === '[') {
      const close = t.value === '{' ? '}' : ']';
      const items: Term[] = [];
      if (tokens[pos]?.value === close && tokens[pos].kind === 'punct') {
        pos++;
      } else {
        for (;;) {
          items.push(parseTerm());
          const sep = tokens[pos++];
          if (sep?.kind === 'punct' && sep.value === close) break;
          if (!(sep?.kind === 'punct' && sep.value === ',')) fail(`expected ',' or '${close}'`);
        }
      }
      return t.value === '{' ? { tuple: items } : items;
    }
    return fail(`unexpected '${t.value}'`);
  };
  while (pos < tokens.length) {
    const start = tokens[pos];
    const term = parseTerm();
    const dot = tokens[pos++];
    if (!(dot?.kind === 'punct' && dot.value === '.')) fail("expected '.' after a rule");
    try {
      rules.push(toRule(term, source(text, start.offset, dot.offset)));
    } catch (err) {
      throw new AclSyntaxError(`line ${start.line}: ${(err as Error).message}`);
    }
  }
  return rules;
}

function source(text: string, from: number, to: number): string {
  return `${text.slice(from, to).replace(/\s+/g, ' ').trim()}.`;
}

interface Token {
  kind: 'str' | 'num' | 'atom' | 'punct';
  value: string;
  line: number;
  offset: number;
}

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let line = 1;
  for (let i = 0; i < text.length;) {
    const ch = text[i];
    if (ch === '\n') {
      line++;
      i++;
    } else if (/\s/.test(ch)) i++;
    else if (ch === '%') while (i < text.length && text[i] !== '\n') i++;
    else if (ch === '"' || ch === "'") {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== ch) {
        if (text[j] === '\\' && j + 1 < text.length) j++;
        value += text[j++];
      }
      if (j >= text.length) throw new AclSyntaxError(`line ${line}: unterminated string`);
      out.push({ kind: ch === '"' ? 'str' : 'atom', value, line, offset: i });
      i = j + 1;
    } else if ('{}[],.'.includes(ch)) {
      out.push({ kind: 'punct', value: ch, line, offset: i });
      i++;
    } else {
      const m = /^[A-Za-z0-9_@]+/.exec(text.slice(i));
      if (!m) throw new AclSyntaxError(`line ${line}: unexpected character '${ch}'`);
      out.push({ kind: /^\d+$/.test(m[0]) ? 'num' : 'atom', value: m[0], line, offset: i });
      i += m[0].length;
    }
  }
  return out;
}

const isAtom = (t: Term, name?: string): t is { atom: string } => typeof t === 'object' && t !== null && 'atom' in t && (name === undefined || t.atom === name);
const tupleOf = (t: Term): Term[] | undefined => (typeof t === 'object' && t !== null && 'tuple' in t ? t.tuple : undefined);

function toRule(term: Term, text: string): Rule {
  const items = tupleOf(term);
  if (!items) throw new Error('a rule must be a tuple {Permission, Who, Action, Topics}');
  const perm = items[0];
  if (!isAtom(perm) || (perm.atom !== 'allow' && perm.atom !== 'deny')) throw new Error('permission must be allow or deny');
  const permission = perm.atom;
  if (items.length === 2) {
    if (!isAtom(items[1], 'all')) throw new Error(`{${permission}, all} is the only two-element rule`);
    return { permission, who: everyone, action: 'all', topics: [{ text: '#', exact: false }], text };
  }
  if (items.length !== 4) throw new Error('a rule has 2 or 4 elements');
  const { action, qos, retain } = parseAction(items[2]);
  return { permission, who: parseWho(items[1]), action, qos, retain, topics: parseTopics(items[3]), text };
}

function parseWho(t: Term): WhoMatcher {
  if (isAtom(t, 'all')) return everyone;
  const items = tupleOf(t);
  if (!items || items.length !== 2 || !isAtom(items[0])) throw new Error('invalid who: expected all or {Kind, Value}');
  const kind = items[0].atom;
  const value = items[1];
  if (kind === 'and' || kind === 'or') {
    if (!Array.isArray(value)) throw new Error(`${kind} takes a list`);
    const subs = value.map(parseWho);
    return kind === 'and' ? (r) => subs.every((m) => m(r)) : (r) => subs.some((m) => m(r));
  }
  if (kind === 'ipaddr' && typeof value === 'string') return cidrMatcher(value);
  if (kind === 'ipaddrs' && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    const subs = value.map(cidrMatcher);
    return (r) => subs.some((m) => m(r));
  }
  if (kind === 'user' || kind === 'username' || kind === 'clientid') {
    const pick = kind === 'clientid' ? (r: { clientid: string }) => r.clientid : (r: { username: string | null }) => r.username;
    if (typeof value === 'string') return (r) => pick(r) === value;
    const re = tupleOf(value);
    if (re && re.length === 2 && isAtom(re[0], 're') && typeof re[1] === 'string') {
      let regex: RegExp;
      try {
        regex = new RegExp(re[1]);
      } catch {
        throw new Error(`invalid regular expression "${re[1]}"`);
      }
      return (r) => {
        const v = pick(r);
        return v !== null && regex.test(v);
      };
    }
  }
  throw new Error(`invalid who: {${kind}, ...}`);
}

function parseAction(t: Term): { action: RuleAction; qos?: number[]; retain?: boolean | 'all' } {
  const plain = (a: Term): RuleAction => {
    if (isAtom(a) && ['publish', 'subscribe', 'all'].includes(a.atom)) return a.atom as RuleAction;
    if (isAtom(a, 'pub')) return 'publish';
    if (isAtom(a, 'sub')) return 'subscribe';
    throw new Error('action must be publish, subscribe or all');
  };
  const items = tupleOf(t);
  if (!items) return { action: plain(t) };
  if (items.length !== 2 || !Array.isArray(items[1])) throw new Error('action with conditions is {Action, [{qos, Q}, {retain, R}]}');
  const out: { action: RuleAction; qos?: number[]; retain?: boolean | 'all' } = { action: plain(items[0]) };
  for (const cond of items[1]) {
    const c = tupleOf(cond);
    if (!c || c.length !== 2 || !isAtom(c[0])) throw new Error('invalid action condition');
    if (c[0].atom === 'qos') {
      const qs = Array.isArray(c[1]) ? c[1] : [c[1]];
      if (!qs.every((q) => q === 0 || q === 1 || q === 2)) throw new Error('qos must be 0, 1 or 2');
      out.qos = qs;
    } else if (c[0].atom === 'retain') {
      const v = c[1];
      if (!isAtom(v) || !['true', 'false', 'all'].includes(v.atom)) throw new Error('retain must be true, false or all');
      out.retain = v.atom === 'all' ? 'all' : v.atom === 'true';
    } else throw new Error(`unknown action condition ${c[0].atom}`);
  }
  return out;
}

function parseTopics(t: Term): TopicPattern[] {
  if (!Array.isArray(t)) throw new Error('topics must be a list');
  return t.map((x) => {
    if (typeof x === 'string') return { text: x, exact: false };
    const items = tupleOf(x);
    if (items && items.length === 2 && isAtom(items[0], 'eq') && typeof items[1] === 'string') return { text: items[1], exact: true };
    throw new Error('a topic is "filter" or {eq, "topic"}');
  });
}
