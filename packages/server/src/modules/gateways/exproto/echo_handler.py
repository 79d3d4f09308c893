"""A ConnectionUnaryHandler in Python (grpcio), for exproto.python.test.ts: a second, independent handler stack.

Usage: python3 echo_handler.py <dir with exproto_pb2*.py>
Prints "PORT <n>" once it serves, then reads "ADAPTER <host:port>" from stdin. Line protocol as exproto.testing.ts:
"AUTH <clientid> <username> <password>", "SUB <topic>", "PUB <topic> <payload>"; answers and deliveries
("MSG <topic> <payload>") go back to the device through the node's ConnectionAdapter Send.
"""

import sys
import threading
from concurrent import futures

sys.path.insert(0, sys.argv[1])

import grpc  # noqa: E402
import exproto_pb2 as pb  # noqa: E402
import exproto_pb2_grpc as pbg  # noqa: E402

adapter = None
ready = threading.Event()
buffers = {}
lock = threading.Lock()


def code_name(resp):
    return pb.ResultCode.Name(resp.code)


def send(conn, text):
    adapter.Send(pb.SendBytesRequest(conn=conn, bytes=(text + "\n").encode()))


def on_line(conn, line):
    parts = line.split(" ")
    cmd, rest = parts[0], parts[1:]
    if cmd == "AUTH":
        clientid, username, password = rest
        info = pb.ClientInfo(proto_name="pyecho", proto_ver="1", clientid=clientid, username=username)
        r = adapter.Authenticate(pb.AuthenticateRequest(conn=conn, clientinfo=info, password=password))
        send(conn, "AUTH OK" if r.code == pb.SUCCESS else "AUTH %s %s" % (code_name(r), r.message))
    elif cmd == "SUB":
        r = adapter.Subscribe(pb.SubscribeRequest(conn=conn, topic=rest[0], qos=1))
        send(conn, "SUB " + code_name(r))
    elif cmd == "PUB":
        r = adapter.Publish(pb.PublishRequest(conn=conn, topic=rest[0], qos=1, payload=" ".join(rest[1:]).encode()))
        send(conn, "PUB " + code_name(r))


class Handler(pbg.ConnectionUnaryHandlerServicer):
    def OnSocketCreated(self, request, context):
        return pb.EmptySuccess()

    def OnSocketClosed(self, request, context):
        return pb.EmptySuccess()

    def OnTimerTimeout(self, request, context):
        return pb.EmptySuccess()

    def OnReceivedBytes(self, request, context):
        ready.wait()
        with lock:
            text = buffers.get(request.conn, "") + request.bytes.decode()
            lines = text.split("\n")
            buffers[request.conn] = lines.pop()
        for line in lines:
            if line.strip():
                on_line(request.conn, line.strip())
        return pb.EmptySuccess()

    def OnReceivedMessages(self, request, context):
        ready.wait()
        for m in request.messages:
            send(request.conn, "MSG %s %s" % (m.topic, m.payload.decode()))
        return pb.EmptySuccess()


def main():
    global adapter
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    pbg.add_ConnectionUnaryHandlerServicer_to_server(Handler(), server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    print("PORT %d" % port, flush=True)
    for line in sys.stdin:
        if line.startswith("ADAPTER "):
            adapter = pbg.ConnectionAdapterStub(grpc.insecure_channel(line.split(" ", 1)[1].strip()))
            ready.set()
            print("READY", flush=True)
    server.stop(0)


if __name__ == "__main__":
    main()
