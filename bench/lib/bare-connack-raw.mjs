// The floor of a connect without a net.Socket: the same bare server as bare-connack.mjs (TCP_NODELAY, the peer's
// address read, CONNACK 0 to every CONNECT, nothing else), but each accepted libuv handle is read and written
// directly, as the broker's plain-TCP listeners do (packages/broker/src/transports/raw-tcp.ts).
// bench/broker-vs-mosquitto.ts --floor storms it beside bare-connack.mjs. Prints its port on stdout.
import net from 'node:net';

const { streamBaseState, kReadBytesOrError, WriteWrap } = process.binding('stream_wrap');
const CONNACK = Buffer.from([0x20, 0x02, 0x00, 0x00]);
const handles = new Set();

function closed() {
  handles.delete(this);
}

function onread() {
  const nread = streamBaseState[kReadBytesOrError];
  if (nread > 0) {
    if (!this.acked) {
      this.acked = true;
      this.writeBuffer(new WriteWrap(), CONNACK);
    }
  } else if (nread < 0) {
    this.close(closed);
  }
}

const server = net.createServer();
server.listen(0, '127.0.0.1', () => {
  const listening = server._handle;
  listening.setNoDelay(true);
  listening.onconnection = (err, handle) => {
    if (err) return;
    handles.add(handle);
    handle.getpeername({});
    handle.onread = onread;
    handle.readStart();
  };
  console.log(server.address().port);
});
