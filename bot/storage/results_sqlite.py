"""Results on the embedded SQLite store (see results_api): the same semantics as Redis.

`finish` is one IMMEDIATE transaction: the compare-and-set save, the result, the pending row
and (with `apply`) the per-user parts, so nothing is ever half done. `apply_result` applies a
result only while its pending row exists and deletes it in the same transaction: exactly once,
also for several processes on one file (IMMEDIATE transactions take the write lock first).
Statistics are the same flat fields as Redis's hash (bot.stats.stats), one row each.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable

from bot.stats.game_end import BoardLine, board_lines, rating_scopes
from bot.stats.rating import Rating, rate
from bot.stats.result import GameResult, places
from bot.stats.stats import HISTORY_LIMIT, history_line, updated_fields
from bot.storage.record import GameRecord
from bot.storage.results_api import Results
from bot.storage.sqlite_cas import cas_update
from bot.storage.sqlite_run import Run, tx

log = logging.getLogger("bot.storage")

RESULTS_SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    game_id TEXT PRIMARY KEY, data TEXT NOT NULL, expires REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS pending_results (game_id TEXT PRIMARY KEY, since REAL NOT NULL);
CREATE INDEX IF NOT EXISTS pending_results_since ON pending_results (since);
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
CREATE TABLE IF NOT EXISTS daily_claims (
    key TEXT PRIMARY KEY, game_id TEXT NOT NULL, expires REAL NOT NULL
);
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


class SQLiteResults(Results):
    """A game's end recorded and applied, through the store's `run`; `clock` is the store's
    wall clock, `ttl_for` its lifetime of a game record."""

    def __init__(
        self, run: Run, clock: Callable[[], float], ttl_for: Callable[[GameRecord], int]
    ) -> None:
        self._run = run
        self.clock = clock
        self.ttl_for = ttl_for

    async def finish(
        self,
        record: GameRecord,
        expected_version: int,
        result: GameResult,
        *,
        apply: bool = True,
    ) -> bool:
        if result.game_id != record.id or not record.finished:
            raise ValueError(f"result of {result.game_id} given for game {record.id} (ended?)")
        payload, data = record.payload(), result.to_json()

        def op(conn: sqlite3.Connection) -> bool:
            now = self.clock()
            with tx(conn, immediate=True):
                ttl = self.ttl_for(record)
                if not cas_update(conn, record.id, expected_version, payload, now, ttl):
                    return False
                conn.execute(
                    "INSERT OR IGNORE INTO results (game_id, data, expires) VALUES (?, ?, ?)",
                    (record.id, data, now + self.result_ttl),
                )
                conn.execute(
                    "INSERT OR REPLACE INTO pending_results (game_id, since) VALUES (?, ?)",
                    (record.id, now),
                )
                if apply:  # in a savepoint: whatever fails there, the game still ends
                    conn.execute("SAVEPOINT apply")
                    try:
                        self._apply_sync(conn, result)
                    except Exception:
                        conn.execute("ROLLBACK TO apply")
                        log.exception("event=result_left_pending game=%s", record.id)
                    conn.execute("RELEASE apply")
                return True

        ok = await self._run(op)
        if ok:
            record.version = expected_version + 1
        return ok

    async def apply_result(self, result: GameResult) -> None:
        def op(conn: sqlite3.Connection) -> None:
            with tx(conn, immediate=True):
                self._apply_sync(conn, result)

        await self._run(op)

    def _apply_sync(self, conn: sqlite3.Connection, result: GameResult) -> None:
        gid = result.game_id
        if not conn.execute("SELECT 1 FROM pending_results WHERE game_id = ?", (gid,)).fetchone():
            return  # applied already
        uids = [p.user_id for p in result.humans]
        place = places(result)
        after: dict[int, dict[str, str]] = {}
        for p in result.humans:
            uid = p.user_id
            fields = fields_of(conn, uid)
            changed = updated_fields(fields, result, p)
            changed["v"] = str(int(fields.get("v") or 0) + 1)
            after[uid] = {**fields, **changed}
            conn.executemany(
                "INSERT OR REPLACE INTO user_stats (user_id, field, value) VALUES (?, ?, ?)",
                [(uid, k, v) for k, v in changed.items()],
            )
            entry = history_line(result, p, place[uid])
            conn.execute("INSERT INTO user_history (user_id, data) VALUES (?, ?)", (uid, entry))
            conn.execute(
                "DELETE FROM user_history WHERE user_id = ? AND id <= (SELECT id FROM "
                "user_history WHERE user_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)",
                (uid, uid, HISTORY_LIMIT),
            )
        ratings: dict[str, dict[int, Rating]] = {}
        for scope in rating_scopes(result):
            marks = ",".join("?" * len(uids))
            rows = conn.execute(
                f"SELECT user_id, value FROM ratings WHERE scope = ? AND user_id IN ({marks})",
                [scope, *uids],
            )
            new = ratings[scope] = rate(result, {int(u): Rating.decode(v) for u, v in rows})
            conn.executemany(
                "INSERT OR REPLACE INTO ratings (scope, user_id, value) VALUES (?, ?, ?)",
                [(scope, uid, r.encode()) for uid, r in new.items()],
            )
        now = self.clock()
        for line in board_lines(result, after, ratings):
            write_line(conn, line, now)
        conn.execute("DELETE FROM pending_results WHERE game_id = ?", (gid,))

    async def pending_results(
        self, now: float, older_than: float = 60.0, limit: int = 50
    ) -> list[GameResult]:
        def op(conn: sqlite3.Connection) -> list[str]:
            clock = self.clock()
            with tx(conn, immediate=True):
                conn.execute("DELETE FROM results WHERE expires <= ?", (clock,))
                conn.execute("DELETE FROM daily_claims WHERE expires <= ?", (clock,))
                conn.execute("DELETE FROM boards WHERE expires <= ?", (clock,))
                rows = conn.execute(
                    "SELECT p.game_id, r.data FROM pending_results p LEFT JOIN results r "
                    "ON r.game_id = p.game_id WHERE p.since <= ? ORDER BY p.since LIMIT ?",
                    (now - older_than, limit),
                ).fetchall()
                for gid, data in rows:
                    if data is None:  # its result is gone (expired)
                        conn.execute("DELETE FROM pending_results WHERE game_id = ?", (gid,))
                    else:  # leased: another sweeper skips it for `older_than`
                        conn.execute(
                            "UPDATE pending_results SET since = ? WHERE game_id = ?", (now, gid)
                        )
                return [str(data) for _, data in rows if data is not None]

        return [GameResult.from_json(d) for d in await self._run(op)]

    async def load_result(self, game_id: str) -> GameResult | None:
        def op(conn: sqlite3.Connection) -> str | None:
            row = conn.execute(
                "SELECT data FROM results WHERE game_id = ? AND expires > ?",
                (game_id, self.clock()),
            ).fetchone()
            return None if row is None else str(row[0])

        data = await self._run(op)
        return None if data is None else GameResult.from_json(data)
