// Listeners (tcp, ssl, ws, wss) and what one knows about a connection it accepted.
import type { RateLimit } from './settings';

/** What a listener knows about a new connection, handed to `broker.handle`. */
export interface ConnInfo {
  listener: string; // listener id, e.g. "tcp:default"
  peerhost: string; // IP only, e.g. "127.0.0.1"
  peerport: number;
  sockport: number;
  isSsl: boolean;
  /** TLS client certificate: subject = EMQX's DN text, commonName = CN, der = the certificate bytes */
  peerCert?: { subject?: string; commonName?: string; pem?: string; der?: Buffer };
  mountpoint?: string; // listener mountpoint ("" = none), may hold ${clientid}/${username}
  enableAuthn?: boolean | 'quick_deny_anonymous';
  zone?: string;
  /** the TCP peer (the proxy) when a PROXY protocol header gave peerhost; EMQX checks access_rules against it */
  socketPeerhost?: string;
  /** bytes unsent above which the socket is busy (listener tcp_options.high_watermark; absent = the broker's 4 MB) */
  highWatermark?: number;
  /** per-client inbound limits (EMQX listener `messages_rate` / `bytes_rate`); filled from the listener by `broker.handle` */
  messagesRate?: RateLimit | null;
  bytesRate?: RateLimit | null;
}

export interface ListenerConfig {
  id: string; // "<type>:<name>"
  type: 'tcp' | 'ssl' | 'ws' | 'wss';
  bind: { host: string; port: number }; // port 0 = ephemeral (tests)
  maxConnections: number | null;
  mountpoint: string;
  zone: string;
  enableAuthn: boolean | 'quick_deny_anonymous';
  /** a PROXY protocol v1/v2 header comes first (load balancer); the client's address is the one it names */
  proxyProtocol?: boolean;
  /** ms to wait for that header before closing (EMQX proxy_protocol_timeout, default 3 s) */
  proxyProtocolTimeout?: number;
  tls?: {
    cert: string | Buffer;
    key: string | Buffer;
    ca?: string | Buffer;
    verify: boolean;
    failIfNoPeerCert: boolean;
    versions?: string[];
    ciphers?: string;
    /** ms the handshake may take (EMQX handshake_timeout, default 15 s) */
    handshakeTimeout?: number;
    /** most intermediate CAs between a verified client certificate and the root (EMQX depth); absent = no check */
    depth?: number;
  };
  websocket?: {
    path: string;
    subprotocols: string[];
    failIfNoSubprotocol: boolean;
    maxFrameSize: number | null;
    compress: boolean;
    /** permessage-deflate tuning (EMQX deflate_opts), used when compress is on */
    deflate?: {
      serverMaxWindowBits: number;
      clientMaxWindowBits: number;
      memLevel: number;
      /** zlib strategy and level (EMQX strategy default|filtered|huffman_only|rle, level none|default|best_compression|best_speed) */
      strategy?: 'default' | 'filtered' | 'huffman_only' | 'rle';
      level?: 'none' | 'default' | 'best_compression' | 'best_speed';
      /** false = no_takeover: the compression context is reset after each message */
      serverContextTakeover?: boolean;
      clientContextTakeover?: boolean;
    };
    /** ms a connection may wait before its upgrade request (EMQX websocket idle_timeout); null/absent = no limit */
    idleTimeout?: number | null;
    /** check_origin_enable: the Origin header must be one of `origins` (absent Origin allowed if allowAbsence) */
    checkOrigin?: { allowAbsence: boolean; origins: string[] } | null;
    /** request headers naming the client behind an HTTP reverse proxy (EMQX proxy_address_header / proxy_port_header) */
    proxyAddressHeader?: string;
    proxyPortHeader?: string;
    /** single: one MQTT packet per outgoing frame; multiple (default): a turn's packets share a frame */
    piggyback?: 'single' | 'multiple';
  };
  tcp?: {
    backlog: number;
    nodelay: boolean;
    /** bytes unsent above which a socket is busy: QoS 0 deliveries wait in the mqueue (EMQX high_watermark) */
    highWatermark: number;
    /** ms a socket may stay busy before it is closed, when sendTimeoutClose (EMQX send_timeout) */
    sendTimeout: number;
    sendTimeoutClose?: boolean;
  };
  /** per-client inbound limits (EMQX `messages_rate` / `bytes_rate`): over the rate, reading pauses; null/absent = infinity */
  messagesRate?: RateLimit | null;
  bytesRate?: RateLimit | null;
}

/**
 * The listener settings that `Listener.update` changes live: the rates reach its open connections at once, the
 * others apply to connections accepted afterwards.
 */
export type ListenerUpdate = Partial<Pick<ListenerConfig, 'maxConnections' | 'mountpoint' | 'zone' | 'enableAuthn' | 'messagesRate' | 'bytesRate'>>;

export interface Listener {
  readonly config: ListenerConfig;
  readonly running: boolean;
  readonly currentConnections: number;
  /** the bound port (useful with port 0) */
  readonly port: number;
  start(): Promise<void>; // rejects with a clear Error on bind conflict (EADDRINUSE)
  stop(): Promise<void>; // closes all its connections
  /** live change without rebinding (throws BrokerError 'INVALID_LISTENER_UPDATE' for other keys or bad values) */
  update(patch: ListenerUpdate): void;
}
