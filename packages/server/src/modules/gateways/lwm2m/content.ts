/**
 * LwM2M payloads <-> the JSON the gateway publishes and accepts on MQTT (EMQX 5.8 emqx_lwm2m_message):
 *  - a device's TLV (11542), text (0), opaque (42) or LwM2M JSON (11543, `{bn, e: [{n, v|sv|bv|ov}]}`) answer becomes a
 *    list of `{path, value}`, typed by the object definitions (Integer/Float/Time numbers, Boolean true/false, String
 *    text, Opaque base64, Objlnk "obj:inst");
 *  - a write command's `[{path?, type, value}]` becomes TLV for the path it targets (object, instance or resource).
 */
import { decodeFloat, decodeInteger, encodeInteger, parseTlv, type Tlv } from './tlv';
import type { ObjectDefs, ResourceType } from './objects';

export type JsonValue = string | number | boolean | null;
export interface PathValue {
  path: string;
  value: JsonValue;
}

/** One element of a write command's `content`: value as the command carries it (strings or numbers). */
export interface WriteElement {
  path?: string;
  type: string;
  value: unknown;
}

export class ContentError extends Error {}

function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function toInt(s: string, what: string): number {
  if (!/^\d+$/.test(s)) throw new ContentError(`${what} ${s} is not a number.`);
  return Number(s);
}

function resourceType(defs: ObjectDefs, objectId: number, resourceId: number): ResourceType {
  const obj = defs.object(objectId);
  if (!obj) throw new ContentError(`Object ${objectId} has no definition (unknown_object_id).`);
  const res = obj.resources.get(resourceId);
  if (!res) throw new ContentError(`Object ${objectId} has no resource ${resourceId}.`);
  return res.type;
}

/** A TLV value as JSON, by the resource's type in the definitions. */
function tlvValue(b: Buffer, type: ResourceType): JsonValue {
  switch (type) {
    case 'String':
      return b.toString('utf8');
    case 'Integer':
      return decodeInteger(b);
    case 'Float':
      return decodeFloat(b);
    case 'Boolean':
      if (b.length === 1 && (b[0] === 0 || b[0] === 1)) return b[0] === 1;
      throw new ContentError('A Boolean TLV value is one byte 0 or 1.');
    case 'Time':
      return b.length === 0 ? 0 : Number(b.readUIntBE(0, Math.min(b.length, 6)));
    case 'Objlnk':
      if (b.length !== 4) throw new ContentError('An Objlnk TLV value is 4 bytes.');
      return `${b.readUInt16BE(0)}:${b.readUInt16BE(2)}`;
    default:
      return b.toString('base64');
  }
}

/** A device's TLV answer for `basename` (the path the request targeted, '/3/0' ...) as EMQX's `{path, value}` list. */
export function tlvToJson(basename: string, data: Buffer, defs: ObjectDefs): PathValue[] {
  const parts = segments(basename);
  const objectId = toInt(parts[0] ?? '', 'Object id');
  if (!defs.object(objectId)) throw new ContentError(`Object ${objectId} has no definition (unknown_object_id).`);
  const tlv = parseTlv(data);
  const type = (rid: number) => resourceType(defs, objectId, rid);
  const level2 = (prefix: string, items: Tlv[]): PathValue[] =>
    items.flatMap((t): PathValue[] => {
      if (t.kind === 'resource_with_value') return [{ path: `${prefix}/${t.id}`, value: tlvValue(t.value, type(t.id)) }];
      if (t.kind === 'multiple_resource') return t.value.map((i) => ({ path: `${prefix}/${t.id}/${i.id}`, value: tlvValue(i.value as Buffer, type(t.id)) }));
      throw new ContentError('An object instance TLV cannot sit inside an object instance.');
    });
  const first = tlv[0];
  if (!first) return [];
  if (tlv.length === 1 && first.kind === 'resource_with_value') {
    const path = parts.length >= 3 ? `/${parts.slice(0, 3).join('/')}` : `/${parts[0]}/${parts[1] ?? 0}/${first.id}`;
    return [{ path, value: tlvValue(first.value, type(first.id)) }];
  }
  if (first.kind === 'resource_with_value' || first.kind === 'multiple_resource') return level2(`/${parts[0]}/${parts[1] ?? 0}`, tlv);
  if (first.kind === 'object_instance' && tlv.length === 1) return level2(parts.length >= 2 ? `/${parts[0]}/${parts[1]}` : `/${parts[0]}/${first.id}`, first.value);
  return tlv.flatMap((t) => {
    if (t.kind !== 'object_instance') throw new ContentError('An object TLV holds object instances only.');
    // EMQX names these paths without the leading slash ("3/0/0")
    return level2(`${objectId}/${t.id}`, t.value);
  });
}

