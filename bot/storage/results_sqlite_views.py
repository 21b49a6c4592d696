"""Reading what the results made on the embedded SQLite store: statistics, history, ratings,
leaderboard pages (in the order Redis gives); hiding a user from the global boards (tables:
results_sqlite). A part of SQLiteStore."""

from __future__ import annotations

import sqlite3

from bot.registry import GAMES
from bot.stats.boards import Board, BoardEntry, BoardPage, ranks
from bot.stats.game_end import restored_lines
from bot.stats.rating import Rating
from bot.stats.stats import HISTORY_LIMIT, HistoryEntry, UserStats
from bot.storage.results_sqlite import GLOBAL, SQLiteResults, board_name, fields_of, write_line
from bot.storage.sqlite_run import tx


class SQLiteResultViews(SQLiteResults):
    async def user_stats(self, user_id: int) -> UserStats:
        return UserStats.from_fields(await self._run(fields_of, user_id))

    async def history(self, user_id: int, limit: int = HISTORY_LIMIT) -> list[HistoryEntry]:
        def op(conn: sqlite3.Connection) -> list[str]:
            rows = conn.execute(
                "SELECT data FROM user_history WHERE user_id = ? ORDER BY id DESC LIMIT ?",
                (user_id, limit),
            )
            return [str(r[0]) for r in rows]

        return [HistoryEntry.from_json(d) for d in await self._run(op)]

    async def rating(self, user_id: int, kind: str, chat: int | None = None) -> Rating | None:
        scope = kind if chat is None else f"{kind}:{chat}"

        def op(conn: sqlite3.Connection) -> str | None:
            row = conn.execute(
                "SELECT value FROM ratings WHERE scope = ? AND user_id = ?", (scope, user_id)
            ).fetchone()
            return None if row is None else str(row[0])

        value = await self._run(op)
        return None if value is None else Rating.decode(value)

    async def leaderboard(
        self, board: Board, user_id: int | None = None, limit: int = 10, offset: int = 0
    ) -> BoardPage:
        name = board_name(board.scope, board.name)
        # the order Redis gives: by score, equal scores by the user id as text
        up = "ASC" if board.ascending else "DESC"
        before = "<" if board.ascending else ">"
        live = "board = ? AND (expires IS NULL OR expires > ?)"
        if board.scorers_only:  # a player with no win is on no wins board
            live += " AND score > 0"

        def ahead(conn: sqlite3.Connection, now: float, score: float) -> int:
            """The players with a strictly better score (ties share a rank)."""
            (n,) = conn.execute(
                f"SELECT COUNT(*) FROM boards WHERE {live} AND score {before} ?",
                (name, now, score),
            ).fetchone()
            return int(n)

        def op(conn: sqlite3.Connection) -> BoardPage:
            now = self.clock()
            rows = conn.execute(
                f"SELECT user_id, score FROM boards WHERE {live} "
                f"ORDER BY score {up}, CAST(user_id AS TEXT) {up} LIMIT ? OFFSET ?",
                (name, now, limit, offset),
            ).fetchall()
            total = conn.execute(f"SELECT COUNT(*) FROM boards WHERE {live}", (name, now))
            own: tuple[int, float] | None = None
            if user_id is not None:
                row = conn.execute(
                    f"SELECT score FROM boards WHERE {live} AND user_id = ?", (name, now, user_id)
                ).fetchone()
                if row is not None:
                    own = (ahead(conn, now, row[0]) + 1, float(row[0]))
            first = ahead(conn, now, rows[0][1]) + 1 if rows else 0
            wanted = [int(r[0]) for r in rows] + ([user_id] if own and user_id else [])
            names = {
                int(u): str(n)
                for u, n in conn.execute(
                    "SELECT user_id, value FROM user_stats WHERE field = 'n' AND user_id IN "
                    f"({','.join('?' * len(wanted))})",
                    wanted,
                )
            }
            scores = [float(r[1]) for r in rows]
            entries = tuple(
                BoardEntry(rank, int(u), names.get(int(u), ""), score)
                for rank, (u, _), score in zip(
                    ranks(offset, first, scores), rows, scores, strict=True
                )
            )
            mine = None
            if own is not None and user_id is not None:
                mine = BoardEntry(own[0], user_id, names.get(user_id, ""), own[1])
            return BoardPage(entries, mine, int(total.fetchone()[0]))

        return await self._run(op)

    async def set_hidden(self, user_id: int, hidden: bool) -> None:
        def op(conn: sqlite3.Connection) -> None:
            with tx(conn, immediate=True):
                if hidden:
                    conn.execute("INSERT OR IGNORE INTO hidden_users VALUES (?)", (user_id,))
                    conn.execute(
                        "INSERT OR REPLACE INTO user_stats VALUES (?, 'h', '1')", (user_id,)
                    )
                    conn.execute(f"DELETE FROM boards WHERE user_id = ? AND {GLOBAL}", (user_id,))
                    return
                conn.execute("DELETE FROM hidden_users WHERE user_id = ?", (user_id,))
                conn.execute("DELETE FROM user_stats WHERE user_id = ? AND field = 'h'", (user_id,))
                fields, now = fields_of(conn, user_id), self.clock()
                for kind in sorted(GAMES):
                    row = conn.execute(
                        "SELECT value FROM ratings WHERE scope = ? AND user_id = ?",
                        (kind, user_id),
                    ).fetchone()
                    rating = None if row is None else Rating.decode(row[0])
                    for line in restored_lines(kind, user_id, fields, rating):
                        write_line(conn, line, now)

        await self._run(op)
