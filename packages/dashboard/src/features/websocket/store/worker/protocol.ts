// Messages between the page and the MQTT worker. MQTT.js runs in a worker so that a flood of WebSocket frames
// is parsed off the main thread; the page receives one batch of decoded messages per interval instead of one
// task per frame, and typing stays responsive. Everything here must survive structured cloning.
import type { IClientOptions, IClientPublishOptions, IClientSubscribeOptions, IConnackPacket, IDisconnectPacket, IPublishPacket } from 'mqtt';

export interface WireError {
  message: string;
  code?: number | string;
}

export interface WireMessage {
  topic: string;
  payload: Uint8Array;
  qos: IPublishPacket['qos'];
  retain: boolean;
  properties?: IPublishPacket['properties'];
}

export type ToWorker =
  | { op: 'connect'; cid: number; url: string; options: IClientOptions }
  | { op: 'subscribe'; cid: number; req: number; topic: string; options: IClientSubscribeOptions }
  | { op: 'unsubscribe'; cid: number; req: number; topic: string }
  | { op: 'publish'; cid: number; req: number; topic: string; payload: string; options: IClientPublishOptions }
  | { op: 'end'; cid: number; req: number; force: boolean };

export type FromWorker =
  | { ev: 'connect'; cid: number; connack: IConnackPacket }
  | { ev: 'reconnect' | 'close' | 'end'; cid: number }
  | { ev: 'error'; cid: number; error: WireError }
  | { ev: 'disconnect'; cid: number; packet: IDisconnectPacket }
  | { ev: 'messages'; cid: number; batch: WireMessage[] }
  /** Answer to subscribe / unsubscribe / publish / end. */
  | { ev: 'done'; cid: number; req: number; error?: WireError; granted?: unknown; packet?: { granted?: unknown[] } };

/** The part of a Worker (or a MessagePort) both sides use. */
export interface Port<In, Out> {
  postMessage(message: Out, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: { data: In }) => void): void;
}

export function toWireError(error: unknown): WireError {
  const e = error as { message?: unknown; code?: unknown } | null | undefined;
  const code = typeof e?.code === 'number' || typeof e?.code === 'string' ? e.code : undefined;
  return { message: typeof e?.message === 'string' ? e.message : String(error), ...(code !== undefined ? { code } : {}) };
}

export function fromWireError(error: WireError): Error & { code?: number | string } {
  return Object.assign(new Error(error.message), error.code !== undefined ? { code: error.code } : {});
}
