// Strict MQTT 5 property decoding (MQTT 5.0 §2.2.2). mqtt-packet's own reader trusts the lengths it reads: a value
// running past the property section or the packet comes back as null (then stored and forwarded), duplicates become
// arrays and identifiers are not checked against the packet type. This reader is installed on the parser instead
// (connection/parser-pool.ts) and refuses, with the spec's reason code:
//   - a length (property section, string, binary, pair) that runs past the section or the packet: Malformed (0x81);
//   - an identifier unknown or not valid for the packet type, a variable byte integer over 4 bytes: Malformed (0x81);
//   - a property other than User Property given twice, a 0/1 property with another value, a zero Receive Maximum,
//     Maximum Packet Size or Subscription Identifier: Protocol Error (0x82).
// The result has mqtt-packet's shape (0/1 properties as booleans, user properties as a null-prototype map whose
// repeated names hold arrays), so the handlers read it unchanged.

/** A decoded packet the broker refuses: the connection closes with `reason`, after a v5 DISCONNECT carrying `reasonCode`. */
export class PacketError extends Error {
  constructor(
    readonly reason: 'malformed_packet' | 'protocol_error',
    readonly reasonCode: 0x81 | 0x82,
    message: string,
  ) {
    super(message);
    this.name = 'PacketError';
  }
}

export const malformed = (message: string): PacketError => new PacketError('malformed_packet', 0x81, message);
export const protocolError = (message: string): PacketError => new PacketError('protocol_error', 0x82, message);

/** what the decoder reads: mqtt-packet's BufferList holding the packet body from offset 0 */
export interface ByteSource {
  readUInt8(offset: number): number;
  readUInt16BE(offset: number): number;
  readUInt32BE(offset: number): number;
  toString(encoding: 'utf8', start: number, end: number): string;
  slice(start: number, end: number): Buffer;
}

/** the parser state the decoder advances: `_pos` is the read offset in `_list`, `packet.length` the body's length */
export interface PropertyCursor {
  _list: ByteSource;
  _pos: number;
  packet: { length: number };
}

/** the packet a property section belongs to (bit flags, so one table row lists every packet it may appear in) */
export const PROPS_OF = { connect: 1, will: 2, publish: 4, ack: 8, subscribe: 16, unsubscribe: 32, disconnect: 64, auth: 128 } as const;

type Kind = 'byte' | 'int16' | 'int32' | 'var' | 'string' | 'binary' | 'pair';
type Rule = 'bool' | 'nonzero' | undefined;
interface Def {
  name: string;
  kind: Kind;
  /** PROPS_OF flags of the packets (client to server) that may carry it */
  in: number;
  rule: Rule;
}

const P = PROPS_OF;
const ALL = 0xff;
const DEFS: Array<[number, string, Kind, number, Rule?]> = [
  [0x01, 'payloadFormatIndicator', 'byte', P.will | P.publish, 'bool'],
  [0x02, 'messageExpiryInterval', 'int32', P.will | P.publish],
  [0x03, 'contentType', 'string', P.will | P.publish],
  [0x08, 'responseTopic', 'string', P.will | P.publish],
  [0x09, 'correlationData', 'binary', P.will | P.publish],
  // a client's PUBLISH must not carry it either, but that is a Protocol Error (validate.ts), not a Malformed Packet
  [0x0b, 'subscriptionIdentifier', 'var', P.publish | P.subscribe, 'nonzero'],
  [0x11, 'sessionExpiryInterval', 'int32', P.connect | P.disconnect],
  [0x15, 'authenticationMethod', 'string', P.connect | P.auth],
  [0x16, 'authenticationData', 'binary', P.connect | P.auth],
  [0x17, 'requestProblemInformation', 'byte', P.connect, 'bool'],
  [0x18, 'willDelayInterval', 'int32', P.will],
  [0x19, 'requestResponseInformation', 'byte', P.connect, 'bool'],
  [0x1c, 'serverReference', 'string', P.disconnect],
  [0x1f, 'reasonString', 'string', P.ack | P.disconnect | P.auth],
  [0x21, 'receiveMaximum', 'int16', P.connect, 'nonzero'],
  [0x22, 'topicAliasMaximum', 'int16', P.connect],
  [0x23, 'topicAlias', 'int16', P.publish],
  [0x26, 'userProperties', 'pair', ALL],
  [0x27, 'maximumPacketSize', 'int32', P.connect, 'nonzero'],
];

