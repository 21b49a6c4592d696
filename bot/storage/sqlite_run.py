"""What the parts of the SQLite store share: `Run`, the store's way to run a function on its
connection (on its one worker thread), and `tx`, a transaction on that autocommit connection."""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

T = TypeVar("T")


class Run(Protocol):
    """`await run(fn, *args)`: `fn(conn, *args)` on the store's connection, its result."""

    def __call__(self, fn: Callable[..., T], *args: object) -> Awaitable[T]: ...


class tx:
    """BEGIN … COMMIT (ROLLBACK on error) on an autocommit connection."""

    def __init__(self, conn: sqlite3.Connection, immediate: bool = False) -> None:
        self.conn = conn
        self.begin = "BEGIN IMMEDIATE" if immediate else "BEGIN"

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute(self.begin)
        return self.conn

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        self.conn.execute("ROLLBACK" if exc_type else "COMMIT")
