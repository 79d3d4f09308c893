// Rules, their metrics and SQL outputs in the JSON shapes of EMQX's API.
import type { RuleInfo } from '@mqdeck/api';
import { rfc3339 } from '../../shared/time';
import type { LoadedRule } from './rules.service';
import type { RuleMetricsView } from './metrics';

export function ruleView(r: LoadedRule): RuleInfo {
  const s = r.stored;
  return {
    id: s.id,
    name: s.name,
    from: r.from,
    actions: s.actions,
    sql: s.sql,
    enable: s.enable,
    created_at: rfc3339(s.createdAt),
    last_modified_at: rfc3339(s.lastModifiedAt),
    description: s.description,
  };
}

/** GET /rules/{id}/metrics: this node's counters, as the sum and as its node's entry */
export function metricsView(r: LoadedRule, node: string): { id: string; metrics: RuleMetricsView; node_metrics: (RuleMetricsView & { node: string })[] } {
  const metrics = r.metrics.view();
  return { id: r.id, metrics, node_metrics: [{ node, ...metrics }] };
}

/**
 * A rule value as JSON would carry it from EMQX: binaries as text (UTF-8; other bytes as Latin-1 code units),
 * `undefined` (an Erlang atom) as "undefined", big integers as numbers.
 */
export function jsonValue(v: unknown): unknown {
  if (v === undefined) return 'undefined';
  if (Buffer.isBuffer(v)) return v.toString('utf8');
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(jsonValue);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = jsonValue(x);
    return out;
  }
  return v;
}
