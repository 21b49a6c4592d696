"""Game records on the embedded SQLite store: the `games` table (id, version, payload, expires),
compare-and-set by an UPDATE on the version; open games counted from the payloads."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from bot.registry import GAMES
from bot.storage.cells import Cells
from bot.storage.games import Games
from bot.storage.record import GameRecord
from bot.storage.sqlite_run import Run, cas_update, tx

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, version INTEGER NOT NULL, payload TEXT NOT NULL, expires REAL NOT NULL
);
"""


class SQLiteGames(Games):
    def __init__(
        self, run: Run, clock: Callable[[], float], cells: Cells, game_ttl: int, idle_ttl: int
    ) -> None:
        super().__init__(cells, game_ttl, idle_ttl)
        self._run = run
        self.clock = clock

    async def create(self, record: GameRecord) -> bool:
        def op(conn: sqlite3.Connection) -> bool:
            now = self.clock()
            with tx(conn):
                conn.execute("DELETE FROM games WHERE id = ? AND expires <= ?", (record.id, now))
                cur = conn.execute(
                    "INSERT OR IGNORE INTO games (id, version, payload, expires) VALUES (?,?,?,?)",
                    (record.id, record.version, record.payload(), now + self.ttl_for(record)),
                )
                return cur.rowcount == 1

        return await self._run(op)

    async def load(self, game_id: str) -> GameRecord | None:
        def op(conn: sqlite3.Connection) -> tuple[int, str] | None:
            row = conn.execute(
                "SELECT version, payload FROM games WHERE id = ? AND expires > ?",
                (game_id, self.clock()),
            ).fetchone()
            return (int(row[0]), str(row[1])) if row else None

        row = await self._run(op)
        return GameRecord.from_payload(game_id, row[0], row[1]) if row else None

    async def version_of(self, game_id: str) -> int | None:
        def op(conn: sqlite3.Connection) -> int | None:
            row = conn.execute(
                "SELECT version FROM games WHERE id = ? AND expires > ?", (game_id, self.clock())
            ).fetchone()
            return None if row is None else int(row[0])

        return await self._run(op)

    async def save(self, record: GameRecord, expected_version: int) -> bool:
        payload = record.payload()

        def op(conn: sqlite3.Connection) -> bool:
            ttl = self.ttl_for(record)
            return cas_update(conn, record.id, expected_version, payload, self.clock(), ttl)

        ok = await self._run(op)
        if ok:
            record.version = expected_version + 1
        return ok

    async def delete(self, game_id: str) -> None:
        await self._run(lambda conn: conn.execute("DELETE FROM games WHERE id = ?", (game_id,)))

    async def active_games(self, now: float | None = None) -> dict[str, int]:
        def op(conn: sqlite3.Connection) -> dict[str, int]:
            at = self.clock() if now is None else now
            rows = conn.execute(
                "SELECT json_extract(payload, '$.k'), COUNT(*) FROM games "
                "WHERE expires > ? AND NOT json_extract(payload, '$.f') GROUP BY 1",
                (at,),
            ).fetchall()
            counts = dict.fromkeys(GAMES, 0)
            counts.update({str(kind): int(n) for kind, n in rows})
            return counts

        return await self._run(op)

    async def game_ttl_left(self, game_id: str) -> float | None:
        def op(conn: sqlite3.Connection) -> float | None:
            now = self.clock()
            row = conn.execute(
                "SELECT expires FROM games WHERE id = ? AND expires > ?", (game_id, now)
            ).fetchone()
            return float(row[0]) - now if row else None

        return await self._run(op)
