"""An ExHook HookProvider in Python (grpcio), for exhook.python.test.ts: a gRPC stack independent of grpc-js.

Usage: python3 hook_server.py <dir with exhook_pb2*.py>
Registers client.authenticate and message.publish (topics "py/#"), serves on a free loopback port and prints
"PORT <n>". Authentication: username "py-denied" is refused, every other client keeps the node's result.
message.publish: the payload becomes "py:" + payload; every call is printed as "CALL <rpc> <detail>".
"""

import sys
from concurrent import futures

sys.path.insert(0, sys.argv[1])

import grpc  # noqa: E402
import exhook_pb2 as pb  # noqa: E402
import exhook_pb2_grpc as pbg  # noqa: E402

VR = pb.ValuedResponse


def log(line):
    print(line, flush=True)


class Provider(pbg.HookProviderServicer):
    def OnProviderLoaded(self, request, context):
        log("CALL OnProviderLoaded %s" % request.meta.node)
        return pb.LoadedResponse(
            hooks=[pb.HookSpec(name="client.authenticate"), pb.HookSpec(name="message.publish", topics=["py/#"])]
        )

    def OnProviderUnloaded(self, request, context):
        log("CALL OnProviderUnloaded")
        return pb.EmptySuccess()

    def OnClientAuthenticate(self, request, context):
        username = request.clientinfo.username
        log("CALL OnClientAuthenticate %s" % username)
        if username == "py-denied":
            return VR(type=VR.STOP_AND_RETURN, bool_result=False)
        return VR(type=VR.CONTINUE, bool_result=request.result)

    def OnMessagePublish(self, request, context):
        msg = pb.Message()
        msg.CopyFrom(request.message)
        log("CALL OnMessagePublish %s" % msg.topic)
        msg.payload = b"py:" + msg.payload
        return VR(type=VR.CONTINUE, message=msg)


def main():
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    pbg.add_HookProviderServicer_to_server(Provider(), server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    log("PORT %d" % port)
    server.wait_for_termination()


if __name__ == "__main__":
    main()
