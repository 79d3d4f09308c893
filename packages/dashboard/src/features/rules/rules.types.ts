// Rule shapes from the contract (deviations.rules.ts: what EMQX 5.8 and our node really send), and the console's
// own: the events as the editor uses them, and /sources_summary (data integration, not in the contract yet).
import type { RuleActionView, RuleInfo, RuleMetricsReply, RuleTapMatch, RuleTapView, Schemas } from '@mqdeck/api';

export type Rule = RuleInfo;
export type { RuleActionView };
export type RuleCreation = Schemas['rule_engine.rule_creation'];
/** What the form edits and sends: the creation body's action kinds. */
export type RuleAction = RuleCreation['actions'][number];
export type RepublishArgs = Schemas['rule_engine.republish_args'];
export type RepublishAction = Schemas['rule_engine.builtin_action_republish'];
export type RuleMetrics = RuleMetricsReply;
export type RuleNodeMetrics = RuleMetricsReply['node_metrics'][number];
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

export type TapMatch = RuleTapMatch;
export type TapState = RuleTapView;
