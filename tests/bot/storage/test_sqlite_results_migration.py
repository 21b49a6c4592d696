"""An embedded store whose results lived in tables of their own (statistics, history, boards,
ratings, hidden users), with its deadlines and sends in theirs, opens with everything its players
had: the same statistics, history, pages, ratings; a hidden player stays hidden (and a new
result keeps them off); a due deadline fires once; the budget still counts the last sends.
The old tables are written here as the store of before wrote them, from the same pure code."""

from __future__ import annotations

import sqlite3
import time
from functools import partial
from pathlib import Path

from bot.stats.boards import Board
from bot.stats.game_end import board_lines, plan, rating_scopes
from bot.stats.rating import Rating
from bot.stats.result import GameResult
from bot.storage.sqlite_store import SQLiteStore
from tests.bot.storage.results_support import play, solo, table

OLD = """
CREATE TABLE games (
    id TEXT PRIMARY KEY, version INTEGER NOT NULL, payload TEXT NOT NULL, expires REAL NOT NULL
);
CREATE TABLE user_stats (
    user_id INTEGER NOT NULL, field TEXT NOT NULL, value TEXT NOT NULL,
    PRIMARY KEY (user_id, field)
) WITHOUT ROWID;
CREATE TABLE user_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, data TEXT NOT NULL
);
CREATE TABLE boards (
    board TEXT NOT NULL, user_id INTEGER NOT NULL, score REAL NOT NULL, expires REAL,
    PRIMARY KEY (board, user_id)
) WITHOUT ROWID;
CREATE TABLE ratings (
    scope TEXT NOT NULL, user_id INTEGER NOT NULL, value TEXT NOT NULL,
    PRIMARY KEY (scope, user_id)
) WITHOUT ROWID;
CREATE TABLE hidden_users (user_id INTEGER PRIMARY KEY);
CREATE TABLE deadlines (key TEXT PRIMARY KEY, due REAL NOT NULL);
CREATE TABLE sends (chat INTEGER NOT NULL, at REAL NOT NULL);
"""


def count_the_old_way(conn: sqlite3.Connection, result: GameResult) -> None:
    """What the store of before wrote for a result (its tables, the same decisions)."""
    uids = [p.user_id for p in result.humans]
    stats = {
        u: dict(conn.execute("SELECT field, value FROM user_stats WHERE user_id = ?", (u,)))
        for u in uids
    }
    ratings = {}
    for scope in rating_scopes(result):
        rows = conn.execute("SELECT user_id, value FROM ratings WHERE scope = ?", (scope,))
        old = {int(u): v for u, v in rows}
        ratings[scope] = {u: Rating.decode(old[u]) if u in old else None for u in uids}
    todo = plan(result, stats, ratings)
    after = {}
    for uid, changed in todo.stats.items():
        changed["v"] = str(int(stats[uid].get("v") or 0) + 1)
        after[uid] = {**stats[uid], **changed}
        conn.executemany(
            "INSERT OR REPLACE INTO user_stats VALUES (?, ?, ?)",
            [(uid, k, v) for k, v in changed.items()],
        )
        entry = (uid, todo.history[uid])
        conn.execute("INSERT INTO user_history (user_id, data) VALUES (?, ?)", entry)
    for scope, new in todo.ratings.items():
        conn.executemany(
            "INSERT OR REPLACE INTO ratings VALUES (?, ?, ?)",
            [(scope, uid, r.encode()) for uid, r in new.items()],
        )
    for line in board_lines(result, after, todo.ratings):
        expires = None if line.ttl is None else time.time() + line.ttl
        conn.execute(
            "INSERT OR REPLACE INTO boards VALUES (?, ?, ?, ?)",
            (f"{line.board.scope}/{line.board.name}", line.user_id, line.score, expires),
        )


def old_database(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.executescript(OLD)
    for i in range(3):  # Ann (5) wins three, Bob (6) one
        daily = 70 if i == 0 else None
        count_the_old_way(conn, solo(f"k{i}", 5, won=True, name="Ann", daily=daily))
    count_the_old_way(conn, solo("k9", 6, won=True, name="Bob", daily=70, moves=100))
    count_the_old_way(conn, table("r1", [(5, "won", 30), (6, "lost", 10)], chat=-100))
    conn.execute("INSERT INTO hidden_users VALUES (6)")  # Bob hid himself
    conn.execute("DELETE FROM boards WHERE user_id = 6 AND board NOT LIKE '%:-100/%'")
    conn.execute("INSERT OR REPLACE INTO user_stats VALUES (6, 'h', '1')")
    now = time.time()
    due = (now - 5, now + 3600)
    conn.execute("INSERT INTO deadlines VALUES ('turn:g1', ?), ('turn:g2', ?)", due)
    conn.execute("INSERT INTO sends VALUES (-100, ?)", (now - 1,))
    conn.commit()
    conn.close()


async def test_an_old_database_keeps_every_result(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old_database(path)
    s = await SQLiteStore(str(path)).open()
    try:
        ann = (await s.user_stats(5)).of("kosa")
        assert (ann.played, ann.won, ann.streak) == (3, 3, 3)
        assert [h.game_id for h in await s.history(5)] == ["r1", "k2", "k1", "k0"]
        wins = await s.leaderboard(Board.wins("kosa"), user_id=5)
        assert [(e.user_id, e.score, e.name) for e in wins.entries] == [(5, 3, "user5")]  # (r1)
        day = await s.leaderboard(Board.of_day("kosa", "u", 70), user_id=5)
        assert [e.user_id for e in day.entries] == [5]  # Bob is hidden
        group = await s.leaderboard(Board.rating("ryadki", chat=-100))
        assert [e.user_id for e in group.entries] == [5, 6]  # a group's board keeps him
        rating = await s.rating(5, "ryadki")
        assert rating is not None and rating.games == 1
        assert (await s.user_stats(6)).hidden
        await play(s, partial(solo, uid=6, won=True, name="Bob"))  # hidden: still off
        assert [e.user_id for e in (await s.leaderboard(Board.wins("kosa"))).entries] == [5]
        await s.set_hidden(6, False)
        page = await s.leaderboard(Board.wins("kosa"))
        assert [(e.user_id, e.score) for e in page.entries] == [(5, 3), (6, 2)]
        # Ann's next result continues her statistics and history
        await play(s, partial(solo, uid=5, won=False, name="Ann"))
        ann = (await s.user_stats(5)).of("kosa")
        assert (ann.played, ann.won, ann.streak, ann.best_streak) == (4, 3, 0, 3)
        assert len(await s.history(5)) == 5
        now = time.time()
        [(key, lease)] = await s.claim_due(now, lease=30)
        assert key == "turn:g1"
        await s.finish_due(key, lease)
        assert [k for k, _ in await s.claim_due(now + 3601, lease=30)] == ["turn:g2"]
        assert await s.take_send(-100, now, 60.0, 20, 3.0) > 0  # a send a second ago
    finally:
        await s.close()
    conn = sqlite3.connect(path)
    try:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        conn.close()
    assert not tables & {"user_stats", "user_history", "boards", "ratings", "hidden_users"}
    assert not tables & {"deadlines", "sends"}
