// What a rule's action gets and how its outcome counts (EMQX emqx_rule_runtime handle_action / inc_action_metrics).

/** a `"<type>:<name>"` action's outcome as its provider reports it */
export type ActionResult =
  | { ok: true }
  /** the action does not exist or is disabled: counted as actions.discarded (EMQX bridge_not_found / bridge_disabled) */
  | { ok: false; discarded: 'not_found' | 'disabled' }
  /** the target is down: actions.failed and actions.failed.out_of_service */
  | { ok: false; outOfService: true; reason?: string }
  /** anything else: actions.failed and actions.failed.unknown */
  | { ok: false; reason: string };

export interface ActionCall {
  ruleId: string;
  /** the SQL's output */
  selected: Record<string, unknown>;
  /** the input columns (with `metadata.rule_id`) */
  envs: Record<string, unknown>;
  /** /rules/{id}/test: render what would be sent, then stop without sending (answer `{ok: false, reason}`) */
  stopAfterRender?: boolean;
}

/**
 * Data-integration actions plug in here (`RulesService.registerActionProvider`): the rule engine hands a
 * `"<type>:<name>"` reference to the provider that claims the type, without knowing the types itself.
 */
export interface ActionProvider {
  /** whether this provider runs actions of this type (e.g. "http", "mqtt") */
  handles(type: string): boolean;
  send(type: string, name: string, call: ActionCall): ActionResult | Promise<ActionResult>;
}
