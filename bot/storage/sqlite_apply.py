"""The writes of bot.storage.writes on the embedded SQLite store, inside the transaction of the
program they belong to (bot.storage.sqlite_cells): values in `cells`, sets in `members`, records'
fields in `fields`, lists in `lists`, sorted sets in `scores`, games in `games`.

A key's rows carry its expiry (`expires`; infinity: kept), as a Redis key does: a read skips
rows past it, a write to a key first drops its rows past it, a new member takes the key's
expiry, `Expire` moves every row of the key.
"""

from __future__ import annotations

import math
import sqlite3
from typing import Any

from bot.storage.writes import (
    Absent,
    AddMember,
    Applied,
    Count,
    Delete,
    DropField,
    DropMember,
    Expire,
    Fewer,
    Field,
    FieldIs,
    Fields,
    GameIs,
    Get,
    Group,
    Guard,
    Items,
    Key,
    Lease,
    Members,
    Push,
    PutGame,
    Range,
    Rank,
    Read,
    Score,
    ScoreIs,
    SetFields,
    SetValue,
    Span,
    Timely,
    Trim,
    Unless,
    Unrank,
    Write,
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS scores (
    key TEXT NOT NULL, member TEXT NOT NULL, score REAL NOT NULL, expires REAL NOT NULL,
    PRIMARY KEY (key, member)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS scores_by_score ON scores (key, score);
CREATE TABLE IF NOT EXISTS lists (
    id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL, value TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS lists_key ON lists (key, id);
"""

KEPT = math.inf  # the expiry of a key kept until changed
_KEEP = {
    "latest": "DO UPDATE SET score = excluded.score",
    "max": "DO UPDATE SET score = max(score, excluded.score)",
    "first": "DO NOTHING",
}


def span_sql(span: Span) -> tuple[str, list[float]]:
    """`span` as a condition on `score`, and its parameters."""
    low = ">" if span.low_open else ">="
    high = "<" if span.high_open else "<="
    return f"score {low} ? AND score {high} ?", [span.low, span.high]


class Interpreter:
    """Reads, guards and writes on `conn` at `now` (the store's wall clock)."""

    def __init__(self, conn: sqlite3.Connection, now: float) -> None:
        self.conn = conn
        self.now = now

    def item(self, item: Read | Group) -> Any:
        return self.group(item) if isinstance(item, Group) else self.read(item)

    def group(self, group: Group) -> Applied:
        values = [self.read(r) for r in group.reads]
        for i, guard in enumerate(group.guards, start=1):
            if not self.guard(guard):
                return Applied(i, values)
        for write in group.writes:
            got = self.write(write)
            if got is not None:
                values.append(got)
        return Applied(0, values)

    def _one(self, sql: str, *args: Any) -> Any:
        row = self.conn.execute(sql, args).fetchone()
        return None if row is None else row[0]

    def _score(self, key: Key, member: str) -> float | None:
        got = self._one(
            "SELECT score FROM scores WHERE key = ? AND member = ? AND expires > ?",
            key.text(),
            member,
            self.now,
        )
        return None if got is None else float(got)

    def read(self, read: Read) -> Any:
        key, now, one = read.key.text(), self.now, self._one
        match read:
            case Get():
                got = one(
                    "SELECT value FROM cells WHERE key = ? AND (expires IS NULL OR expires > ?)",
                    key,
                    now,
                )
                return None if got is None else str(got)
            case Fields():
                rows = self.conn.execute("SELECT name, value FROM fields WHERE key = ?", (key,))
                return {str(n): str(v) for n, v in rows}
            case Field(names=names):
                sql = "SELECT value FROM fields WHERE key = ? AND name = ?"
                return [None if (v := one(sql, key, n)) is None else str(v) for n in names]
            case Items(start=start, stop=stop):
                count = -1 if stop < 0 else stop - start + 1
                rows = self.conn.execute(
                    "SELECT value FROM lists WHERE key = ? ORDER BY id DESC LIMIT ? OFFSET ?",
                    (key, count, start),
                )
                return [str(r[0]) for r in rows]
            case Members():
                rows = self.conn.execute(
                    "SELECT member FROM members WHERE key = ? AND expires > ? ORDER BY member",
                    (key, now),
                )
                return [str(r[0]) for r in rows]
            case Score(member=member):
                return self._score(read.key, member)
            case Range(span=span, offset=offset, limit=limit, desc=desc):
                where, args = span_sql(span)
                order = "DESC" if desc else "ASC"
                rows = self.conn.execute(
                    f"SELECT member, score FROM scores WHERE key = ? AND expires > ? AND {where} "
                    f"ORDER BY score {order}, member {order} LIMIT ? OFFSET ?",
                    (key, now, *args, limit, offset),
                )
                return [(str(m), float(s)) for m, s in rows]
            case Count(span=span):
                return self._count(read.key, span)

    def _count(self, key: Key, span: Span) -> int:
        where, args = span_sql(span)
        sql = f"SELECT COUNT(*) FROM scores WHERE key = ? AND expires > ? AND {where}"
        return int(self._one(sql, key.text(), self.now, *args))

    def guard(self, guard: Guard) -> bool:
        match guard:
            case Timely():
                return True  # nothing waits on a network here
            case GameIs(game_id=game_id, version=version):
                sql = "SELECT version FROM games WHERE id = ? AND expires > ?"
                return bool(self._one(sql, game_id, self.now) == version)
            case Absent(key=key, member=member):
                return self._score(key, member) is None
            case FieldIs(key=key, name=name, value=value):
                sql = "SELECT value FROM fields WHERE key = ? AND name = ?"
                return bool(self._one(sql, key.text(), name) == value)
            case ScoreIs(key=key, member=member, score=score):
                return self._score(key, member) == score
            case Fewer(key=key, n=n, span=span):
                return self._count(key, span) < n

    def _hidden(self, unless: Unless | None) -> bool:
        if unless is None:
            return False
        sql = "SELECT 1 FROM members WHERE key = ? AND member = ? AND expires > ?"
        return self._one(sql, unless.key.text(), unless.member, self.now) is not None

    def _expiry(self, table: str, key: str) -> float:
        """Drop the key's expired rows; the expiry of its live ones (a new member's)."""
        self.conn.execute(f"DELETE FROM {table} WHERE key = ? AND expires <= ?", (key, self.now))
        got = self._one(f"SELECT expires FROM {table} WHERE key = ? LIMIT 1", key)
        return KEPT if got is None else float(got)

    def write(self, write: Write) -> list[str] | None:
        key, execute = write.key.text(), self.conn.execute
        match write:
            case SetValue(value=value, ttl=ttl, only_new=only_new):
                expires = None if ttl is None else self.now + ttl
                if only_new:
                    execute("DELETE FROM cells WHERE key = ? AND expires <= ?", (key, self.now))
                verb = "INSERT OR IGNORE" if only_new else "INSERT OR REPLACE"
                execute(f"{verb} INTO cells VALUES (?, ?, ?)", (key, value, expires))
            case Delete():
                for table in ("cells", "members", "fields", "scores", "lists"):
                    execute(f"DELETE FROM {table} WHERE key = ?", (key,))
            case SetFields(pairs=pairs):
                sql = "INSERT OR REPLACE INTO fields VALUES (?, ?, ?)"
                self.conn.executemany(sql, [(key, n, v) for n, v in pairs])
            case DropField(name=name):
                execute("DELETE FROM fields WHERE key = ? AND name = ?", (key, name))
            case Push(value=value, cap=cap):
                execute("INSERT INTO lists (key, value) VALUES (?, ?)", (key, value))
                execute(
                    "DELETE FROM lists WHERE key = ? AND id <= (SELECT id FROM lists "
                    "WHERE key = ? ORDER BY id DESC LIMIT 1 OFFSET ?)",
                    (key, key, cap),
                )
            case AddMember(member=member):
                expires = self._expiry("members", key)
                execute("INSERT OR IGNORE INTO members VALUES (?, ?, ?)", (key, member, expires))
            case DropMember(member=member):
                execute("DELETE FROM members WHERE key = ? AND member = ?", (key, member))
            case PutGame(game_id=game_id, version=version, payload=payload, ttl=ttl):
                execute(
                    "UPDATE games SET version = ?, payload = ?, expires = ? WHERE id = ?",
                    (version, payload, self.now + ttl, game_id),
                )
            case _:
                return self._sorted(write, key)
        return None

    def _sorted(self, write: Write, key: str) -> list[str] | None:
        """A write to a sorted set (or a key's expiry)."""
        execute = self.conn.execute
        match write:
            case Rank(member=member, score=score, keep=keep, unless=unless):
                if not self._hidden(unless):
                    expires = self._expiry("scores", key)
                    execute(
                        "INSERT INTO scores VALUES (?, ?, ?, ?) ON CONFLICT (key, member) "
                        + _KEEP[keep],
                        (key, member, float(score), expires),
                    )
            case Unrank(member=member):
                execute("DELETE FROM scores WHERE key = ? AND member = ?", (key, member))
            case Trim(span=span):
                where, args = span_sql(span)
                execute(f"DELETE FROM scores WHERE key = ? AND {where}", (key, *args))
            case Expire(seconds=seconds, unless=unless):
                if not self._hidden(unless):
                    self._expire(key, self.now + seconds)
            case Lease(high=high, limit=limit, until=until):
                rows = execute(
                    "SELECT member FROM scores WHERE key = ? AND expires > ? AND score <= ? "
                    "ORDER BY score, member LIMIT ?",
                    (key, self.now, high, limit),
                ).fetchall()
                members = [str(r[0]) for r in rows]
                sql = "UPDATE scores SET score = ? WHERE key = ? AND member = ?"
                self.conn.executemany(sql, [(until, key, m) for m in members])
                return members
        return None

    def _expire(self, key: str, expires: float) -> None:
        for table in ("scores", "members", "cells"):
            live = "(expires IS NULL OR expires > ?)" if table == "cells" else "expires > ?"
            sql = f"UPDATE {table} SET expires = ? WHERE key = ? AND {live}"
            if self.conn.execute(sql, (expires, key, self.now)).rowcount:
                return
