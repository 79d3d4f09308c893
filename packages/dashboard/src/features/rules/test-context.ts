// The simulated input of a rule test, as EMQX's console fills it: the data source's sample columns from
// /rule_events (`test_columns`), edited as text, sent back with their original types and the event_type.
import type { RuleEvent, RuleTestContext } from './rules.types';
import { MESSAGE_EVENT, eventTypeOf, fromInputs, inputKind, sampleTopic } from './sql';

export interface ContextField {
  key: string;
  /** What the input shows. */
  text: string;
  description: string;
  /** How to send it back. */
  kind: 'string' | 'number' | 'boolean' | 'json';
}

// When the node lists no sample for messages (a trimmed /rule_events), the columns every message has.
const MESSAGE_FALLBACK: RuleEvent['testColumns'] = [
  { key: 'clientid', value: 'c_emqx', description: '' },
  { key: 'username', value: 'u_emqx', description: '' },
  { key: 'topic', value: 't/a', description: '' },
  { key: 'qos', value: 1, description: '' },
  { key: 'payload', value: '{"msg": "hello"}', description: '' },
];

const kindOf = (v: unknown): ContextField['kind'] =>
  typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : v !== null && typeof v === 'object' ? 'json' : 'string';

/** The sample input of `source` (an event, or a source `$bridges/…`: its columns are a message's); a message's topic follows the SQL's first topic. */
export function sampleContext(source: string, events: RuleEvent[], sql: string): ContextField[] {
  const asEvent = source.startsWith('$bridges/') ? MESSAGE_EVENT : source;
  const event = events.find((e) => e.event === asEvent);
  const columns = event?.testColumns.length ? event.testColumns : asEvent === MESSAGE_EVENT ? MESSAGE_FALLBACK : [];
  const topic = fromInputs(sql).find((i) => inputKind(i) === 'topic');
  return columns.map(({ key, value, description }) => {
    const kind = kindOf(value);
    let text = kind === 'json' ? JSON.stringify(value, null, 2) : value === undefined || value === null ? '' : String(value);
    if (key === 'topic' && asEvent === MESSAGE_EVENT && topic) text = sampleTopic(topic);
    return { key, text, description, kind };
  });
}

const EVENT_TYPES = new Set<string>([
  'message_publish',
  'message_delivered',
  'message_acked',
  'message_dropped',
  'delivery_dropped',
  'client_connected',
  'client_disconnected',
  'client_connack',
  'client_check_authn_complete',
  'client_check_authz_complete',
  'session_subscribed',
  'session_unsubscribed',
  'message_transformation_failed',
  'schema_validation_failed',
  'alarm_activated',
  'alarm_deactivated',
]);

function isTestContext(c: Record<string, unknown>): c is RuleTestContext {
  const t = c.event_type;
  return typeof t === 'string' && (EVENT_TYPES.has(t) || /^\$bridges\/[\w-]+:\*$/.test(t));
}

/** The context to send; throws SyntaxError naming the field whose JSON does not parse. */
export function toTestContext(source: string, fields: ContextField[]): RuleTestContext {
  const out: Record<string, unknown> = { event_type: eventTypeOf(source) };
  for (const f of fields) {
    if (f.kind === 'number') out[f.key] = f.text.trim() === '' || Number.isNaN(Number(f.text)) ? f.text : Number(f.text);
    else if (f.kind === 'boolean') out[f.key] = f.text.trim() === 'true';
    else if (f.kind === 'json') {
      try {
        out[f.key] = JSON.parse(f.text);
      } catch {
        throw new SyntaxError(f.key);
      }
    } else out[f.key] = f.text;
  }
  if (!isTestContext(out)) throw new TypeError(`unknown event type ${String(out.event_type)}`);
  return out;
}
