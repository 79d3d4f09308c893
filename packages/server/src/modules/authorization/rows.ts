// Rules that external sources return (SQL rows, MongoDB documents, HTTP/JWT `acl` lists), turned into
// the Rule every source matches with. Fields as EMQX reads them: permission, action, topic or topics,
// qos (number, list or "0,1"), retain (bool, "true"/"false", 1/0, "all"). A row that cannot be read is
// skipped rather than guessed.
import { everyone, type Rule } from './rule';

const ACTIONS: Record<string, Rule['action']> = { publish: 'publish', pub: 'publish', subscribe: 'subscribe', sub: 'subscribe', all: 'all' };

const str = (v: unknown): string | undefined => (v === null || v === undefined ? undefined : Buffer.isBuffer(v) ? v.toString('utf8') : String(v));

function parseQos(v: unknown): number[] | undefined | null {
  if (v === undefined || v === null || v === '') return undefined;
  const list = Array.isArray(v) ? v : String(v).split(',');
  const out = list.map((x) => Number(String(x).trim()));
  return out.every((q) => q === 0 || q === 1 || q === 2) ? out : null;
}

function parseRetain(v: unknown): boolean | 'all' | undefined | null {
  if (v === undefined || v === null || v === '') return undefined;
  const t = String(v).trim().toLowerCase();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  if (t === 'all') return 'all';
  return null;
}

function topicPattern(t: string): { text: string; exact: boolean } {
  return t.startsWith('eq ') ? { text: t.slice(3), exact: true } : { text: t, exact: false };
}

/** One record → a Rule, or undefined when a field is missing or invalid. */
export function ruleFromRecord(rec: Record<string, unknown>, origin: string, defaultPermission?: 'allow' | 'deny'): Rule | undefined {
  const permission = str(rec.permission)?.toLowerCase() ?? defaultPermission;
  if (permission !== 'allow' && permission !== 'deny') return undefined;
  const action = ACTIONS[str(rec.action)?.toLowerCase() ?? ''];
  if (!action) return undefined;
  const topics = Array.isArray(rec.topics) ? rec.topics.map(str) : [str(rec.topic)];
  if (topics.length === 0 || topics.some((t) => !t)) return undefined;
  const qos = parseQos(rec.qos);
  const retain = parseRetain(rec.retain);
  if (qos === null || retain === null) return undefined;
  return {
    permission,
    who: everyone,
    action,
    topics: (topics as string[]).map(topicPattern),
    ...(qos ? { qos } : {}),
    ...(retain !== undefined ? { retain } : {}),
    text: `${origin}: ${JSON.stringify({ permission, action, topics, ...(qos ? { qos } : {}), ...(retain !== undefined ? { retain } : {}) })}`,
  };
}

export function rulesFromRecords(records: Record<string, unknown>[], origin: string): Rule[] {
  const out: Rule[] = [];
  for (const r of records) {
    const rule = ruleFromRecord(r, origin);
    if (rule) out.push(rule);
  }
  return out;
}
