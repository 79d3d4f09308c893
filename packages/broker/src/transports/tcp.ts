import type { Socket } from 'node:net';
import { SocketListener, type Peer } from './socket-listener';
import type { RawTcpStream } from './raw-tcp';

/**
 * MQTT over TCP or TLS: the (secured) socket is the MQTT stream, handed to broker.handle. Plain TCP without a PROXY
 * header is served on the accepted libuv handle (raw-tcp.ts), without a net.Socket.
 */
export class TcpListener extends SocketListener {
  protected serve(socket: Socket, peer: Peer): void {
    this.watchOutput(socket, socket);
    this.core.handle(socket, this.connInfo(socket, peer));
  }

  // read at each accept: proxy_protocol can be switched on a running listener
  protected override takesRaw(): boolean {
    return this.config.type === 'tcp' && !this.config.proxyProtocol;
  }

  protected override serveRaw(stream: RawTcpStream, peer: Peer): void {
    this.core.handle(stream, this.connInfo(stream, peer));
  }
}