/** A text (content format 0) answer for /obj/inst/res. */
export function textToJson(basename: string, text: string, defs: ObjectDefs): PathValue[] {
  const parts = segments(basename);
  if (parts.length < 3) throw new ContentError(`A text value needs a resource path, not ${basename}.`);
  const type = resourceType(defs, toInt(parts[0], 'Object id'), toInt(parts[2], 'Resource id'));
  let value: JsonValue;
  switch (type) {
    case 'Integer':
    case 'Float':
    case 'Time':
      value = Number(text);
      if (text.trim() === '' || Number.isNaN(value)) throw new ContentError(`${text} is not a number.`);
      break;
    case 'Boolean':
      if (text !== 'true' && text !== 'false') throw new ContentError(`${text} is not true or false.`);
      value = text === 'true';
      break;
    case 'Opaque':
      value = Buffer.from(text).toString('base64');
      break;
    default:
      value = text;
  }
  return [{ path: basename, value }];
}

/** An opaque (content format 42) answer: the bytes in base64. */
export function opaqueToJson(basename: string, data: Buffer): PathValue[] {
  return [{ path: basename, value: data.toString('base64') }];
}

/** An LwM2M JSON (content format 11543) answer: `bn` + each element's `n`, value from t, v, bv, ov or sv. */
export function translateJson(data: Buffer): PathValue[] {
  let doc: { bn?: unknown; e?: unknown };
  try {
    doc = JSON.parse(data.toString('utf8')) as { bn?: unknown; e?: unknown };
  } catch {
    throw new ContentError('The LwM2M JSON payload is not JSON.');
  }
  const bn = typeof doc.bn === 'string' ? doc.bn : '';
  const elements = Array.isArray(doc.e) ? (doc.e as Array<Record<string, unknown>>) : [];
  return elements.map((e) => {
    const n = typeof e.n === 'string' ? e.n : '';
    const path = `${bn.replace(/\/+$/, '')}/${n.replace(/^\/+/, '')}`;
    const raw = 't' in e ? e.t : 'v' in e ? e.v : 'bv' in e ? e.bv : 'ov' in e ? e.ov : 'sv' in e ? e.sv : null;
    return { path, value: raw as JsonValue };
  });
}

