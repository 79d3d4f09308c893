// Plain TCP without a net.Socket per connection. A net.Socket (Duplex, two stream states, an EventEmitter with its
// listener arrays) roughly doubled a connect's CPU and added ≈ 4 KB of RSS per idle connection: a bare server
// answering CONNACK cost 164 µs and 5.8 KB per connection with net.Socket, 72 µs and 1.7 KB on the libuv handle
// directly (bench/broker-vs-mosquitto.ts --floor, same run; Mosquitto 96 µs). So plain-TCP listeners take each
// accepted libuv handle from the listening net.Server and drive it here, as Node's own net.Socket does inside
// (lib/internal/stream_base_commons.js): reads arrive in `onread`, writes go out with `writeBuffer`, FIN with
// `shutdown`. TLS, WebSocket and PROXY-protocol listeners keep net.Socket (they need the stream machinery).
// The bindings are Node's (process.binding, documented as deprecated, DEP0111): `rawTcpAvailable` says whether this
// Node has them, and plain TCP falls back to net.Socket where it does not.
import type { Server } from 'node:net';
import { getDefaultHighWaterMark } from 'node:stream';
import { STREAM_CONN, type ByteStream } from './byte-stream';

/** the libuv TCP handle (node's TCPWrap) members used here */
export interface TcpHandle {
  onread: (this: TcpHandle, buf: ArrayBuffer | undefined) => void;
  readStart(): number;
  readStop(): number;
  writeBuffer(req: WriteReq, data: Buffer): number;
  shutdown(req: ShutdownReq): number;
  close(callback: (this: TcpHandle) => void): void;
  getpeername(out: { address?: string; port?: number }): number;
  setNoDelay(on: boolean): number;
  readonly writeQueueSize: number;
}

interface WriteReq {
  handle: TcpHandle | null;
  oncomplete: (this: WriteReq, status: number) => void;
  stream: RawTcpStream | null;
  buffer: Buffer | null;
  callback: (() => void) | undefined;
}

interface ShutdownReq {
  handle: TcpHandle;
  stream: RawTcpStream;
  oncomplete: (this: ShutdownReq, status: number) => void;
}

interface StreamWrapBinding {
  WriteWrap: new () => WriteReq;
  ShutdownWrap: new () => ShutdownReq;
  streamBaseState: Int32Array;
  kReadBytesOrError: number;
  kArrayBufferOffset: number;
  kLastWriteWasAsync: number;
}

function loadBinding(): { wrap: StreamWrapBinding; eof: number } | null {
  try {
    const binding = (process as unknown as { binding(name: string): unknown }).binding;
    const wrap = binding('stream_wrap') as StreamWrapBinding;
    const eof = (binding('uv') as { UV_EOF: number }).UV_EOF;
    const ok =
      typeof wrap.WriteWrap === 'function' &&
      typeof wrap.ShutdownWrap === 'function' &&
      wrap.streamBaseState instanceof Int32Array &&
      [wrap.kReadBytesOrError, wrap.kArrayBufferOffset, wrap.kLastWriteWasAsync, eof].every((n) => typeof n === 'number');
    return ok ? { wrap, eof } : null;
  } catch {
    return null;
  }
}

const loaded = loadBinding();
const HIGH_WATER_MARK = getDefaultHighWaterMark(false);

/** whether this Node exposes the handle bindings (else plain TCP listeners use net.Socket) */
export const rawTcpAvailable = loaded !== null;

/** the listening handle of a net.Server that is listening, when its accepted connections can be taken raw */
export function listeningHandle(server: Server): { onconnection: unknown } | null {
  if (!loaded) return null;
  const handle = (server as Server & { _handle?: { onconnection?: unknown } })._handle;
  return handle && typeof handle.onconnection === 'function' ? (handle as { onconnection: unknown }) : null;
}

/** who is told when a stream is gone (the listener that counts it) */
export interface RawOwner {
  forgetRaw(stream: RawTcpStream): void;
}

// one write request reused for every write that completes at once (almost all): only a write that libuv has to
// queue keeps its request until it completes, and a new spare is made
let spareWrite: WriteReq | null = null;

function onWriteDone(this: WriteReq, status: number): void {
  const s = this.stream!;
  this.stream = null;
  this.buffer = null;
  s.writeDone();
  if (status < 0) {
    s.fail();
    return;
  }
  if (this.callback !== undefined) this.callback();
  s.afterWrite();
}

function onShutdownDone(this: ShutdownReq): void {
  if (!this.stream.gone) this.stream.shutdownDone();
}

/** the handle's onread, by way of a closure per stream: a symbol property on the native handle object cost a map
 * transition and a property array at every accept (perf: TransitionArray search under listening.onconnection) */
function onHandleRead(s: RawTcpStream, buf: ArrayBuffer | undefined): void {
  if (s.gone) return;
  const state = loaded!.wrap.streamBaseState;
  const nread = state[loaded!.wrap.kReadBytesOrError];
  if (nread > 0) {
    if (!s.destroyed && s.ondata !== null) s.ondata(Buffer.from(buf!, state[loaded!.wrap.kArrayBufferOffset], nread));
    return;
  }
  if (nread === 0) return;
  if (nread === loaded!.eof) s.peerEnded();
  else s.fail();
}

function deferred(callback: () => void): void {
  process.nextTick(callback);
}

