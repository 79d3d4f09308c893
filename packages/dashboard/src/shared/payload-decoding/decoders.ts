// Payload decoders of the console (issue 14, "decoded payloads"): the plain views (text, JSON, hex, base64), a
// registered Avro or Protobuf schema (with the Protobuf message type), and Sparkplug B with Eclipse Tahu's
// sparkplug_b.proto built in (@mqdeck/api's, the file the server's sparkplug_decode reads). Decoding runs in the browser with the
// libraries the server uses (avsc, protobufjs), so it works against any EMQX-compatible node. A payload that does not
// decode gives a sentence for the operator, never an exception.
import avroTypes from 'avsc/etc/browser/avsc-types.js';
import type { Type as AvroType } from 'avsc';
import protobuf from 'protobufjs';
import { Buffer as BufferImpl } from 'buffer';
import sparkplugProto from '@mqdeck/api/sparkplug_b.proto?raw';
import { prettyJson, toBase64, toHex, toText } from './bytes';

export type PlainDecoder = 'text' | 'json' | 'hex' | 'base64';
export const PLAIN_DECODERS: readonly PlainDecoder[] = ['text', 'json', 'hex', 'base64'];

/** A decoder, as one string (what the picker and the per-filter memory store). */
export type DecoderKey = PlainDecoder | 'sparkplug' | `avro:${string}` | `protobuf:${string}:${string}`;

export type Decoder = { kind: PlainDecoder } | { kind: 'sparkplug' } | { kind: 'avro'; schema: string } | { kind: 'protobuf'; schema: string; messageType: string };

/** The Sparkplug B payload message of sparkplug_b.proto. */
export const SPARKPLUG_PAYLOAD_TYPE = 'org.eclipse.tahu.protobuf.Payload';

export function decoderKey(d: Decoder): DecoderKey {
  switch (d.kind) {
    case 'avro':
      return `avro:${d.schema}`;
    case 'protobuf':
      return `protobuf:${d.schema}:${d.messageType}`;
    default:
      return d.kind;
  }
}

/** The decoder a key names, or undefined for a key that names none (an old or edited localStorage value). */
export function parseDecoderKey(key: string): Decoder | undefined {
  if ((PLAIN_DECODERS as readonly string[]).includes(key) || key === 'sparkplug') return { kind: key as PlainDecoder | 'sparkplug' };
  if (key.startsWith('avro:') && key.length > 5) return { kind: 'avro', schema: key.slice(5) };
  if (key.startsWith('protobuf:')) {
    const rest = key.slice(9);
    const colon = rest.indexOf(':');
    if (colon > 0 && colon < rest.length - 1) return { kind: 'protobuf', schema: rest.slice(0, colon), messageType: rest.slice(colon + 1) };
  }
  return undefined;
}

export function isPlainDecoder(key: string): key is PlainDecoder {
  return (PLAIN_DECODERS as readonly string[]).includes(key);
}

/** A registered schema as GET /schema_registry lists it (json schemas validate, they do not decode). */
export interface RegisteredSchema {
  name: string;
  type: string;
  source: string;
}

/** A schema compiled for decoding, or the sentence saying why it does not compile. */
export type CompiledSchema =
  { type: 'avro'; avro: AvroType } | { type: 'protobuf'; root: protobuf.Root; proto3: boolean; messageTypes: string[] } | { type: 'error'; problem: string };

const compiled = new Map<string, CompiledSchema>();

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Every message type of a Protobuf root, by full name (nested ones too), in declaration order. */
function messageTypesOf(ns: protobuf.NamespaceBase, out: string[] = []): string[] {
  for (const nested of ns.nestedArray) {
    if (nested instanceof protobuf.Type) out.push(nested.fullName.replace(/^\./, ''));
    if (nested instanceof protobuf.Namespace) messageTypesOf(nested, out);
  }
  return out;
}

