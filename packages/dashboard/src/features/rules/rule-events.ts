// GET /rule_events as the editor uses it (samples in the node's order), and GET /sources_summary read checked:
// that route is not in the contract (data integration), so each field is tested, a wrong one left out.
import type { Bilingual, RuleEvent, SourceSummary } from './rules.types';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A stable empty list while /rule_events loads (a new [] each render would re-run memos). */
export const NO_EVENTS: RuleEvent[] = [];

/** The fields of GET /rule_events the editor reads (RuleEventInfo of the contract). */
interface EventInfo {
  event: string;
  title: Bilingual;
  description: Bilingual;
  columns: string[];
  sql_example: string;
  test_columns: Record<string, readonly unknown[]>;
}

export function toRuleEvents(list: readonly EventInfo[]): RuleEvent[] {
  return list.map((e) => ({
    event: e.event,
    title: e.title,
    description: e.description,
    columns: e.columns ?? [],
    sqlExample: e.sql_example ?? '',
    testColumns: Object.entries(e.test_columns ?? {}).map(([key, [value, description]]) => ({ key, value, description: str(description) })),
  }));
}

export function parseSources(body: unknown): SourceSummary[] {
  const list: unknown[] = Array.isArray(body) ? body : [];
  return list
    .filter(isRecord)
    .filter((s) => str(s.type) && str(s.name))
    .map((s) => ({ type: str(s.type), name: str(s.name), enable: s.enable !== false }));
}

/** The event's name without the `$events/` prefix, e.g. 'client_connected' (the test context's event_type). */
export const eventName = (event: string) => event.replace(/^\$events\//, '');

/** Title of an event in the current language, falling back to its name. */
export function eventTitle(e: RuleEvent, lang: string): string {
  return (lang.startsWith('zh') ? e.title.zh : e.title.en) || eventName(e.event);
}
