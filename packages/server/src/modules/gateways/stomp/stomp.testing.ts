// Test helpers for the STOMP gateway: @stomp/stompjs (an independent STOMP client) over a plain TCP socket, and a
// raw socket that reads frames with our parser, for the replies a library hides (ERROR frames, closes).
import net from 'node:net';
import { Client, type IFrame, type IMessage, type IStompSocket } from '@stomp/stompjs';
import { StompParser, encodeFrame, type StompFrame } from './frame';

/** the WebSocket-like object stompjs drives, over TCP (what @stomp/tcp-wrapper does) */
class TcpStompSocket implements IStompSocket {
  url: string;
  onclose: ((ev?: unknown) => unknown) | null = null;
  onerror: ((ev: unknown) => unknown) | null = null;
  onmessage: ((ev: { data: ArrayBuffer | string }) => unknown) | null = null;
  onopen: ((ev?: unknown) => unknown) | null = null;
  binaryType = 'arraybuffer';
  readyState = 0;
  private readonly socket: net.Socket;
  constructor(host: string, port: number) {
    this.url = `tcp://${host}:${port}`;
    this.socket = net.connect(port, host, () => {
      this.readyState = 1;
      this.onopen?.();
    });
    this.socket.on('data', (d: Buffer) => this.onmessage?.({ data: d.buffer.slice(d.byteOffset, d.byteOffset + d.byteLength) as ArrayBuffer }));
    this.socket.on('error', (e) => this.onerror?.(e));
    this.socket.on('close', () => {
      this.readyState = 3;
      this.onclose?.({ code: 1000, reason: '', wasClean: true });
    });
  }
  send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
    this.socket.write(typeof data === 'string' ? data : Buffer.from(data as ArrayBuffer));
  }
  close(): void {
    this.readyState = 2;
    this.socket.end();
  }
  terminate(): void {
    this.socket.destroy();
  }
}

export interface StompJsPeer {
  client: Client;
  messages: IMessage[];
  errors: IFrame[];
  closed: Promise<void>;
  isClosed(): boolean;
}

/** a connected stompjs client (rejects with the ERROR frame's body when the server refuses) */
export function stompjsConnect(port: number, headers: Record<string, string> = {}, heartbeat = 0): Promise<StompJsPeer> {
  return new Promise((resolve, reject) => {
    const messages: IMessage[] = [];
    const errors: IFrame[] = [];
    let closed = false;
    let onClosed!: () => void;
    const closedP = new Promise<void>((r) => (onClosed = r));
    const client = new Client({
      webSocketFactory: () => new TcpStompSocket('127.0.0.1', port),
      connectHeaders: headers,
      reconnectDelay: 0,
      heartbeatIncoming: heartbeat,
      heartbeatOutgoing: heartbeat,
      debug: () => undefined,
    });
    const peer: StompJsPeer = { client, messages, errors, closed: closedP, isClosed: () => closed };
    // MESSAGE frames of subscriptions stompjs did not make (added through the API) arrive here
    client.onUnhandledMessage = (m) => messages.push(m);
    client.onConnect = () => resolve(peer);
    client.onStompError = (f) => {
      errors.push(f);
      reject(new Error(f.body));
    };
    client.onWebSocketClose = () => {
      closed = true;
      onClosed();
      reject(new Error('socket closed before CONNECTED'));
    };
    client.activate();
  });
}

/** a raw STOMP socket: send frames, read frames */
export class RawStomp {
  readonly socket: net.Socket;
  readonly frames: StompFrame[] = [];
  closed = false;
  private readonly parser = new StompParser({ max_headers: 100, max_headers_length: 100_000, max_body_length: 10_000_000 });
  private waiters: Array<() => void> = [];
  private constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (d: Buffer) => {
      this.frames.push(...this.parser.push(d).filter((f) => f.command !== 'HEARTBEAT'));
      this.wake();
    });
    this.socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    this.socket.on('error', () => undefined);
  }
  static open(port: number): Promise<RawStomp> {
    const r = new RawStomp(port);
    return new Promise((resolve, reject) => {
      r.socket.once('connect', () => resolve(r));
      r.socket.once('error', reject);
    });
  }
  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }
  send(command: string, headers: Record<string, string> = {}, body?: string | Buffer): void {
    this.socket.write(encodeFrame({ command, headers: Object.entries(headers), body }));
  }
  /** the next frame (fails after ms) */
  async next(ms = 5000): Promise<StompFrame> {
    const until = Date.now() + ms;
    while (this.frames.length === 0) {
      if (this.closed) throw new Error('socket closed');
      if (Date.now() > until) throw new Error(`no frame within ${ms}ms`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, Math.max(1, until - Date.now()));
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
    return this.frames.shift()!;
  }
  async waitClosed(ms = 5000): Promise<void> {
    const until = Date.now() + ms;
    while (!this.closed) {
      if (Date.now() > until) throw new Error(`socket still open after ${ms}ms`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, Math.max(1, until - Date.now()));
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }
  close(): void {
    this.socket.destroy();
  }
}
