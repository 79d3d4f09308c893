// Rules, their metrics and SQL outputs in the JSON shapes of EMQX's API.
import type { RuleInfo } from '@mqdeck/api';
import { rfc3339 } from '../../shared/time';
import type { LoadedRule } from './rules.service';
import type { RuleMetricsView } from './metrics';
import { jsonEncode } from './funcs/codec-json';

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
 * A rule value as JSON would carry it from EMQX, through the rule engine's one encoder (funcs/codec-json):
 * binaries as UTF-8 text, `undefined` (an Erlang atom) as "undefined", keys in Erlang's map order.
 */
export const jsonValue = (v: unknown): unknown => JSON.parse(jsonEncode(v));
