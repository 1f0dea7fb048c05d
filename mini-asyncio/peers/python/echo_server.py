"""An echo server on asyncio's streams (or on uvloop with --uvloop), for the bench's `echo` workload.

    python3 echo_server.py [--uvloop]

It listens on 127.0.0.1 (a free port), prints `port N` once it does, and sends every line back:
`line = await reader.readline(); writer.write(line); await writer.drain()`, the asyncio idiom the
Java loop server follows. The clients are the Java bench's, in another process. The standard input
is the control line: its end ends this process, so it never outlives the bench.
"""
import asyncio
import os
import resource
import sys
import threading


async def echo(reader, writer):
    try:
        while True:
            line = await reader.readline()
            if not line:
                break
            writer.write(line)
            await writer.drain()
    except (ConnectionError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
        pass  # the client went away: nothing to answer
    finally:
        writer.close()


async def serve():
    # backlog 1024, as the Java servers: 10,000 clients connect in a burst
    server = await asyncio.start_server(echo, "127.0.0.1", 0, backlog=1024)
    print("port", server.sockets[0].getsockname()[1], flush=True)
    async with server:
        await server.serve_forever()


def control():
    for _ in sys.stdin:
        pass  # no command is needed from a Python server: its memory is read from /proc
    os._exit(0)  # the bench closed our input: it is done (or gone)


def main():
    if sys.argv[1:] not in ([], ["--uvloop"]):
        print("usage: echo_server.py [--uvloop]", file=sys.stderr)
        sys.exit(2)
    # 10,000 connections need 10,000 descriptors: raise the soft limit to the hard one
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    threading.Thread(target=control, daemon=True).start()
    if sys.argv[1:] == ["--uvloop"]:
        try:
            import uvloop
        except ImportError as e:
            print("unavailable: uvloop is not installed in", sys.executable, f"({e})", flush=True)
            sys.exit(1)
        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    asyncio.run(serve())


if __name__ == "__main__":
    main()