/** Compiles a schema source once (cached by type and source: an edited schema compiles again). */
export function compileSchema(type: string, source: string): CompiledSchema {
  const cacheKey = `${type}\u0000${source}`;
  const hit = compiled.get(cacheKey);
  if (hit) return hit;
  let result: CompiledSchema;
  try {
    if (type === 'avro') result = { type: 'avro', avro: avroTypes.Type.forSchema(JSON.parse(source) as Parameters<typeof avroTypes.Type.forSchema>[0]) };
    else if (type === 'protobuf') {
      const root = protobuf.parse(source, { keepCase: true }).root;
      root.resolveAll();
      result = { type: 'protobuf', root, proto3: /^\s*syntax\s*=\s*["']proto3["']/m.test(source), messageTypes: messageTypesOf(root) };
    } else result = { type: 'error', problem: `a ${type} schema does not decode payloads` };
  } catch (err) {
    result = { type: 'error', problem: errorText(err) };
  }
  compiled.set(cacheKey, result);
  return result;
}

let sparkplug: CompiledSchema | undefined;
export function sparkplugSchema(): CompiledSchema {
  sparkplug ??= compileSchema('protobuf', sparkplugProto);
  return sparkplug;
}

/** A decoded value as plain JSON data: bytes as base64 text, 64-bit integers as exact decimal text. */
export function plainValue(v: unknown): unknown {
  // ArrayBuffer.isView: a Buffer from another realm (node's, under jsdom) is not `instanceof Uint8Array` here
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) return toBase64(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return v.map(plainValue);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) out[k] = plainValue((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

export type DecodeResult = { ok: true; value: unknown } | { ok: false; problem: string };

/** Avro: the whole payload must be one datum of the schema (avsc refuses trailing bytes). */
export function decodeAvro(bytes: Uint8Array, type: AvroType): DecodeResult {
  try {
    const buf = avroBuffer(bytes);
    return { ok: true, value: plainValue(type.fromBuffer(buf)) };
  } catch (err) {
    return { ok: false, problem: errorText(err) };
  }
}

function avroBuffer(bytes: Uint8Array): Parameters<AvroType['fromBuffer']>[0] {
  // The Buffer class avsc itself was loaded with (it picks its string codecs from that class): node's Buffer where
  // there is one (tests), else the npm `buffer` polyfill that avsc's own require('buffer') gets in the browser bundle.
  const B = (globalThis as { Buffer?: typeof BufferImpl }).Buffer ?? BufferImpl;
  return B.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Protobuf: the payload as one message of the type; fields not set are left out (proto3 scalars show their default). */
export function decodeProtobuf(bytes: Uint8Array, schema: Extract<CompiledSchema, { type: 'protobuf' }>, messageType: string): DecodeResult {
  let type: protobuf.Type;
  try {
    type = schema.root.lookupType(messageType);
  } catch {
    return { ok: false, problem: `the schema has no message type ${messageType}` };
  }
  try {
    const message = type.decode(bytes);
    const err = type.verify(message);
    if (err) return { ok: false, problem: err };
    return {
      ok: true,
      value: plainValue(type.toObject(message, { longs: String, enums: String, bytes: String, defaults: schema.proto3, arrays: schema.proto3 })),
    };
  } catch (err) {
    return { ok: false, problem: errorText(err) };
  }
}

/** Text of a decoded value for the viewer: indented JSON. */
export function showDecoded(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** What a viewer shows for a payload under a decoder: the text, and the sentence when the decoder does not apply. */
export interface PayloadView {
  text: string;
  problem?: string;
  /** the problem is the schema list (not loaded yet, or not available), not the payload */
  waiting?: boolean;
}

export interface SchemaSource {
  /** the registered schemas, undefined while loading */
  schemas?: readonly RegisteredSchema[];
  /** why the list is not available (e.g. a node without a schema registry), in the operator's words */
  error?: string;
}

/** Problem sentences, in the UI language (the caller passes its i18n texts). */
export interface DecodeTexts {
  notJson: string;
  notDecoded: (decoder: string, reason: string) => string;
  schemaMissing: (schema: string) => string;
  schemasLoading: string;
  schemasUnavailable: (reason: string) => string;
}

export function viewPayload(bytes: Uint8Array, base64: string, decoder: Decoder, source: SchemaSource, texts: DecodeTexts): PayloadView {
  switch (decoder.kind) {
    case 'text':
      return { text: toText(bytes) };
    case 'hex':
      return { text: toHex(bytes) };
    case 'base64':
      return { text: base64 };
    case 'json': {
      const text = toText(bytes);
      const pretty = prettyJson(text);
      return pretty === null ? { text, problem: texts.notJson } : { text: pretty };
    }
    case 'sparkplug': {
      const schema = sparkplugSchema();
      if (schema.type !== 'protobuf') return { text: toHex(bytes), problem: texts.notDecoded('Sparkplug B', schema.type === 'error' ? schema.problem : '') };
      const r = decodeProtobuf(bytes, schema, SPARKPLUG_PAYLOAD_TYPE);
      return r.ok ? { text: showDecoded(r.value) } : { text: toHex(bytes), problem: texts.notDecoded('Sparkplug B', r.problem) };
    }
    case 'avro':
    case 'protobuf': {
      if (source.error !== undefined && !source.schemas) return { text: toHex(bytes), problem: texts.schemasUnavailable(source.error), waiting: true };
      if (!source.schemas) return { text: toHex(bytes), problem: texts.schemasLoading, waiting: true };
      const registered = source.schemas.find((s) => s.name === decoder.schema && s.type === decoder.kind);
      if (!registered) return { text: toHex(bytes), problem: texts.schemaMissing(decoder.schema) };
      const label = decoder.kind === 'protobuf' ? `${decoder.schema} (${decoder.messageType})` : decoder.schema;
      const schema = compileSchema(registered.type, registered.source);
      if (schema.type === 'error') return { text: toHex(bytes), problem: texts.notDecoded(label, schema.problem) };
      const r = schema.type === 'avro' ? decodeAvro(bytes, schema.avro) : decodeProtobuf(bytes, schema, decoder.kind === 'protobuf' ? decoder.messageType : '');
      return r.ok ? { text: showDecoded(r.value) } : { text: toHex(bytes), problem: texts.notDecoded(label, r.problem) };
    }
  }
}
