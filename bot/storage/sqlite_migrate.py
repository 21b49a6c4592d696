"""An embedded database from before opens with everything it held: the tables of before move,
when the store opens, into the tables every part now writes through (bot.storage.sqlite_cells,
sqlite_apply), under the keys the parts use (on Redis too), and are dropped.

- a table per small part (`chat_games`, `user_games`, `langs`, `invites`, `marks`,
  `user_settings`, `daily_claims`, `results`) → values, set members, fields;
- the results' own tables (`user_stats`, `user_history`, `boards`, `ratings`, `hidden_users`)
  → fields `u:<uid>:st`, list `u:<uid>:h`, sorted sets `lb:<scope>:<board>`, fields
  `lb:<scope>:rt`, sets `lb:<kind>:hid` (one per game kind, as on Redis);
- `deadlines` → the deadline shards `dl:<n>`; `sends` → each chat's `s:<chat>`.
"""

from __future__ import annotations

import sqlite3

from bot.registry import GAMES
from bot.storage.leases import deadlines
from bot.storage.sqlite_run import tx

KEPT = "9e999"  # infinity: the expiry of a key kept until changed

# the tables of before, each as what it moves
_MOVES = {
    "chat_games": "INSERT OR REPLACE INTO cells SELECT 'c:' || chat_id || CASE WHEN {thread} = 0 "
    "THEN '' ELSE ':' || {thread} END, game_id, expires FROM chat_games",
    "user_games": "INSERT OR REPLACE INTO members "
    "SELECT 'u:' || user_id || ':games', game_id, expires FROM user_games",
    "langs": "INSERT OR REPLACE INTO cells "
    "SELECT 'u:' || user_id || ':lang', lang, NULL FROM langs",
    "invites": "INSERT OR REPLACE INTO cells SELECT 'i:' || code, data, expires FROM invites",
    "marks": "INSERT OR REPLACE INTO cells SELECT 'm:' || key, '1', expires FROM marks",
    "user_settings": "INSERT OR REPLACE INTO fields "
    "SELECT 'u:' || user_id || ':set', name, value FROM user_settings",
    "daily_claims": "INSERT OR REPLACE INTO cells SELECT 'u:' || substr(key, 1, "
    "instr(key, ':') - 1) || ':dy:' || substr(key, instr(key, ':') + 1), game_id, expires "
    "FROM daily_claims",
    "results": "INSERT OR IGNORE INTO cells SELECT 'g:' || game_id || ':r', data, expires "
    "FROM results",
    "user_stats": "INSERT OR REPLACE INTO fields "
    "SELECT 'u:' || user_id || ':st', field, value FROM user_stats",
    "user_history": "INSERT OR IGNORE INTO lists (id, key, value) "
    "SELECT id, 'u:' || user_id || ':h', data FROM user_history",
    "boards": "INSERT OR REPLACE INTO scores SELECT 'lb:' || substr(board, 1, instr(board, '/') "
    "- 1) || ':' || substr(board, instr(board, '/') + 1), CAST(user_id AS TEXT), score, "
    f"COALESCE(expires, {KEPT}) FROM boards",
    "ratings": "INSERT OR REPLACE INTO fields "
    "SELECT 'lb:' || scope || ':rt', CAST(user_id AS TEXT), value FROM ratings",
    "sends": "INSERT OR IGNORE INTO scores SELECT 's:' || chat, printf('%.17g:%d', at, rowid), "
    "at, at + 3600 FROM sends",
}


def _hidden(conn: sqlite3.Connection) -> None:
    for kind in sorted(GAMES):
        conn.execute(
            "INSERT OR IGNORE INTO members SELECT 'lb:' || ? || ':hid', "
            f"CAST(user_id AS TEXT), {KEPT} FROM hidden_users",
            (kind,),
        )


def _deadlines(conn: sqlite3.Connection) -> None:
    rows = conn.execute("SELECT key, due FROM deadlines").fetchall()
    conn.executemany(
        f"INSERT OR REPLACE INTO scores VALUES (?, ?, ?, {KEPT})",
        [(deadlines(str(key)).text(), str(key), float(due)) for key, due in rows],
    )


def migrate(conn: sqlite3.Connection) -> None:
    """Move the rows of the tables of before (the new tables exist)."""
    tables = {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    with tx(conn, immediate=True):
        conn.execute("DROP TABLE IF EXISTS pending_results")
        for table, move in _MOVES.items():
            if table in tables:
                columns = [str(r[1]) for r in conn.execute(f"PRAGMA table_info({table})")]
                conn.execute(move.format(thread="thread" if "thread" in columns else "0"))
                conn.execute(f"DROP TABLE {table}")
        for table, move_rows in (("hidden_users", _hidden), ("deadlines", _deadlines)):
            if table in tables:
                move_rows(conn)
                conn.execute(f"DROP TABLE {table}")