/** One accepted TCP connection on its libuv handle: the ByteStream a Connection reads and writes. */
export class RawTcpStream implements ByteStream {
  // the one listener of each event a Connection registers (no EventEmitter: these five are all a stream needs)
  ondata: ((this: RawTcpStream, chunk: Buffer) => void) | null = null;
  private onerror: ((this: RawTcpStream) => void) | null = null;
  private onend: ((this: RawTcpStream) => void) | null = null;
  private onclose: ((this: RawTcpStream) => void) | null = null;
  private ondrain: ((this: RawTcpStream) => void) | null = null;
  destroyed = false;
  /** the handle is closed ('close' was emitted): late callbacks of the handle do nothing */
  gone = false;
  writableEnded = false;
  private paused = true;
  private needDrain = false;
  private eof = false;
  private shutdownFinished = false;
  /** since when its unsent bytes stayed above the listener's high_watermark (send_timeout watch; 0: not busy) */
  busySince = 0;
  /** its Connection (set by the Connection, read by its stream listeners): declared here, see STREAM_CONN */
  [STREAM_CONN]: unknown = null;

  constructor(
    private readonly handle: TcpHandle,
    private readonly owner: RawOwner,
  ) {
    handle.onread = (buf) => onHandleRead(this, buf);
  }

  /** writes libuv queued and has not completed: while none, nothing is unsent (no native call to read the queue) */
  private queuedWrites = 0;

  get writableLength(): number {
    return this.destroyed || this.queuedWrites === 0 ? 0 : this.handle.writeQueueSize;
  }

  get writableHighWaterMark(): number {
    return HIGH_WATER_MARK;
  }

  /** reads are not buffered here: a paused stream stops reading the socket */
  get readableLength(): number {
    return 0;
  }

  /** where the client is (getpeername); empty when the peer is already gone */
  peer(): { address?: string; port?: number } {
    const out: { address?: string; port?: number } = {};
    this.handle.getpeername(out);
    return out;
  }

  setNoDelay(on: boolean): void {
    this.handle.setNoDelay(on);
  }

  on(event: string, listener: (...args: any[]) => void): this {
    switch (event) {
      case 'data':
        this.ondata = listener;
        this.resume(); // as a Readable: a data listener starts the flow
        break;
      case 'error':
        this.onerror = listener;
        break;
      case 'end':
        this.onend = listener;
        break;
      case 'close':
        this.onclose = listener;
        break;
      case 'drain':
        this.ondrain = listener;
        break;
      default:
        throw new Error(`RawTcpStream has no '${event}' event`);
    }
    return this;
  }

  write(chunk: Buffer, callback?: () => void): boolean {
    if (this.destroyed || this.writableEnded) return false;
    const req = spareWrite ?? (spareWrite = new loaded!.wrap.WriteWrap());
    req.oncomplete = onWriteDone;
    const err = this.handle.writeBuffer(req, chunk);
    if (err !== 0) {
      spareWrite = null; // not reused after a failed write: libuv may have taken it before failing
      deferred(() => this.fail());
      return false;
    }
    if (loaded!.wrap.streamBaseState[loaded!.wrap.kLastWriteWasAsync] !== 0) {
      // libuv queued (part of) it: the request and the bytes stay alive until it completes
      spareWrite = null;
      this.queuedWrites++;
      req.handle = this.handle;
      req.stream = this;
      req.buffer = chunk;
      req.callback = callback;
    } else {
      if (callback !== undefined) deferred(callback); // a write callback never runs inside write(), as with a net.Socket
      return true; // written at once: libuv tries a write only with its queue empty, so nothing is left queued
    }
    if (this.handle.writeQueueSize < HIGH_WATER_MARK) return true;
    this.needDrain = true;
    return false;
  }

  /** a queued write completed or failed */
  writeDone(): void {
    this.queuedWrites--;
  }

  /** a queued write completed: 'drain' once everything queued has gone out after a refused write */
  afterWrite(): void {
    if (this.needDrain && !this.destroyed && this.handle.writeQueueSize === 0) {
      this.needDrain = false;
      if (this.ondrain !== null) this.ondrain();
    }
  }

  end(): void {
    if (this.writableEnded || this.destroyed) return;
    this.writableEnded = true;
    const req = new loaded!.wrap.ShutdownWrap();
    req.handle = this.handle;
    req.stream = this;
    req.oncomplete = onShutdownDone;
    if (this.handle.shutdown(req) !== 0) this.destroy();
  }

  /** FIN sent after every queued byte; with the peer's side closed too, the connection is over */
  shutdownDone(): void {
    this.shutdownFinished = true;
    if (this.eof) this.destroy();
  }

  /** the peer closed its side: 'end', then (no half-open connections, as net.Socket's allowHalfOpen false) close ours */
  peerEnded(): void {
    if (this.eof || this.destroyed) return;
    this.eof = true;
    this.pause();
    if (this.onend !== null) this.onend();
    if (this.destroyed) return;
    if (!this.writableEnded) this.end();
    else if (this.shutdownFinished) this.destroy();
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    if (!this.destroyed) this.handle.readStop();
  }

  resume(): void {
    if (!this.paused || this.eof) return;
    this.paused = false;
    if (!this.destroyed && this.handle.readStart() !== 0) deferred(() => this.fail());
  }

  isPaused(): boolean {
    return this.paused;
  }

  /** a read or write error (reset, broken pipe): 'error', then the handle closes and 'close' follows */
  fail(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    if (this.onerror !== null) this.onerror();
    this.handle.close(() => this.closed());
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.handle.close(() => this.closed());
  }

  /** the handle is closed: 'close' */
  closed(): void {
    if (this.gone) return;
    this.gone = true;
    this.owner.forgetRaw(this);
    if (this.onclose !== null) this.onclose();
  }
}
