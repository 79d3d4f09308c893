/**
 * What a Connection needs of its transport. A `net.Socket`, a TLS socket or a WebSocket stream is one as it is (any
 * Duplex); plain TCP uses the lighter `RawTcpStream` (raw-tcp.ts), which has only these members.
 */
export interface ByteStream {
  /** 'data' (a Buffer), 'error', 'end' (the peer closed its side), 'close' (gone) and 'drain' */
  on(event: string, listener: (...args: any[]) => void): unknown;
  /** false once the unsent bytes reach writableHighWaterMark: 'drain' follows when they are sent */
  write(chunk: Buffer, callback?: () => void): boolean;
  /** FIN once the queued bytes are sent */
  end(): void;
  destroy(): void;
  pause(): void;
  resume(): void;
  isPaused(): boolean;
  readonly writableLength: number;
  readonly writableHighWaterMark: number;
  readonly readableLength: number;
  readonly destroyed: boolean;
  readonly writableEnded: boolean;
}

/**
 * The key under which a Connection stores itself on its stream (the stream's listeners find their connection there).
 * RawTcpStream declares it as a field: added later, it would put each stream on a transition map that dies whenever
 * every stream has gone, and the next accept would deoptimize the connect path (V8 "weak objects").
 */
export const STREAM_CONN: unique symbol = Symbol('mqdeck.connection');
