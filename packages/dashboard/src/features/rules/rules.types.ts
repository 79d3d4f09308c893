// Rule shapes from the contract, and the ones it lacks or gets wrong: GET /rule_events is declared as one object
// but EMQX (and our node) answer an array whose `title`/`description` are en/zh pairs and whose `test_columns`
// map a column to [sample value, description]; /sources_summary and the live tap are not in the 5.8.1 document.
import type { Schemas } from '@mqdeck/api';

export type Rule = Schemas['rule_engine.rule_info'];
export type RuleCreation = Schemas['rule_engine.rule_creation'];
export type RuleAction = Rule['actions'][number];
export type RepublishArgs = Schemas['rule_engine.republish_args'];
export type RepublishAction = Schemas['rule_engine.builtin_action_republish'];
export type RuleMetrics = Schemas['rule_engine.rule_metrics'];
export type RuleNodeMetrics = Schemas['rule_engine.node_metrics'];
export type RuleTestContext = Schemas['rule_engine.rule_test']['context'];

export interface Bilingual {
  en: string;
  zh: string;
}

/** One entry of GET /rule_events. */
export interface RuleEvent {
  /** e.g. '$events/client_connected' */
  event: string;
  title: Bilingual;
  description: Bilingual;
  columns: string[];
  sqlExample: string;
  /** column → sample value, in the order the node lists them */
  testColumns: Array<{ key: string; value: unknown; description: string }>;
}

/** One entry of GET /sources_summary (data-integration sources, referenced in FROM as `$bridges/<type>:<name>`). */
export interface SourceSummary {
  type: string;
  name: string;
  enable: boolean;
}

/** The live tap (docs/rule-engine.md, MQDeck extension). */
export interface TapMatch {
  at: string | number;
  input: unknown;
  output?: unknown;
  error?: string;
}
export interface TapState {
  id: string;
  status: 'running' | 'stopped';
  reason?: string;
  matches: TapMatch[];
}
