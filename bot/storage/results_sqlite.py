"""A game's end on the embedded SQLite store (a part of SQLiteStore): `finish` is one IMMEDIATE
transaction, the compare-and-set save, the result and everything it counts (bot.stats.game_end),
so nothing is left for a sweep; several processes on one file take the write lock in turn. (A
bug while counting rolls back the counting alone: the game still ends, and the log says so.)
Statistics are flat fields (bot.stats.stats), a row each.
"""

from __future__ import annotations

import logging
import sqlite3
from abc import abstractmethod
from collections.abc import Callable
from typing import TypeVar

from bot.stats.game_end import BoardLine, board_lines, plan, rating_scopes
from bot.stats.rating import Rating
from bot.stats.result import GameResult
from bot.stats.stats import HISTORY_LIMIT
from bot.storage.base import Store
from bot.storage.record import GameRecord
from bot.storage.sqlite_run import cas_update, tx

T = TypeVar("T")
log = logging.getLogger("bot.storage")

RESULTS_SCHEMA = """
DROP TABLE IF EXISTS pending_results;
CREATE TABLE IF NOT EXISTS user_stats (
    user_id INTEGER NOT NULL, field TEXT NOT NULL, value TEXT NOT NULL,
    PRIMARY KEY (user_id, field)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS user_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS user_history_user ON user_history (user_id, id);
CREATE TABLE IF NOT EXISTS boards (
    board TEXT NOT NULL, user_id INTEGER NOT NULL, score REAL NOT NULL, expires REAL,
    PRIMARY KEY (board, user_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS boards_score ON boards (board, score);
CREATE TABLE IF NOT EXISTS ratings (
    scope TEXT NOT NULL, user_id INTEGER NOT NULL, value TEXT NOT NULL,
    PRIMARY KEY (scope, user_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS hidden_users (user_id INTEGER PRIMARY KEY);
"""

# a line by its keep rule (bot.stats.game_end): a count only grows, a day's result is the first
KEEP = {
    "max": "ON CONFLICT (board, user_id) DO UPDATE SET score = max(score, excluded.score), "
    "expires = excluded.expires",
    "first": "ON CONFLICT (board, user_id) DO NOTHING",
    "latest": "ON CONFLICT (board, user_id) DO UPDATE SET score = excluded.score, "
    "expires = excluded.expires",
}
# a board is global when its scope (before the '/') names no chat
GLOBAL = "instr(substr(board, 1, instr(board, '/') - 1), ':') = 0"


def board_name(scope: str, name: str) -> str:
    return f"{scope}/{name}"


def write_line(conn: sqlite3.Connection, line: BoardLine, now: float) -> None:
    """A board line (bot.stats.game_end), unless it is on a global board and its user hidden."""
    board, uid = line.board, line.user_id
    if (
        board.hides
        and conn.execute("SELECT 1 FROM hidden_users WHERE user_id = ?", (uid,)).fetchone()
    ):
        return
    expires = None if line.ttl is None else now + line.ttl
    conn.execute(
        "INSERT INTO boards (board, user_id, score, expires) VALUES (?, ?, ?, ?) "
        + KEEP[line.keep],
        (board_name(board.scope, board.name), uid, line.score, expires),
    )


def fields_of(conn: sqlite3.Connection, user_id: int) -> dict[str, str]:
    rows = conn.execute("SELECT field, value FROM user_stats WHERE user_id = ?", (user_id,))
    return {str(k): str(v) for k, v in rows}


class SQLiteResults(Store):
    """SQLiteStore's part that ends games, through the store's `_run` and wall `clock`."""

    clock: Callable[[], float]

    @abstractmethod
    async def _run(self, fn: Callable[..., T], *args: object) -> T: ...

    async def finish(self, record: GameRecord, expected_version: int, result: GameResult) -> bool:
        if result.game_id != record.id or not record.finished:
            raise ValueError(f"result of {result.game_id} given for game {record.id} (ended?)")
        payload, data = record.payload(), result.to_json()

        def op(conn: sqlite3.Connection) -> bool:
            now = self.clock()
            with tx(conn, immediate=True):
                ttl = self.ttl_for(record)
                if not cas_update(conn, record.id, expected_version, payload, now, ttl):
                    return False
                conn.execute(  # the result's cell (Store.result_key), never overwritten
                    "INSERT OR IGNORE INTO cells VALUES (?, ?, ?)",
                    (self.result_key(record.id).text(), data, now + self.result_ttl),
                )
                conn.execute("SAVEPOINT count")  # a bug counting it must not keep the game on
                try:
                    self._count(conn, result, now)
                except Exception:
                    conn.execute("ROLLBACK TO count")
                    log.exception("event=result_not_counted game=%s", record.id)
                conn.execute("RELEASE count")
                return True

        ok = await self._run(op)
        if ok:
            record.version = expected_version + 1
        return ok

    @staticmethod
    def _count(conn: sqlite3.Connection, result: GameResult, now: float) -> None:
        uids = [p.user_id for p in result.humans]
        stats = {uid: fields_of(conn, uid) for uid in uids}
        marks = ",".join("?" * len(uids))
        ratings: dict[str, dict[int, Rating | None]] = {}
        for scope in rating_scopes(result):
            rows = conn.execute(
                f"SELECT user_id, value FROM ratings WHERE scope = ? AND user_id IN ({marks})",
                [scope, *uids],
            )
            ratings[scope] = {int(u): Rating.decode(v) for u, v in rows}
        todo = plan(result, stats, ratings)
        after = {}
        for uid, changed in todo.stats.items():
            changed["v"] = str(int(stats[uid].get("v") or 0) + 1)
            after[uid] = {**stats[uid], **changed}
            conn.executemany(
                "INSERT OR REPLACE INTO user_stats (user_id, field, value) VALUES (?, ?, ?)",
                [(uid, k, v) for k, v in changed.items()],
            )
            conn.execute(
                "INSERT INTO user_history (user_id, data) VALUES (?, ?)", (uid, todo.history[uid])
            )
            conn.execute(
                "DELETE FROM user_history WHERE user_id = ? AND id <= (SELECT id FROM "
                "user_history WHERE user_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)",
                (uid, uid, HISTORY_LIMIT),
            )
        for scope, new in todo.ratings.items():
            conn.executemany(
                "INSERT OR REPLACE INTO ratings (scope, user_id, value) VALUES (?, ?, ?)",
                [(scope, uid, r.encode()) for uid, r in new.items()],
            )
        for line in board_lines(result, after, todo.ratings):
            write_line(conn, line, now)
