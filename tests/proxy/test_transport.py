"""The proxy's lean upstream client against real servers on 127.0.0.1."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import httpx2
import pytest

from tests.proxy.helpers import SharedStand
from tether.proxy.transport import FastTransport, LeanClient

pytestmark = pytest.mark.timeout(10)

BODY = b'{"model":"sim-large","stream":true,"messages":[{"role":"user","content":"hi"}]}'
TIMEOUT = httpx2.Timeout(connect=2, read=2, write=2, pool=2)


@asynccontextmanager
async def raw_server(reply: Callable[[int], bytes]) -> AsyncIterator[tuple[str, list[int]]]:
    """A server that answers the Nth connection's request with `reply(n)`, then closes it."""
    connections: list[int] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connections.append(len(connections))
        await reader.readuntil(b"\r\n\r\n")
        writer.write(reply(len(connections)))
        await writer.drain()
        await asyncio.sleep(0.05)
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        yield f"http://127.0.0.1:{port}/v1/x", connections


async def post(client: LeanClient, url: str) -> tuple[int, bytes]:
    response = await client.send(
        client.build_request("POST", url, content=BODY, headers={}, timeout=TIMEOUT)
    )
    try:
        return response.status_code, await response.aread()
    finally:
        await response.aclose()


def count_connects(transport: FastTransport) -> list[int]:
    made: list[int] = []
    connect = transport._connect

    async def counting(*args: Any) -> Any:
        made.append(1)
        return await connect(*args)

    transport._connect = counting  # type: ignore[method-assign]
    return made


def test_connections_are_kept_alive_and_reused(shared_stand: SharedStand) -> None:
    async def main() -> None:
        client = LeanClient()
        made = count_connects(client.transport)
        for _ in range(5):
            status, body = await post(client, shared_stand() + "/v1/chat/completions")
            assert status == 200 and body.endswith(b"data: [DONE]\n\n")
        assert len(made) == 1
        await client.aclose()

    asyncio.run(main())


def test_a_kept_alive_connection_the_server_closed_is_replaced() -> None:
    ok = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok"

    async def main() -> None:
        async with raw_server(lambda n: ok) as (url, connections):
            client = LeanClient()
            assert await post(client, url) == (200, b"ok")
            await asyncio.sleep(0.2)  # the server has closed the kept-alive connection
            assert await post(client, url) == (200, b"ok")
            assert len(connections) == 2
            await client.aclose()

    asyncio.run(main())


def test_a_reply_that_is_not_http_or_is_cut_is_a_protocol_error() -> None:
    replies = {1: b"SSH-2.0-OpenSSH\r\n\r\n", 2: b"HTTP/1.1 200 OK\r\ncontent-length: 9\r\n\r\nabc"}

    async def main() -> None:
        async with raw_server(lambda n: replies[n]) as (url, _):
            with pytest.raises(httpx2.RemoteProtocolError):
                await post(LeanClient(), url)
            with pytest.raises(httpx2.RemoteProtocolError, match="complete message body"):
                await post(LeanClient(), url)

    asyncio.run(main())


def test_nobody_listening_is_a_connect_error() -> None:
    async def main() -> None:
        with pytest.raises(httpx2.ConnectError):
            await post(LeanClient(), "http://127.0.0.1:9/v1/x")

    asyncio.run(main())