/** A write command's value as TLV bytes (EMQX's value_ex: numbers, strings, base64 Opaque, "true"/"false", "a:b"). */
function writeValue(type: string, value: unknown): Buffer {
  // encoding = hex: the command's value is already bytes (String and Opaque take them as they are)
  if (Buffer.isBuffer(value) && (type === 'String' || type === 'Opaque')) return value;
  const s = Buffer.isBuffer(value) ? value.toString('utf8') : typeof value === 'string' ? value : String(value);
  switch (type) {
    case 'Integer':
    case 'Time':
    case 'Float': {
      if (typeof value !== 'number' && !/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(s)) throw new ContentError(`${s} is not a number.`);
      const n = Number(s);
      if (Number.isInteger(n) && !/[.eE]/.test(s)) return encodeInteger(BigInt(s.split('.')[0]));
      const b = Buffer.alloc(8);
      b.writeDoubleBE(n, 0);
      return b;
    }
    case 'String':
      return Buffer.from(s, 'utf8');
    case 'Opaque':
      return Buffer.from(s, 'base64');
    case 'Boolean':
      if (s === 'true') return Buffer.from([1]);
      if (s === 'false') return Buffer.from([0]);
      throw new ContentError(`${s} is not true or false.`);
    case 'Objlnk': {
      const m = /^(\d+):(\d+)$/.exec(s);
      if (!m) throw new ContentError(`${s} is not an object link such as 3:0.`);
      const b = Buffer.alloc(4);
      b.writeUInt16BE(Number(m[1]), 0);
      b.writeUInt16BE(Number(m[2]), 2);
      return b;
    }
    default:
      throw new ContentError(`${type} is not a resource type (String, Integer, Float, Boolean, Opaque, Time, Objlnk).`);
  }
}

/** The TLV for a write to `target` ('/3/0/13', '/3/0' or '/3') of the command's elements (EMQX json_to_tlv). */
export function jsonToTlv(target: string, elements: WriteElement[]): Tlv[] {
  const parts = segments(target).map((p) => toInt(p, 'Path segment'));
  if (parts.length === 0 || parts.length > 3) throw new ContentError(`${target} is not an object, instance or resource path.`);
  const rel = (e: WriteElement): number[] => segments(e.path ?? '').map((p) => toInt(p, 'Path segment'));
  const upsert = <T extends Tlv>(list: Tlv[], item: T, same: (t: Tlv) => boolean): T => {
    const i = list.findIndex(same);
    if (i >= 0) list.splice(i, 1);
    list.push(item);
    return item;
  };
  // resource_with_value or multiple_resource of resource `ids[0]` (instance ids[1]) inside `list`
  const intoInstance = (list: Tlv[], ids: number[], value: Buffer): void => {
    if (ids.length === 0) throw new ContentError('A write element needs a resource path.');
    if (ids.length === 1) {
      upsert(list, { kind: 'resource_with_value', id: ids[0], value }, (t) => t.kind !== 'object_instance' && t.id === ids[0]);
      return;
    }
    const found = list.find((t) => t.kind === 'multiple_resource' && t.id === ids[0]) as Extract<Tlv, { kind: 'multiple_resource' }> | undefined;
    const res = found ?? upsert(list, { kind: 'multiple_resource', id: ids[0], value: [] as Tlv[] }, (t) => t.kind !== 'object_instance' && t.id === ids[0]);
    upsert(res.value, { kind: 'resource_instance', id: ids[1], value }, (t) => t.id === ids[1]);
  };
  if (parts.length === 3) {
    if (elements.length === 1) return [{ kind: 'resource_with_value', id: parts[2], value: writeValue(elements[0].type, elements[0].value) }];
    const res: Tlv = { kind: 'multiple_resource', id: parts[2], value: [] };
    for (const e of elements) {
      const ids = rel(e);
      upsert(res.value, { kind: 'resource_instance', id: ids[ids.length - 1] ?? 0, value: writeValue(e.type, e.value) }, (t) => t.id === ids[ids.length - 1]);
    }
    return [res];
  }
  const out: Tlv[] = [];
  for (const e of elements) {
    const ids = rel(e);
    const value = writeValue(e.type, e.value);
    if (parts.length === 2) {
      intoInstance(out, ids, value);
      continue;
    }
    const [inst, ...rest] = ids;
    if (inst === undefined) throw new ContentError('A write to an object needs instance paths.');
    const found = out.find((t) => t.kind === 'object_instance' && t.id === inst) as Extract<Tlv, { kind: 'object_instance' }> | undefined;
    const oi = found ?? upsert(out, { kind: 'object_instance', id: inst, value: [] as Tlv[] }, () => false);
    intoInstance(oi.value, rest, value);
  }
  return out;
}
