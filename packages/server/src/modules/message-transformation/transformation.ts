// A transformation's shape (EMQX emqx_message_transformation_schema), its checks, and running it on one message
// (emqx_message_transformation:run_transformation): decode the payload, evaluate each operation's variform
// expression against the message's context and put the value at its key, encode the payload, and take back only
// the fields an operation touched (the payload too when the encoder differs from the decoder). A step that fails
// yields EMQX's failure context ({msg: tag, …}), which the dry run answers with and the hook logs.
import { isUtf8 } from 'node:buffer';
import {
  compileVariform,
  evaluateVariform,
  isValidTopicName,
  renderVariform,
  VariformError,
  type CompiledVariform,
  type VariformBindings,
  type VariformFunctions,
  type VariformValue,
} from '@mqdeck/broker';
import { jsonEncode } from '../rules/funcs/codec-json';
import type { SchemaRegistry } from '../schema-registry/schema-registry.service';
import { nameProblem } from '../schema-registry/schema-registry.service';

export type Serde = { type: 'none' } | { type: 'json' } | { type: 'avro'; schema: string } | { type: 'protobuf'; schema: string; message_type: string };
export type LogLevel = 'error' | 'warning' | 'notice' | 'info' | 'debug' | 'none';
export type FailureAction = 'drop' | 'disconnect' | 'ignore';

export interface Transformation {
  name: string;
  description: string;
  enable: boolean;
  tags: string[];
  topics: string[];
  failure_action: FailureAction;
  log_failure: { level: LogLevel };
  payload_decoder: Serde;
  payload_encoder: Serde;
  operations: { key: string; value: string }[];
}

/** A body EMQX's schema refuses; the message is the plain sentence the API answers with. */
export class TransformationError extends Error {}

const FAILURE_ACTIONS: readonly FailureAction[] = ['drop', 'disconnect', 'ignore'];
const LEVELS: readonly LogLevel[] = ['error', 'warning', 'notice', 'info', 'debug', 'none'];
const ROOT_KEYS = 'payload, qos, retain, topic, user_property';

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): v is string => typeof v === 'string';

/** json_encode / json_decode (EMQX emqx_message_transformation_bif), by their short and qualified names */
const BIF_MOD = 'emqx_message_transformation_bif';
const jsonEncodeFn = {
  arity: [1],
  call: (x: VariformValue) => {
    try {
      return jsonEncode(x);
    } catch (err) {
      throw new VariformError(`json_encode: ${err instanceof Error ? err.message : String(err)}`);
    }
  },
};
const jsonDecodeFn = {
  arity: [1],
  call: (x: VariformValue) => {
    if (typeof x !== 'string') throw new VariformError('json_decode: expected a JSON text');
    try {
      return JSON.parse(x) as VariformValue;
    } catch {
      throw new VariformError('json_decode: not valid JSON');
    }
  },
};
const BIFS: VariformFunctions = { json_encode: jsonEncodeFn, json_decode: jsonDecodeFn, [`${BIF_MOD}.json_encode`]: jsonEncodeFn, [`${BIF_MOD}.json_decode`]: jsonDecodeFn };

/** A bare literal ('t/2', "x", 1, 1.5, true): EMQX 5.8's variform parser takes one as a whole expression */
const LITERAL = /^\s*(?:'([^']*)'|"([^"]*)"|([+-]?[0-9]+(?:\.[0-9]+(?:e[+-]?[0-9]+)?)?)|(true|false))\s*$/;

export type Expr = { literal: VariformValue } | { compiled: CompiledVariform };

export function compileExpr(value: string): Expr {
  const m = LITERAL.exec(value);
  if (m) {
    if (m[1] !== undefined || m[2] !== undefined) return { literal: m[1] ?? m[2] };
    if (m[3] !== undefined) return { literal: Number(m[3]) };
    return { literal: m[4] === 'true' };
  }
  return { compiled: compileVariform(value, BIFS) };
}

/** EMQX parse_key_path: payload[.path…], qos, retain, topic, user_property.<one key> */
export function parseKey(key: string): string[] {
  if (key === '') throw new TransformationError('An operation key must not be empty.');
  const parts = key.split('.');
  if (parts.some((p) => p === '')) throw new TransformationError(`The operation key ${JSON.stringify(key)} has an empty part.`);
  const [root] = parts;
  if (root === 'payload') return parts;
  if ((root === 'qos' || root === 'retain' || root === 'topic') && parts.length === 1) return parts;
  if (root === 'user_property') {
    if (parts.length === 2) return parts;
    throw new TransformationError(`The operation key ${JSON.stringify(key)} must name exactly one key inside user_property (user_property.<name>).`);
  }
  throw new TransformationError(`The operation key ${JSON.stringify(key)} is not allowed: it must start with one of ${ROOT_KEYS}.`);
}

