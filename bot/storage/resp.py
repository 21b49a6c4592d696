"""A lean Redis connection for the game hot path (load and compare-and-set save).

One dedicated connection per store, an asyncio Protocol and the hiredis reply parser: a command
is one write and one awaited future, with no pool checkout, no per-command retry wrapper and no
reply decoding (bulk replies stay bytes; `json.loads` takes bytes). Commands from concurrent
tasks are pipelined on the connection and their replies matched in order (Redis answers in the
order it received commands).

Only plain TCP (`redis://`) and Unix-socket (`unix://`) URLs are handled here; `open_lean`
returns None for anything else (TLS, ...), and the store then keeps using redis-py for all
commands. A lost connection fails the commands in flight with ConnectionError (like a
redis-py call whose retries are exhausted) and the next command connects again; a command is
never sent twice, so a compare-and-set is never silently repeated. A reply that takes longer
than `timeout` (a paused server) fails everything in flight with TimeoutError and drops the
connection; connecting has the same limit.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any
from urllib.parse import unquote, urlparse

import hiredis

Reply = Any


class LeanConnectionError(ConnectionError):
    pass


class LeanTimeoutError(TimeoutError):
    pass


class _Protocol(asyncio.Protocol):
    def __init__(self) -> None:
        self.reader = hiredis.Reader()
        self.pending: deque[asyncio.Future[Reply]] = deque()
        self.transport: asyncio.Transport | None = None
        self.lost = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # asyncio's own loop gives an asyncio.Transport; uvloop's transports only quack alike
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        reader = self.reader
        reader.feed(data)
        pending = self.pending
        try:
            while (reply := reader.gets()) is not False:
                future = pending.popleft()
                if not future.done():  # the caller may have been cancelled
                    future.set_result(reply)
        except Exception as err:  # a protocol error (or a reply nobody asked for): give up
            self._fail(LeanConnectionError(f"redis protocol error: {err!r}"))
            if self.transport is not None:
                self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self._fail(LeanConnectionError(f"redis connection lost: {exc!r}"))

    def _fail(self, err: Exception) -> None:
        self.lost = True
        while self.pending:
            future = self.pending.popleft()
            if not future.done():
                future.set_exception(err)


def _time_out(protocol: _Protocol, future: asyncio.Future[Reply]) -> None:
    """No reply in time (a paused or unreachable server): the replies can no longer be matched
    to their commands, so the connection is dropped and everything in flight fails."""
    if future.done():
        return
    protocol._fail(LeanTimeoutError("redis did not answer in time"))
    if protocol.transport is not None:
        protocol.transport.abort()


class LeanRedis:
    """`await lean.execute("HMGET", key, "v", "d")` → the raw reply (bytes, int, list, or a
    hiredis.ReplyError instance for an error reply: callers check)."""

    def __init__(
        self,
        host: str | None = None,
        port: int = 6379,
        path: str | None = None,
        db: int = 0,
        username: str | None = None,
        password: str | None = None,
        timeout: float = 1.0,
    ) -> None:
        self.timeout = timeout  # seconds a reply (or a connection) may take
        self.host = host
        self.port = port
        self.path = path
        self.db = db
        self.username = username
        self.password = password
        self.commands_sent = 0
        self._protocol: _Protocol | None = None
        self._connecting: asyncio.Lock | None = None

    @classmethod
    def from_url(cls, url: str, timeout: float = 1.0) -> LeanRedis | None:
        """None when the URL needs what this client does not do (TLS, unknown scheme)."""
        u = urlparse(url)
        username = unquote(u.username) if u.username else None
        password = unquote(u.password) if u.password else None
        query = dict(p.split("=", 1) for p in u.query.split("&") if "=" in p)
        if u.scheme == "redis":
            db_text = u.path.lstrip("/") or query.get("db", "0")
            if not db_text.isdigit():
                return None
            return cls(
                host=u.hostname or "localhost",
                port=u.port or 6379,
                db=int(db_text),
                username=username,
                password=password,
                timeout=timeout,
            )
        if u.scheme == "unix":
            db_text = query.get("db", "0")
            if not db_text.isdigit() or not u.path:
                return None
            return cls(
                path=u.path, db=int(db_text), username=username, password=password, timeout=timeout
            )
        return None

    async def _connect(self) -> _Protocol:
        loop = asyncio.get_running_loop()
        if self.path is not None:
            connect = loop.create_unix_connection(_Protocol, self.path)
        else:
            connect = loop.create_connection(_Protocol, self.host or "localhost", self.port)
        _, protocol = await asyncio.wait_for(connect, self.timeout)
        setup: list[tuple[Any, ...]] = []
        if self.password is not None:
            setup.append(
                ("AUTH", self.username, self.password) if self.username else ("AUTH", self.password)
            )
        if self.db:
            setup.append(("SELECT", self.db))
        for command in setup:
            reply = await asyncio.wait_for(self._send(protocol, command), self.timeout)
            if isinstance(reply, hiredis.ReplyError):
                assert protocol.transport is not None
                protocol.transport.close()
                raise LeanConnectionError(f"redis refused {command[0]}: {reply}")
        return protocol

    async def _protocol_ready(self) -> _Protocol:
        if self._connecting is None:
            self._connecting = asyncio.Lock()
        async with self._connecting:
            protocol = self._protocol
            if (
                protocol is None
                or protocol.lost
                or protocol.transport is None
                or protocol.transport.is_closing()
            ):
                protocol = self._protocol = await self._connect()
        return protocol

    async def _send(self, protocol: _Protocol, command: tuple[Any, ...]) -> Reply:
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        assert protocol.transport is not None
        protocol.transport.write(hiredis.pack_command(command))
        protocol.pending.append(future)
        return await future

    async def execute(self, *command: Any) -> Reply:
        protocol = self._protocol
        if protocol is None or protocol.lost or protocol.transport.is_closing():  # type: ignore[union-attr]
            protocol = await self._protocol_ready()
        self.commands_sent += 1
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Reply] = loop.create_future()
        protocol.transport.write(hiredis.pack_command(command))  # type: ignore[union-attr]
        protocol.pending.append(future)
        timer = loop.call_later(self.timeout, _time_out, protocol, future)
        try:
            return await future
        finally:
            timer.cancel()

    async def execute_many(self, commands: list[tuple[Any, ...]]) -> list[Reply]:
        """Several commands in one write (a pipeline: one round trip); their raw replies in
        order, an error reply as a hiredis.ReplyError in its place."""
        protocol = self._protocol
        if protocol is None or protocol.lost or protocol.transport.is_closing():  # type: ignore[union-attr]
            protocol = await self._protocol_ready()
        self.commands_sent += len(commands)
        loop = asyncio.get_running_loop()
        futures: list[asyncio.Future[Reply]] = [loop.create_future() for _ in commands]
        protocol.transport.write(b"".join(hiredis.pack_command(c) for c in commands))  # type: ignore[union-attr]
        protocol.pending.extend(futures)
        timer = loop.call_later(self.timeout, _time_out, protocol, futures[-1])
        try:
            await futures[-1]  # replies come in order: the last one answered means all did
        except BaseException:
            for future in futures:  # a lost connection fails them all: retrieve each
                if future.done() and not future.cancelled():
                    future.exception()
            raise
        finally:
            timer.cancel()
        return [f.result() for f in futures]

    async def close(self) -> None:
        protocol, self._protocol = self._protocol, None
        if protocol is not None and protocol.transport is not None:
            protocol.transport.close()
