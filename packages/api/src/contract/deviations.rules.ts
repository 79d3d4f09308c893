// Deviations of the rule engine's routes (API.md §3.17): response bodies our node, like EMQX 5.8, sends differently
// from the 5.8.1 document, and the live tap (docs/api-extensions.md). Merged into `ResponsePatch` and
// `ExtensionPaths` by deviations.ts / extensions.ts.
import type { components } from '../schema.gen';

type Schemas = components['schemas'];

/** An action as a rule shows it: `"<type>:<name>"` or `{function, args}` with EMQX's defaults filled in (console too has `args: {}`). */
export type RuleActionView = string | { function: string; args?: Record<string, unknown> };

/** API.md §3.17: a rule as sent; `last_modified_at` is there (the 5.8.1 schema lacks it). */
export type RuleInfo = Omit<Schemas['rule_engine.rule_info'], 'actions'> & { actions: RuleActionView[]; from: string[]; created_at: string; last_modified_at: string };

/** A rule's counters as EMQX 5.8 sends them: `failed.no_result` included (the document has `failed.unknown` instead). */
export interface RuleMetricsValues {
  matched: number;
  passed: number;
  failed: number;
  'failed.exception': number;
  'failed.no_result': number;
  'actions.total': number;
  'actions.success': number;
  'actions.failed': number;
  'actions.failed.out_of_service': number;
  'actions.failed.unknown': number;
  'actions.discarded': number;
  'matched.rate': number;
  'matched.rate.max': number;
  'matched.rate.last5m': number;
}

export interface RuleMetricsReply {
  id: string;
  metrics: RuleMetricsValues;
  node_metrics: (RuleMetricsValues & { node: string })[];
}

/** One entry of GET /rule_events: titles and descriptions are {en, zh}; test_columns map a field to [example, about]. */
export interface RuleEventInfo {
  event: string;
  title: { en: string; zh: string };
  description: { en: string; zh: string };
  columns: string[];
  test_columns: Record<string, [unknown, string]>;
  sql_example: string;
}

/** GET|PUT /rule_engine: EMQX answers the checked settings, so the jq timeout is in milliseconds. */
export interface RuleEngineSettings {
  ignore_sys_message: boolean;
  jq_function_default_timeout: number;
}

/** The output of a rule test: the SQL's output (an object; a list for FOREACH), or the actions' results for /rules/{id}/test. */
export type RuleTestOutput = Record<string, unknown> | unknown[];

export interface RulesResponsePatch {
  '/rules': {
    get: { 200: { data: RuleInfo[]; meta: Schemas['public.meta'] } }; // API.md §3.17: last_modified_at
    post: { 201: RuleInfo }; // API.md §3.17: last_modified_at
  };
  '/rules/{id}': { get: { 200: RuleInfo }; put: { 200: RuleInfo } }; // API.md §3.17: last_modified_at
  '/rules/{id}/metrics': { get: { 200: RuleMetricsReply } }; // API.md §3.17: failed.no_result
  '/rule_events': { get: { 200: RuleEventInfo[] } }; // API.md §3.17: a list; titles are {en, zh}
  '/rule_test': { post: { 200: RuleTestOutput } }; // API.md §3.17: the SQL's output
  '/rules/{id}/test': { post: { 200: RuleTestOutput } }; // API.md §3.17: the actions' results
  '/rule_engine': { get: { 200: RuleEngineSettings }; put: { 200: RuleEngineSettings } }; // API.md §3.17: timeout in ms
}

/** docs/api-extensions.md: one input and what the tapped SQL made of it (or why it failed). */
export interface RuleTapMatch {
  at: string;
  input: Record<string, unknown>;
  /** the input's payload bytes in base64 (in `input` a payload that is not UTF-8 is only text with U+FFFD) */
  payload_base64?: string;
  output?: RuleTestOutput;
  error?: string;
}

export interface RuleTapView {
  id: string;
  status: 'running' | 'stopped';
  /** why it stopped: duration, max_matches, deleted, error */
  reason?: string;
  sql: string;
  expires_at: string;
  max_matches: number;
  matches: RuleTapMatch[];
}

export interface RulesExtensions {
  /** docs/api-extensions.md: run unsaved SQL on the node's real traffic for a bounded window. */
  '/mqdeck/rule_taps': {
    post: {
      query: undefined;
      params: undefined;
      body: { sql?: unknown; max_matches?: unknown; duration?: unknown } | undefined; // checked by the handler
      responses: { 201: { id: string; expires_at: string } };
    };
  };
  '/mqdeck/rule_taps/{id}': {
    get: { query: undefined; params: { id: string }; body: undefined; responses: { 200: RuleTapView } };
    delete: { query: undefined; params: { id: string }; body: undefined; responses: { 204: undefined } };
  };
}
