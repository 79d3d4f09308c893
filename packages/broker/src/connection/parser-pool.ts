// Parsing without a parser per connection. mqtt-packet's parser carries a BufferList stream (a readable-stream
// Duplex: about 1 KB of heap and ~20 µs to build), yet it holds state only while a packet is incomplete. Most chunks
// end on a packet boundary, so a connection borrows the one shared parser for each chunk; a connection whose chunk
// ends inside a packet keeps that parser (a fresh one becomes the shared one) and uses it from then on.
import mqttPacket, { type Packet } from 'mqtt-packet';
import { PROPS_OF, checkFraming, decodePacketId, decodeProperties, type PropertyCursor } from '../packets/validate';

/** what the parser reads from its settings (after a CONNECT it holds the whole packet; these two are all it reads) */
export interface ParserSettings {
  readonly protocolVersion?: number;
  readonly bridgeMode?: boolean;
}

/** the receiver of one parser's packets and errors */
export interface ParserOwner {
  onParsedPacket(packet: Packet): void;
  onParsedError(err: Error): void;
}

/** mqtt-packet's parser with the internals read here */
export interface MqttParser extends ReturnType<typeof mqttPacket.parser> {
  settings: ParserSettings;
  owner: ParserOwner | null;
  _list: PropertyCursor['_list'] & { length: number };
  _stateCounter: number;
  packet: { length: number; cmd?: string; messageId?: number; reasonCode?: number };
  error: Error | null;
  _pos: number;
  _resetState(): void;
  /** the next property section of a CONNECT is the will's (set once the CONNECT's own was read) */
  _willProps: boolean;
}

/** mqtt-packet's own readers, called by the strict ones below */
interface ParserReaders {
  _newPacket(this: MqttParser): boolean;
  _parseDisconnect(this: MqttParser): boolean;
  _parseAuth(this: MqttParser): boolean;
  _parseConnect(this: MqttParser): unknown;
  _resetState(this: MqttParser): void;
}

const SETTINGS: ParserSettings[] = [];

/** one frozen settings object per (version, bridge) pair instead of the CONNECT packet the parser would keep */
function slim(s: ParserSettings): ParserSettings {
  const v = s.protocolVersion ?? 4;
  const key = v * 2 + (s.bridgeMode === true ? 1 : 0);
  return (SETTINGS[key] ??= Object.freeze(s.bridgeMode ? { protocolVersion: v, bridgeMode: true } : { protocolVersion: v }));
}

export const INITIAL_SETTINGS: ParserSettings = slim({ protocolVersion: 4 });

// listeners shared by every parser: the emitter is `this`, its owner gets the event
function onPacket(this: MqttParser, packet: Packet): void {
  this.owner?.onParsedPacket(packet);
}
function onError(this: MqttParser, err: Error): void {
  this.owner?.onParsedError(err);
}

// Strict readers (packets/validate.ts): mqtt-packet bounds its reads by what it has buffered, not by the packet, so
// a missing field is read from the next packet or comes back as −1 / null. These throw a PacketError instead; the
// throw leaves parse() and Connection.onData closes the connection with the error's reason code.
const PROPS_BY_CMD: Record<string, number> = {
  publish: PROPS_OF.publish,
  puback: PROPS_OF.ack,
  pubrec: PROPS_OF.ack,
  pubrel: PROPS_OF.ack,
  pubcomp: PROPS_OF.ack,
  subscribe: PROPS_OF.subscribe,
  unsubscribe: PROPS_OF.unsubscribe,
  disconnect: PROPS_OF.disconnect,
  auth: PROPS_OF.auth,
};
let base: ParserReaders;

function strictProperties(this: MqttParser): Record<string, unknown> {
  const cmd = this.packet.cmd ?? '';
  let where = PROPS_BY_CMD[cmd] ?? 0; // properties in a packet only servers send: any identifier is invalid
  if (cmd === 'connect') {
    where = this._willProps ? PROPS_OF.will : PROPS_OF.connect;
    this._willProps = true;
  }
  return decodeProperties(this, where);
}

function strictPacketId(this: MqttParser): boolean {
  decodePacketId(this);
  return true;
}

function strictConnect(this: MqttParser): unknown {
  this._willProps = false;
  return base._parseConnect.call(this);
}

/** v5 DISCONNECT / AUTH of Remaining Length 0 mean reason 0x00 without properties [MQTT-3.14.2.1], [MQTT-3.15.2.1] */
function strictDisconnect(this: MqttParser): boolean {
  if (this.packet.length === 0 && this.settings.protocolVersion === 5) {
    this.packet.reasonCode = 0;
    return true;
  }
  return base._parseDisconnect.call(this);
}

function strictAuth(this: MqttParser): boolean {
  if (this.packet.length === 0 && this.settings.protocolVersion === 5) {
    this.packet.reasonCode = 0;
    return true;
  }
  return base._parseAuth.call(this);
}

function strictNewPacket(this: MqttParser): boolean {
  // an error already reported stops the parser; otherwise the body must have been read exactly
  if (this.error === null) checkFraming(this.packet.cmd ?? '', this.packet.length, this._pos);
  return base._newPacket.call(this);
}

