// Reads GET /rule_events and GET /sources_summary from what the node really sends (see rules.types.ts), checking
// each field instead of trusting a declared type: a field of the wrong kind is left out, not shown as garbage.
import type { Bilingual, RuleEvent, SourceSummary } from './rules.types';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function bilingual(v: unknown): Bilingual {
  if (typeof v === 'string') return { en: v, zh: v };
  if (isRecord(v)) return { en: str(v.en), zh: str(v.zh) || str(v.en) };
  return { en: '', zh: '' };
}

/** A stable empty list while /rule_events loads (a new [] each render would re-run memos). */
export const NO_EVENTS: RuleEvent[] = [];

export function parseRuleEvents(body: unknown): RuleEvent[] {
  const list: unknown[] = Array.isArray(body) ? body : [];
  return list.filter(isRecord).flatMap((e) => {
    const event = str(e.event);
    if (!event) return [];
    const columns = Array.isArray(e.columns) ? e.columns.filter((c): c is string => typeof c === 'string') : [];
    const tc = isRecord(e.test_columns) ? e.test_columns : {};
    const testColumns = Object.entries(tc).map(([key, v]) => (Array.isArray(v) ? { key, value: v[0], description: str(v[1]) } : { key, value: v, description: '' }));
    return [{ event, title: bilingual(e.title), description: bilingual(e.description), columns, sqlExample: str(e.sql_example), testColumns }];
  });
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
