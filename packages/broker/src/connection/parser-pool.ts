// Parsing without a parser per connection. mqtt-packet's parser carries a BufferList stream (a readable-stream
// Duplex: about 1 KB of heap and ~20 µs to build), yet it holds state only while a packet is incomplete. Most chunks
// end on a packet boundary, so a connection borrows the one shared parser for each chunk; a connection whose chunk
// ends inside a packet keeps that parser (a fresh one becomes the shared one) and uses it from then on.
import mqttPacket, { type Packet } from 'mqtt-packet';

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
  _list: { length: number };
  _stateCounter: number;
  packet: { length?: number };
  error: Error | null;
  _pos: number;
  _resetState(): void;
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

function newParser(): MqttParser {
  const p = mqttPacket.parser({ protocolVersion: 4 }) as MqttParser;
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
