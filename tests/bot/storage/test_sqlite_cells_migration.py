"""An embedded store from before the keyed cells (a table per small part) opens with everything
its players had: a chat's game (a forum topic's too, and a chat's from before topics), a user's
games, language, settings, invites, marks, the day's ranked attempts and results; an expired row
stays gone."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from bot.storage.sqlite_store import SQLiteStore
from tests.bot.storage.results_support import solo

RESULT = solo("g4", 5, won=True)

OLD = """
CREATE TABLE chat_games (chat_id INTEGER NOT NULL, thread INTEGER NOT NULL DEFAULT 0,
    game_id TEXT NOT NULL, expires REAL NOT NULL, PRIMARY KEY (chat_id, thread));
CREATE TABLE user_games (user_id INTEGER NOT NULL, game_id TEXT NOT NULL, expires REAL NOT NULL,
    PRIMARY KEY (user_id, game_id));
CREATE TABLE langs (user_id INTEGER PRIMARY KEY, lang TEXT NOT NULL);
CREATE TABLE invites (code TEXT PRIMARY KEY, data TEXT NOT NULL, expires REAL NOT NULL);
CREATE TABLE marks (key TEXT PRIMARY KEY, expires REAL NOT NULL);
CREATE TABLE user_settings (user_id INTEGER NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL,
    PRIMARY KEY (user_id, name));
CREATE TABLE daily_claims (key TEXT PRIMARY KEY, game_id TEXT NOT NULL, expires REAL NOT NULL);
CREATE TABLE results (game_id TEXT PRIMARY KEY, data TEXT NOT NULL, expires REAL NOT NULL);
"""


def old_database(path: Path, *, topics: bool) -> None:
    later, gone = time.time() + 3600, time.time() - 1
    conn = sqlite3.connect(path)
    schema = OLD
    if not topics:  # the chat index of before topics: one game per chat
        schema = OLD.replace("thread INTEGER NOT NULL DEFAULT 0,", "")
        schema = schema.replace("PRIMARY KEY (chat_id, thread)", "PRIMARY KEY (chat_id)")
    conn.executescript(schema)
    if topics:
        conn.execute("INSERT INTO chat_games VALUES (-100, 0, 'g1', ?)", (later,))
        conn.execute("INSERT INTO chat_games VALUES (-100, 7, 'g2', ?)", (later,))
        conn.execute("INSERT INTO chat_games VALUES (-200, 0, 'g3', ?)", (gone,))
    else:
        conn.execute("INSERT INTO chat_games VALUES (-100, 'g1', ?)", (later,))
    conn.execute("INSERT INTO user_games VALUES (5, 'g1', ?), (5, 'g2', ?)", (later, later))
    conn.execute("INSERT INTO langs VALUES (5, 'en')")
    conn.execute("INSERT INTO invites VALUES ('abc', '{\"game\": \"g1\"}', ?)", (later,))
    conn.execute("INSERT INTO marks VALUES ('confirm:5', ?)", (later,))
    conn.execute("INSERT INTO user_settings VALUES (5, 'pings', 'off')")
    conn.execute("INSERT INTO daily_claims VALUES ('5:kosa:u:707', 'g4', ?)", (later,))
    conn.execute("INSERT INTO results VALUES ('g4', ?, ?)", (RESULT.to_json(), later))
    conn.commit()
    conn.close()


async def test_an_old_database_keeps_every_small_part(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old_database(path, topics=True)
    s = await SQLiteStore(str(path)).open()
    try:
        assert await s.get_chat_game(-100) == "g1"
        assert await s.get_chat_game(-100, thread=7) == "g2"
        assert await s.get_chat_game(-200) is None  # expired before
        assert await s.user_games(5) == ["g1", "g2"]
        assert await s.get_lang(5) == "en"
        assert await s.get_setting(5, "pings") == "off"
        assert await s.get_invite("abc") == {"game": "g1"}
        assert not await s.mark("confirm:5", 60)  # still set
        # the day's attempt stays claimed for its game; another day's is free
        assert await s.claim_daily(5, "kosa", "u", 707, "g9") == "g4"
        assert await s.claim_daily(5, "kosa", "u", 708, "g9") == "g9"
        assert await s.load_result("g4") == RESULT  # a finished game's result, for its board
        assert await s.release_chat_game(-100, "g1")
        assert await s.get_chat_game(-100) is None
    finally:
        await s.close()
    again = await SQLiteStore(str(path)).open()  # opened again: nothing moves twice
    try:
        assert await again.get_chat_game(-100, thread=7) == "g2"
        assert await again.get_lang(5) == "en"
    finally:
        await again.close()


async def test_a_chat_index_from_before_topics_moves_too(tmp_path: Path) -> None:
    path = tmp_path / "older.db"
    old_database(path, topics=False)
    s = await SQLiteStore(str(path)).open()
    try:
        assert await s.get_chat_game(-100) == "g1"
        assert await s.user_games(5) == ["g1", "g2"]
    finally:
        await s.close()
