"""What the parts of the SQLite store share: `Run`, the store's way to run a function on its
connection (on its one worker thread), `tx`, a transaction on that autocommit connection, and
`cas_update`, the compare-and-set write of a game (`save` and `finish`)."""

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


def cas_update(
    conn: sqlite3.Connection,
    game_id: str,
    expected_version: int,
    payload: str,
    now: float,
    ttl: float,
) -> bool:
    """Store `payload` as version `expected_version + 1` only if the live game is still at
    `expected_version`; True when it was."""
    cur = conn.execute(
        "UPDATE games SET version = ?, payload = ?, expires = ? "
        "WHERE id = ? AND version = ? AND expires > ?",
        (expected_version + 1, payload, now + ttl, game_id, expected_version, now),
    )
    return cur.rowcount == 1