/** the parts of mqtt-packet's BufferList (bl) read here: its buffers, and the readers replaced below */
interface ByteList {
  _bufs: Buffer[];
  readUInt8(offset?: number): number;
  readUInt16BE(offset?: number): number;
  readUInt32BE(offset?: number): number;
  toString(encoding?: BufferEncoding, start?: number, end?: number): string;
}

/** an integer range [at, at + n) inside the list's only buffer: that buffer answers for the list */
function onlyBuffer(list: ByteList, at: unknown, n: number): Buffer | undefined {
  const bufs = list._bufs;
  if (bufs.length !== 1 || typeof at !== 'number' || !Number.isInteger(at) || at < 0 || at + n > bufs[0].length) return undefined;
  return bufs[0];
}

/** bl's own readers (the prototype of every list mqtt-packet makes) */
let bl: ByteList;

function readUInt8(this: ByteList, offset = 0): number {
  const b = onlyBuffer(this, offset, 1);
  return b ? b[offset] : bl.readUInt8.call(this, offset);
}
function readUInt16BE(this: ByteList, offset = 0): number {
  const b = onlyBuffer(this, offset, 2);
  return b ? b.readUInt16BE(offset) : bl.readUInt16BE.call(this, offset);
}
function readUInt32BE(this: ByteList, offset = 0): number {
  const b = onlyBuffer(this, offset, 4);
  return b ? b.readUInt32BE(offset) : bl.readUInt32BE.call(this, offset);
}
function toString(this: ByteList, encoding?: BufferEncoding, start?: number, end?: number): string {
  const b = typeof end === 'number' && typeof start === 'number' && end >= start ? onlyBuffer(this, start, end - start) : undefined;
  return b ? b.toString(encoding, start, end) : bl.toString.call(this, encoding, start, end);
}

/**
 * bl reads a number or a string by slicing a Buffer for it first (a new object, and an offset array, per read): a
 * CONNECT costs about fifteen, some 2.3 KB of garbage. Where the range lies inside the list's only buffer (a chunk
 * holding whole packets, the usual case) the buffer is read in place; anything else (several buffers, a range
 * outside, bl's error) goes to bl's own reader. Same values, same errors.
 */
function readInPlace(list: ByteList): void {
  bl ??= Object.getPrototypeOf(list) as ByteList;
  Object.assign(list, { readUInt8, readUInt16BE, readUInt32BE, toString });
}

/** mqtt-packet's reset starts a new list (after an error): it gets the in-place readers too */
function resetState(this: MqttParser): void {
  base._resetState.call(this);
  readInPlace(this._list as unknown as ByteList);
}

function newParser(): MqttParser {
  const p = mqttPacket.parser({ protocolVersion: 4 }) as MqttParser;
  readInPlace(p._list as unknown as ByteList);
  base ??= Object.getPrototypeOf(p) as ParserReaders;
  Object.assign(p, {
    _parseProperties: strictProperties,
    _parseMessageId: strictPacketId,
    _parseConnect: strictConnect,
    _parseDisconnect: strictDisconnect,
    _parseAuth: strictAuth,
    _newPacket: strictNewPacket,
    _resetState: resetState,
    _willProps: false,
  });
  p.owner = null;
  p.on('packet', onPacket);
  p.on('error', onError);
  return p;
}

let shared: MqttParser | null = null;
/** set while the shared parser is parsing: a chunk arriving meanwhile (a handler writing to an in-process stream) gets its own */
let sharedBusy = false;

/** no packet partly read: the parser can serve another connection */
export function isIdle(p: MqttParser): boolean {
  return p._list.length === 0 && p._stateCounter === 0;
}

/** a parser for one chunk of `owner`, set to its protocol settings */
export function borrowParser(owner: ParserOwner, settings: ParserSettings): MqttParser {
  let p: MqttParser;
  if (!sharedBusy) {
    p = shared ??= newParser();
    sharedBusy = true;
  } else {
    p = newParser();
  }
  p.owner = owner;
  p.settings = settings;
  return p;
}

/**
 * The chunk is parsed. Returns the parser when it holds a partial packet (the owner keeps it), else null (it goes
 * back to the pool). `failed`: the parse threw or reported an error; the connection closes, the state is dropped.
 */
export function returnParser(p: MqttParser, failed: boolean): MqttParser | null {
  const keep = !failed && !p.error && !isIdle(p);
  if (p === shared) {
    sharedBusy = false;
    if (keep) shared = null; // the owner takes it; the next borrower builds a new shared one
  }
  if (keep) return p;
  if (failed || p.error) {
    p._resetState();
    p._pos = 0; // _resetState leaves the read position of the failed packet: the next one would be read from there
  }
  p.owner = null;
  return null;
}

/** the settings a parser ended with, for the next borrow (a CONNECT replaced them with the packet itself) */
export function settingsOf(p: MqttParser, before: ParserSettings): ParserSettings {
  return p.settings === before ? before : slim(p.settings);
}
