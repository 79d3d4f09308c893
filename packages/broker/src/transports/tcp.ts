import type { Socket } from 'node:net';
import { SocketListener, type Peer } from './socket-listener';

/** MQTT over TCP or TLS: the (secured) socket is the MQTT stream, handed to broker.handle. */
export class TcpListener extends SocketListener {
  protected serve(socket: Socket, peer: Peer): void {
    this.watchOutput(socket, socket);
    this.core.handle(socket, this.connInfo(socket, peer));
  }
}
