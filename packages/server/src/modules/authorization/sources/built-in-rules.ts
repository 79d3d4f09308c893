// built_in_database rules in SQLite (table authz_rules): per client id, per username and for all.
// Checked in EMQX's order: the client's own rules, then the username's, then the rules for all.
import type { Db } from '../../../storage/db';
import { readJson } from '../../../storage/json-column';
import { ApiError } from '../../../errors';
import { topicProblem } from '../../../shared/topic';
import { everyone, ruleMatches, type Rule } from '../rule';
import type { AuthzSource } from './source';

export interface ApiRule {
  topic: string;
  permission: 'allow' | 'deny';
  action: 'publish' | 'subscribe' | 'all';
  qos: number[];
  retain: boolean | 'all';
}
export type WhoType = 'clientid' | 'username' | 'all';

export class BuiltInRules {
  constructor(private readonly db: Db) {}

  get(type: WhoType, who: string): ApiRule[] | undefined {
    const row = this.db.prepare<[WhoType, string], { rules: string }>('SELECT rules FROM authz_rules WHERE who_type = ? AND who = ?').get(type, who);
    return row ? readJson<ApiRule[]>(row.rules) : undefined;
  }

  list(type: 'clientid' | 'username', like?: string): { who: string; rules: ApiRule[] }[] {
    const rows = this.db
      .prepare<string[], { who: string; rules: string }>(`SELECT who, rules FROM authz_rules WHERE who_type = ? ${like ? 'AND instr(who, ?) > 0' : ''} ORDER BY created_at, who`)
      .all(...(like ? [type, like] : [type]));
    return rows.map((r) => ({ who: r.who, rules: readJson<ApiRule[]>(r.rules) }));
  }

  set(type: WhoType, who: string, rules: ApiRule[]): void {
    this.db
      .prepare('INSERT INTO authz_rules (who_type, who, rules, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (who_type, who) DO UPDATE SET rules = excluded.rules')
      .run(type, who, JSON.stringify(rules), Date.now());
  }

  delete(type: WhoType, who: string): boolean {
    return this.db.prepare('DELETE FROM authz_rules WHERE who_type = ? AND who = ?').run(type, who).changes > 0;
  }

  purge(): void {
    this.db.prepare('DELETE FROM authz_rules').run();
  }
}

/** Validates API rules and fills qos/retain defaults; 400 on the first bad one. */
export function parseApiRules(raw: unknown, maxRules: number): ApiRule[] {
  if (!Array.isArray(raw)) throw bad('rules: expected an array');
  if (raw.length > maxRules) throw bad(`rules: at most ${maxRules} rules per client or user (max_rules)`);
  return raw.map((r: unknown, i) => {
    // a non-object element fails the topic check below, as an empty one does
    const o: Partial<Record<string, unknown>> = typeof r === 'object' && r !== null ? r : {};
    if (typeof o.topic !== 'string' || o.topic === '') throw bad(`rules[${i}].topic: required`);
    // `eq <topic>` names the topic literally; the rest of the text is still a filter
    const topicWhy = topicProblem(o.topic.startsWith('eq ') ? o.topic.slice(3) : o.topic, 'filter');
    if (topicWhy) throw bad(`rules[${i}].topic: ${topicWhy}`);
    if (o.permission !== 'allow' && o.permission !== 'deny') throw bad(`rules[${i}].permission: expected allow or deny`);
    if (o.action !== 'publish' && o.action !== 'subscribe' && o.action !== 'all') throw bad(`rules[${i}].action: expected publish, subscribe or all`);
    const qos = o.qos ?? [0, 1, 2];
    if (!isQosList(qos)) throw bad(`rules[${i}].qos: expected a list of 0, 1, 2`);
    const retain = o.retain ?? 'all';
    if (retain !== true && retain !== false && retain !== 'all') throw bad(`rules[${i}].retain: expected true, false or all`);
    return { topic: o.topic, permission: o.permission, action: o.action, qos, retain };
  });
}

const isQosList = (v: unknown): v is (0 | 1 | 2)[] => Array.isArray(v) && v.every((q) => q === 0 || q === 1 || q === 2);

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

function toRule(r: ApiRule, who: string): Rule {
  // EMQX stores `eq t` in a built-in topic as the exact form too
  const exact = r.topic.startsWith('eq ');
  return {
    permission: r.permission,
    who: everyone,
    action: r.action,
    qos: r.qos,
    retain: r.retain,
    topics: [{ text: exact ? r.topic.slice(3) : r.topic, exact }],
    text: `${who}: ${JSON.stringify(r)}`,
  };
}

export function builtInSource(repo: BuiltInRules): AuthzSource {
  return {
    check(r) {
      const lists: [WhoType, string | null][] = [
        ['clientid', r.clientid],
        ['username', r.username],
        ['all', ''],
      ];
      for (const [type, who] of lists) {
        if (who === null) continue;
        for (const api of repo.get(type, who) ?? []) {
          const rule = toRule(api, type === 'all' ? 'all' : `${type} ${who}`);
          if (ruleMatches(rule, r)) return { result: rule.permission, rule: rule.text };
        }
      }
      return { result: 'nomatch' };
    },
    status: () => 'connected',
    close: () => undefined,
  };
}
