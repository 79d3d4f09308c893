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

function newParser(): MqttParser {
  const p = mqttPacket.parser({ protocolVersion: 4 }) as MqttParser;
  base ??= Object.getPrototypeOf(p) as ParserReaders;
  Object.assign(p, {
    _parseProperties: strictProperties,
    _parseMessageId: strictPacketId,
    _parseConnect: strictConnect,
    _parseDisconnect: strictDisconnect,
    _parseAuth: strictAuth,
    _newPacket: strictNewPacket,
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
