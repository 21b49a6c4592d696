"""The SQLite store's compare-and-set write of a game, shared by `save` and `finish`."""

from __future__ import annotations

import sqlite3


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