function serdeOf(v: unknown, what: string): Serde {
  if (v === undefined) return { type: 'none' };
  if (!isObj(v) || !text(v.type)) throw new TransformationError(`The ${what} must be an object with a type (none, json, avro or protobuf).`);
  switch (v.type) {
    case 'none':
    case 'json':
      return { type: v.type };
    case 'avro':
      if (!text(v.schema) || v.schema === '') throw new TransformationError(`The ${what} of type avro needs the name of a registered schema.`);
      return { type: 'avro', schema: v.schema };
    case 'protobuf':
      if (!text(v.schema) || v.schema === '') throw new TransformationError(`The ${what} of type protobuf needs the name of a registered schema.`);
      if (!text(v.message_type) || v.message_type === '') throw new TransformationError(`The ${what} of type protobuf needs a message type.`);
      return { type: 'protobuf', schema: v.schema, message_type: v.message_type };
    default:
      throw new TransformationError(`The ${what} type ${JSON.stringify(v.type)} is not supported: expected none, json, avro or protobuf.`);
  }
}

/** the request body checked and completed with EMQX's defaults; throws TransformationError with a sentence */
export function normalize(body: unknown): Transformation {
  if (!isObj(body)) throw new TransformationError('Expected a transformation object in the body.');
  const { name, topics: rawTopics, failure_action, operations: rawOps } = body;
  if (!text(name)) throw new TransformationError('The transformation needs a name.');
  const problem = nameProblem(name);
  if (problem) throw new TransformationError(problem.endsWith('.') ? problem : `${problem}.`);
  if (rawTopics === undefined) throw new TransformationError('The transformation needs topics: at least one topic filter.');
  const topics = text(rawTopics) ? [rawTopics] : rawTopics;
  if (!Array.isArray(topics) || !topics.every(text)) throw new TransformationError('The topics must be a topic filter or a list of topic filters.');
  if (topics.length === 0) throw new TransformationError('At least one topic filter must be defined.');
  const dup = topics.filter((t, i) => topics.indexOf(t) !== i);
  if (dup.length > 0) throw new TransformationError(`Duplicated topics: ${[...new Set(dup)].join(', ')}.`);
  if (!FAILURE_ACTIONS.includes(failure_action as FailureAction)) throw new TransformationError('The failure action must be drop, disconnect or ignore.');
  const level = isObj(body.log_failure) && body.log_failure.level !== undefined ? body.log_failure.level : 'info';
  if (!LEVELS.includes(level as LogLevel)) throw new TransformationError(`The log level must be one of ${LEVELS.join(', ')}.`);
  if (body.enable !== undefined && typeof body.enable !== 'boolean') throw new TransformationError('enable must be true or false.');
  if (body.description !== undefined && !text(body.description)) throw new TransformationError('The description must be text.');
  if (body.tags !== undefined && !(Array.isArray(body.tags) && body.tags.every(text))) throw new TransformationError('The tags must be a list of texts.');
  const ops = rawOps ?? [];
  if (!Array.isArray(ops)) throw new TransformationError('The operations must be a list of {key, value}.');
  const operations = ops.map((op: unknown, i) => {
    if (!isObj(op) || !text(op.key) || !text(op.value)) throw new TransformationError(`Operation ${i + 1} needs a key and a value, both text.`);
    parseKey(op.key);
    try {
      compileExpr(op.value);
    } catch (err) {
      if (err instanceof VariformError) throw new TransformationError(`The value of operation ${i + 1} (${op.key}) is not a valid expression: ${err.message}.`);
      throw err;
    }
    return { key: op.key, value: op.value };
  });
  return {
    name,
    description: body.description ?? '',
    enable: body.enable ?? true,
    tags: body.tags ?? [],
    topics,
    failure_action: failure_action as FailureAction,
    log_failure: { level: level as LogLevel },
    payload_decoder: serdeOf(body.payload_decoder, 'payload decoder'),
    payload_encoder: serdeOf(body.payload_encoder, 'payload encoder'),
    operations,
  };
}

