// The floor of a Node broker's connect: a bare node:net server that sets TCP_NODELAY, reads the peer's address and
// answers every CONNECT with CONNACK 0, nothing else (no parsing, no session). bench/broker-vs-mosquitto.ts --floor
// storms it beside our node and Mosquitto: what one net.Socket per connection costs before any broker code runs.
// Prints its port on stdout.
import net from 'node:net';

const CONNACK = Buffer.from([0x20, 0x02, 0x00, 0x00]);
const sockets = new Set();
const server = net.createServer((socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => socket.destroy());
  socket.setNoDelay(true);
  void socket.remoteAddress;
  socket.once('data', () => socket.write(CONNACK));
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
