// POST /rule_test (EMQX emqx_rule_sqltester:test) and POST /rules/{id}/test (apply_rule): the context names an
// event type and some of its columns; the others come from the event's examples. The input topic is the message's
// topic for message_publish, the event's `$events/…` topic otherwise; it must match the SQL's FROM or the answer
// is 412 "SQL Not Match". A SQL that yields nothing is 412 too; a run that fails is 400 with EMQX's error text.
import { topicMatches } from '@mqdeck/broker';
import { ApiError } from '../../errors';
import { isObject } from '../../config/tree';
import { parseRuleSql } from './sql/parse';
import { compileRuleSql } from './sql/compile';
import { builtinFunctions } from './funcs/registry';
import { EVENT_TOPICS, eventOfType, isSpecialInput, type EventName } from './events/names';
import { exampleColumns } from './events/examples';
import type { Columns } from './events/columns';
import { RuleMetrics } from './metrics';
import { applyRule, type ApplyResult, type RuntimeEnv, type RuntimeRule } from './runtime';
import { jsonEncode } from './funcs/codec-json';
import type { LoadedRule } from './rules.service';

const notMatch = () => new ApiError(412, 'NOT_MATCH', 'SQL Not Match');
const badRequest = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

interface TestInput {
  event: EventName;
  /** the topic the input arrives on */
  inTopic: string;
  /** the context's own columns */
  fields: Columns;
}

/** The context of a test body (EMQX's ctx_* union, chosen by event_type). */
export function testInput(raw: unknown): TestInput {
  const context = raw === undefined ? {} : raw;
  if (!isObject(context)) throw badRequest('Bad Arguments: context: expected an object');
  const type = context.event_type;
  const event = Object.keys(context).length === 0 ? 'message.publish' : typeof type === 'string' ? eventOfType(type) : undefined;
  if (!event) throw badRequest(`Bad Arguments: context.event_type: unknown event type ${JSON.stringify(type ?? 'undefined')}`);
  const { event_type: _t, event: _e, ...fields } = context;
  const inTopic = event === 'message.publish' ? (typeof fields.topic === 'string' ? fields.topic : '') : EVENT_TOPICS[event];
  return { event, inTopic, fields };
}

/** the example columns of the event with the context's own over them */
function testColumns(input: TestInput, node: string): Columns {
  return { ...exampleColumns(input.event, node), ...input.fields, event: input.event };
}

function failure(r: Exclude<ApplyResult, { kind: 'output' }>): ApiError {
  if (r.kind === 'no_result') return notMatch();
  return badRequest(r.error instanceof Error ? r.error.message : String(r.error));
}

/**
 * POST /rule_test: the SQL's output for the context (FOREACH: the list of outputs) as EMQX's JSON text — the one
 * encoder's (funcs/codec-json): keys in Erlang's map order, a missing value as "undefined".
 */
export async function testSql(env: RuntimeEnv, body: unknown): Promise<string> {
  if (!isObject(body) || typeof body.sql !== 'string') throw badRequest('Bad Arguments: sql: field is required (a string)');
  const input = testInput(body.context);
  let rule: RuntimeRule;
  let from: string[];
  try {
    const parsed = parseRuleSql(body.sql);
    from = parsed.from;
    rule = { id: `sql_tester:${Math.random().toString(16).slice(2, 18)}`, compiled: compileRuleSql(parsed, builtinFunctions), actions: [], metrics: new RuleMetrics() };
  } catch (err) {
    throw badRequest(err instanceof Error ? err.message : String(err));
  }
  if (!from.some((f) => topicMatches(f, input.inTopic))) throw notMatch();
  const r = await applyRule(env, rule, testColumns(input, env.node), undefined);
  if (r.kind !== 'output') throw failure(r);
  return jsonEncode(r.foreach ? r.outputs : r.output);
}

/**
 * POST /rules/{id}/test: runs the saved rule (its metrics count the run) with its actions; by default an action
 * renders what it would send and stops there. Answers each action's result.
 */
export async function testSavedRule(env: RuntimeEnv, rule: LoadedRule, body: unknown): Promise<unknown[]> {
  const b = body === undefined ? {} : body;
  if (!isObject(b)) throw badRequest('Bad Arguments: expected a JSON object');
  const stop = b.stop_action_after_template_rendering ?? true;
  if (typeof stop !== 'boolean') throw badRequest('Bad Arguments: stop_action_after_template_rendering: expected true or false');
  const input = testInput(b.context);
  const messageOnly = rule.from.every((f) => !isSpecialInput(f));
  const matches = messageOnly ? rule.from.some((f) => topicMatches(f, input.inTopic)) : rule.from.includes(input.inTopic);
  if (!matches) throw notMatch();
  const r = await applyRule(env, rule, testColumns(input, env.node), undefined, { stopAfterRender: stop });
  if (r.kind !== 'output') throw failure(r);
  const results = await Promise.all(r.actions);
  return results.map((o) => (o === 'success' ? 'ok' : o));
}