/** identifier → definition; identifiers only servers send (CONNACK's) have none: a client sending them is malformed */
const TABLE: Array<Def | undefined> = [];
for (const [id, name, kind, where, rule] of DEFS) TABLE[id] = { name, kind, in: where, rule };

/** a variable byte integer at `at` that must end before `end`; returns [value, next offset] */
function varInt(src: ByteSource, at: number, end: number): [number, number] {
  let value = 0;
  let mul = 1;
  for (let i = 0; i < 4; i++) {
    if (at >= end) throw malformed('variable byte integer runs past the packet');
    const b = src.readUInt8(at++);
    value += (b & 0x7f) * mul;
    if ((b & 0x80) === 0) return [value, at];
    mul *= 128;
  }
  throw malformed('malformed_variable_byte_integer');
}

/** offset after a two-byte length and its bytes, which must end by `end` */
function lengthPrefixed(src: ByteSource, at: number, end: number, what: string): number {
  if (at + 2 > end) throw malformed(`${what}: length runs past the property section`);
  const stop = at + 2 + src.readUInt16BE(at);
  if (stop > end) throw malformed(`${what}: value runs past the property section`);
  return stop;
}

/** the answer for a section without properties: mqtt-packet keeps a result only when it has names, so one shared
 * frozen object serves every packet (most PUBLISH, PUBACK … carry none) instead of a new one each */
const NONE: Record<string, unknown> = Object.freeze({});

/**
 * Reads one property section at `cur._pos` for a packet of type `where` (PROPS_OF) and advances `_pos` past it.
 * At the end of the packet there is no section (MQTT 5 lets short acks, DISCONNECT and AUTH omit it): `{}`.
 */
export function decodeProperties(cur: PropertyCursor, where: number): Record<string, unknown> {
  const src = cur._list;
  const packetEnd = cur.packet.length;
  let at = cur._pos;
  if (at >= packetEnd) return NONE;
  if (src.readUInt8(at) === 0) {
    cur._pos = at + 1; // the common case: no properties
    return NONE;
  }
  const [length, start] = varInt(src, at, packetEnd);
  const end = start + length;
  if (end > packetEnd) throw malformed('property length runs past the packet');
  const out: Record<string, unknown> = {};
  at = start;
  while (at < end) {
    const id = src.readUInt8(at++);
    const def = TABLE[id];
    if (def === undefined || (def.in & where) === 0) throw malformed(`invalid_property_code ${id}`);
    const name = def.name;
    let value: unknown;
    switch (def.kind) {
      case 'byte': {
        if (at >= end) throw malformed(`${name}: value runs past the property section`);
        const b = src.readUInt8(at++);
        if (b > 1) throw protocolError(`${name} must be 0 or 1`);
        value = b === 1;
        break;
      }
      case 'int16':
        if (at + 2 > end) throw malformed(`${name}: value runs past the property section`);
        value = src.readUInt16BE(at);
        at += 2;
        break;
      case 'int32':
        if (at + 4 > end) throw malformed(`${name}: value runs past the property section`);
        value = src.readUInt32BE(at);
        at += 4;
        break;
      case 'var':
        [value, at] = varInt(src, at, end);
        break;
      case 'string': {
        const stop = lengthPrefixed(src, at, end, name);
        value = src.toString('utf8', at + 2, stop);
        at = stop;
        break;
      }
      case 'binary': {
        const stop = lengthPrefixed(src, at, end, name);
        value = src.slice(at + 2, stop);
        at = stop;
        break;
      }
      case 'pair': {
        const keyEnd = lengthPrefixed(src, at, end, 'user property name');
        const valueEnd = lengthPrefixed(src, keyEnd, end, 'user property value');
        addUserProperty(out, src.toString('utf8', at + 2, keyEnd), src.toString('utf8', keyEnd + 2, valueEnd));
        at = valueEnd;
        continue;
      }
    }
    if (def.rule === 'nonzero' && value === 0) throw protocolError(`${name} must not be 0`);
    if (out[name] !== undefined) throw protocolError(`${name} included more than once`);
    out[name] = value;
  }
  cur._pos = end;
  return out;
}

function addUserProperty(out: Record<string, unknown>, key: string, value: string): void {
  const map = (out.userProperties ??= Object.create(null)) as Record<string, string | string[]>;
  const had = map[key];
  if (had === undefined) map[key] = value;
  else if (Array.isArray(had)) had.push(value);
  else map[key] = [had, value];
}
