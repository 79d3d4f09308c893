// A rule's actions: checked and prepared when the rule is saved, run for each output of its SQL with EMQX's
// counting (emqx_rule_runtime handle_action): every run adds to actions.total, then exactly one of success,
// discarded (a "<type>:<name>" nobody provides, or a disabled one), failed + out_of_service, failed + unknown.
import type { FastifyBaseLogger } from 'fastify';
import type { Broker } from '@mqdeck/broker';
import type { RuleAction } from '../rules.store';
import type { RuleMetrics } from '../metrics';
import type { OriginMap } from '../events/inputs';
import { isObject } from '../../../config/tree';
import { runConsole, type ConsoleWriter } from './console';
import { checkRepublishArgs, prepareRepublish, renderRepublish, type PreparedRepublish } from './republish';
import type { ActionCall, ActionProvider, ActionResult } from './types';

export type PreparedAction =
  | { kind: 'console'; raw: { function: 'console'; args: Record<string, unknown> } }
  | { kind: 'republish'; raw: { function: 'republish'; args: PreparedRepublish['args'] }; prep: PreparedRepublish }
  | { kind: 'ref'; raw: string; type: string; name: string };

/** Checks one action of a rule body; throws a readable text for a 400 (EMQX: Bad Arguments). */
export function prepareAction(a: unknown): PreparedAction {
  if (typeof a === 'string') {
    const m = /^([^:]+):(.+)$/.exec(a);
    if (!m) throw new Error(`invalid action id ${JSON.stringify(a)}: expected <type>:<name>`);
    return { kind: 'ref', raw: a, type: m[1], name: m[2] };
  }
  if (!isObject(a) || typeof a.function !== 'string') throw new Error('unknown action type: expected "<type>:<name>" or {function, args}');
  if (a.function === 'console') {
    const args = isObject(a.args) ? a.args : {};
    return { kind: 'console', raw: { function: 'console', args } };
  }
  if (a.function === 'republish') {
    const args = checkRepublishArgs(a.args);
    return { kind: 'republish', raw: { function: 'republish', args }, prep: prepareRepublish(args) };
  }
  throw new Error(`unknown_action_function: ${a.function} (this node runs console, republish and "<type>:<name>" actions)`);
}

/** what the API shows and the store keeps of a prepared action (EMQX fills the defaults in) */
export const actionView = (p: PreparedAction): RuleAction => p.raw;

export interface ActionEnv {
  broker: Broker;
  log: FastifyBaseLogger;
  write: ConsoleWriter;
  providers: readonly ActionProvider[];
  /** messages being republished: their ids and origins (the loop guard and direct dispatch read it) */
  origins: OriginMap;
  /** 32 hex digits whose last 16 are a counter (OriginMap finds an origin by it) */
  newId(): string;
  /** how many republishes are running inside one another right now */
  depth: { n: number };
}

const MAX_NESTING = 16;

/** what one action did, for /rules/{id}/test */
export type ActionOutcome = 'success' | 'discarded' | 'failed';

function counted(m: RuleMetrics, o: ActionOutcome, outOfService = false): ActionOutcome {
  if (o === 'success') m.actionsSuccess++;
  else if (o === 'discarded') m.actionsDiscarded++;
  else {
    m.actionsFailed++;
    if (outOfService) m.actionsFailedOutOfService++;
    else m.actionsFailedUnknown++;
  }
  return o;
}

function countResult(m: RuleMetrics, r: ActionResult): ActionOutcome {
  if (r.ok) return counted(m, 'success');
  if ('discarded' in r) return counted(m, 'discarded');
  return counted(m, 'failed', 'outOfService' in r);
}

function failed(env: ActionEnv, m: RuleMetrics, a: PreparedAction, ruleId: string, err: unknown): ActionOutcome {
  env.log.warn({ rule_id: ruleId, action: a.raw, reason: err instanceof Error ? err.message : String(err) }, 'action_failed');
  return counted(m, 'failed');
}

export interface RunOptions {
  /** /rules/{id}/test: render the templates, then stop (EMQX counts that as a failure of unknown kind) */
  stopAfterRender?: boolean;
}

/** Runs one action for one output; the outcome is counted when it is known (a publish, a provider's answer). */
export function runAction(
  env: ActionEnv,
  metrics: RuleMetrics,
  a: PreparedAction,
  call: ActionCall,
  origin: string | undefined,
  opts: RunOptions = {},
): ActionOutcome | Promise<ActionOutcome> {
  metrics.actionsTotal++;
  try {
    switch (a.kind) {
      case 'console':
        runConsole(call, env.write);
        return counted(metrics, 'success');
      case 'republish': {
        if (origin === call.ruleId) {
          // EMQX: a rule does not republish what it republished itself; it logs and counts the call as done
          env.log.error({ rule_id: call.ruleId, topic: call.envs.topic }, 'recursive_republish_detected');
          return counted(metrics, 'success');
        }
        const msg = renderRepublish(a.prep, call.selected, call.envs);
        if (opts.stopAfterRender) return counted(metrics, 'failed');
        const id = env.newId();
        env.origins.set(id, call.ruleId, msg.directDispatch);
        const out = { id, topic: msg.topic, payload: msg.payload, qos: msg.qos, retain: msg.retain, fromClientid: call.ruleId, fromUsername: null, properties: msg.properties };
        // a republish runs the rules of its topic inside this call; rules republishing to each other (which EMQX
        // lets loop) go on in later turns of the event loop instead of growing the stack
        const published = env.depth.n < MAX_NESTING ? publishNested(env, out, msg.directDispatch) : deferred(env, out, msg.directDispatch);
        return published.then(
          () => counted(metrics, 'success'),
          (err: unknown) => failed(env, metrics, a, call.ruleId, err),
        );
      }
      case 'ref': {
        const provider = env.providers.find((p) => p.handles(a.type));
        if (!provider) return counted(metrics, 'discarded'); // EMQX: bridge_not_found → discarded
        const r = provider.send(a.type, a.name, { ...call, ...(opts.stopAfterRender ? { stopAfterRender: true } : {}) });
        return r instanceof Promise
          ? r.then(
              (x) => countResult(metrics, x),
              (err: unknown) => failed(env, metrics, a, call.ruleId, err),
            )
          : countResult(metrics, r);
      }
    }
  } catch (err) {
    return failed(env, metrics, a, call.ruleId, err);
  }
}

type Outgoing = Parameters<Broker['publish']>[0];

function publishNested(env: ActionEnv, msg: Outgoing, direct: boolean): Promise<unknown> {
  env.depth.n++;
  try {
    return env.broker.publish(msg, { bypassHooks: direct });
  } finally {
    env.depth.n--;
  }
}

function deferred(env: ActionEnv, msg: Outgoing, direct: boolean): Promise<unknown> {
  return new Promise<void>((r) => setImmediate(r)).then(() => publishNested(env, msg, direct));
}