// ---------------------------------------------------------------- running one transformation

/** The message as transformations see it: the payload may be a decoded value between two transformations. */
export interface TMessage {
  id: string;
  topic: string;
  qos: 0 | 1 | 2;
  retain: boolean;
  dup: boolean;
  payload: unknown;
  userProperty: Record<string, string>;
  /** MQTT 5 properties in EMQX's printable names, without User-Property */
  pubProps: Record<string, unknown>;
  clientid: string | null;
  username: string | null;
  peername: string | null;
  clientAttrs: Record<string, string>;
  publishReceivedAt: number;
}

/** EMQX's trace_failure_context as a map: `msg` is the tag */
export type FailureContext = { msg: string } & Record<string, unknown>;

export interface Compiled {
  t: Transformation;
  ops: { path: string[]; expr: Expr }[];
}

export function compile(t: Transformation): Compiled {
  return { t, ops: t.operations.map((o) => ({ path: parseKey(o.key), expr: compileExpr(o.value) })) };
}

type Outcome = { ok: TMessage } | { failure: FailureContext };

function failure(msg: string, context: Record<string, unknown>): { failure: FailureContext } {
  return { failure: { msg, ...context } };
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function serdeContext(role: 'decoder' | 'encoder', s: Serde): Record<string, unknown> {
  if (s.type === 'protobuf') return { [role]: s.type, schema_name: s.schema, message_type: s.message_type };
  if (s.type === 'avro') return { [role]: s.type, schema_name: s.schema };
  return { [role]: s.type };
}

const isBinaryPayload = (p: unknown): p is Buffer | string => Buffer.isBuffer(p) || typeof p === 'string';
const bytes = (p: Buffer | string) => (Buffer.isBuffer(p) ? p : Buffer.from(p, 'utf8'));

function decode(payload: unknown, d: Serde, registry: SchemaRegistry): { value: unknown } | { failure: FailureContext } {
  if (d.type === 'none') return { value: payload };
  if (!isBinaryPayload(payload)) {
    return failure('payload_decode_failed', {
      ...serdeContext('decoder', d),
      reason: 'payload must be a binary',
      hint: 'check the transformation(s) before this one for inconsistencies',
    });
  }
  if (d.type === 'json') {
    try {
      return { value: JSON.parse(bytes(payload).toString('utf8')) as unknown };
    } catch (err) {
      return failure('payload_decode_failed', { decoder: 'json', reason: reasonOf(err) });
    }
  }
  const serde = registry.serde(d.schema);
  if (!serde) return failure('payload_decode_schema_not_found', serdeContext('decoder', d));
  try {
    return { value: serde.decode(bytes(payload), d.type === 'protobuf' ? [d.message_type] : []) };
  } catch (err) {
    return failure('payload_decode_schema_failure', { ...serdeContext('decoder', d), reason: reasonOf(err) });
  }
}

function encode(value: unknown, e: Serde, registry: SchemaRegistry): { value: unknown } | { failure: FailureContext } {
  if (e.type === 'none') return { value };
  if (e.type === 'json') {
    try {
      return { value: Buffer.from(jsonEncode(value), 'utf8') };
    } catch (err) {
      return failure('payload_encode_failed', { encoder: 'json', reason: reasonOf(err) });
    }
  }
  const serde = registry.serde(e.schema);
  if (!serde) return failure(e.type === 'protobuf' ? 'payload_encode_schema_failure' : 'payload_encode_schema_not_found', serdeContext('encoder', e));
  try {
    const out = serde.encode(value, e.type === 'protobuf' ? [e.message_type] : []);
    return { value: bytes(out) };
  } catch (err) {
    return failure('payload_encode_schema_failure', { ...serdeContext('encoder', e), reason: reasonOf(err) });
  }
}

/** a binary payload in the context reads as text when it is UTF-8 (variform works on text) */
const contextPayload = (p: unknown): unknown => (Buffer.isBuffer(p) ? (isUtf8(p) ? p.toString('utf8') : p.toString('latin1')) : p);

function bindings(m: TMessage, payload: unknown, node: string): VariformBindings {
  const b: Record<string, unknown> = {
    client_attrs: m.clientAttrs,
    clientid: m.clientid,
    flags: { dup: m.dup, retain: m.retain },
    id: m.id,
    node,
    payload: contextPayload(payload),
    peername: m.peername,
    pub_props: { ...m.pubProps, 'User-Property': m.userProperty },
    publish_received_at: m.publishReceivedAt,
    qos: m.qos,
    retain: m.retain,
    timestamp: Date.now(),
    topic: m.topic,
    user_property: m.userProperty,
    username: m.username,
  };
  return b as VariformBindings;
}

/** EMQX's reason for a variform error: var_unbound with the variable's name, or the sentence */
function variformReason(err: VariformError): unknown {
  const unbound = /^variable (.+) is not bound$/.exec(err.message);
  return unbound ? { reason: 'var_unbound', var_name: unbound[1] } : err.message;
}

function deepPut(target: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  if (!isObj(target)) throw new TypeError(`cannot set ${path.join('.')} inside a ${Array.isArray(target) ? 'list' : typeof target}: the payload must be a decoded map`);
  const [k, ...rest] = path;
  return { ...target, [k]: deepPut(target[k] ?? {}, rest, value) };
}

/** run_transformation/2 */
export function runTransformation(c: Compiled, m: TMessage, registry: SchemaRegistry, node: string): Outcome {
  const { t } = c;
  const decoded = decode(m.payload, t.payload_decoder, registry);
  if ('failure' in decoded) return decoded;
  const dirty = new Set<string>();
  if (t.payload_decoder.type !== t.payload_encoder.type || JSON.stringify(t.payload_decoder) !== JSON.stringify(t.payload_encoder)) dirty.add('payload');
  let payload = decoded.value;
  let topic = m.topic;
  let qos = m.qos;
  let retain = m.retain;
  let userProperty = m.userProperty;
  for (const [i, { path, expr }] of c.ops.entries()) {
    const key = path.join('.');
    let value: unknown;
    try {
      const b = bindings({ ...m, topic, qos, retain, userProperty }, payload, node);
      if ('literal' in expr) value = path[0] === 'payload' || typeof expr.literal !== 'number' ? expr.literal : String(expr.literal);
      else value = path[0] === 'payload' ? evaluateVariform(expr.compiled, b) : renderVariform(expr.compiled, b);
      if (path[0] !== 'payload' && typeof value !== 'string') value = String(value);
    } catch (err) {
      if (err instanceof VariformError) return failure('transformation_eval_operation_failure', { reason: variformReason(err) });
      return failure('transformation_eval_operation_exception', { reason: reasonOf(err), operation: { key, value: t.operations[i].value } });
    }
    switch (path[0]) {
      case 'payload':
        try {
          payload = deepPut(payload, path.slice(1), value);
        } catch (err) {
          return failure('transformation_eval_operation_exception', { reason: reasonOf(err), operation: { key } });
        }
        dirty.add('payload');
        break;
      case 'qos':
        if (value !== '0' && value !== '1' && value !== '2') return failure('transformation_eval_operation_failure', { reason: { reason: 'bad_qos_value', input: value } });
        qos = Number(value) as 0 | 1 | 2;
        dirty.add('qos');
        break;
      case 'retain':
        if (value !== 'true' && value !== 'false') return failure('transformation_eval_operation_failure', { reason: { reason: 'bad_retain_value', input: value } });
        retain = value === 'true';
        dirty.add('retain');
        break;
      case 'topic':
        topic = value as string;
        dirty.add('topic');
        break;
      default:
        userProperty = { ...userProperty, [path[1]]: value as string };
        dirty.add('user_property');
    }
  }
  const encoded = encode(payload, t.payload_encoder, registry);
  if ('failure' in encoded) return encoded;
  const out: TMessage = { ...m };
  if (dirty.has('payload')) out.payload = encoded.value;
  if (dirty.has('qos')) out.qos = qos;
  if (dirty.has('retain')) out.retain = retain;
  if (dirty.has('topic')) {
    // EMQX routes whatever topic the expression yields; a name with wildcards or empty cannot be routed here
    if (!isValidTopicName(topic, Infinity)) return failure('transformation_eval_operation_failure', { reason: { reason: 'bad_topic', input: topic } });
    out.topic = topic;
  }
  if (dirty.has('user_property')) out.userProperty = userProperty;
  return { ok: out };
}

/** is_payload_properly_encoded: after the last transformation the payload must be a binary */
export const properlyEncoded = (p: unknown): p is Buffer | string => isBinaryPayload(p);
export const payloadBytes = bytes;
