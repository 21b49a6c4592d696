"""Records saved by older bots load into the typed models and play on, and what they become
saves and loads unchanged: schema 1 (before typed meta) and schema 2 (a table game's settings
as fields of the meta, before they lived with the game). The fixtures were made with that
code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import rules
from bot.games.solitaire import model
from bot.games.state import turn as turn_of
from bot.games.table import moves
from bot.games.table.lobby import Lobby
from bot.registry import spec
from bot.storage.record import SCHEMA, GameRecord, SoloMeta, TableMeta
from bot.storage.sqlite_store import SQLiteStore

FIXTURES = json.loads(
    (Path(__file__).parent / "fixtures" / "records_schema1.json").read_text(encoding="utf-8")
)
SCHEMA2 = json.loads(
    (Path(__file__).parent / "fixtures" / "records_schema2.json").read_text(encoding="utf-8")
)


def old(name: str) -> GameRecord:
    entry = FIXTURES[name]
    assert '"v"' not in entry["payload"]  # really the old shape
    return GameRecord.from_payload(entry["id"], entry["version"], entry["payload"])


def same_after_round_trip(record: GameRecord) -> None:
    again = GameRecord.from_payload(record.id, record.version, record.payload())
    assert again == record
    assert json.loads(record.payload())["m"]["v"] == SCHEMA


@pytest.mark.parametrize("name", ["raspad_mid", "kosa_mid"])
def test_an_old_solitaire_loads_undoes_and_plays_on(name: str) -> None:
    record = old(name)
    meta = record.solo
    assert isinstance(meta, SoloMeta)
    assert (meta.uid, meta.lang, meta.msg) == (42, "en", 77)
    assert len(meta.history.split()) == meta.moves > 0  # the old `log` is the move history
    assert meta.events == []  # old event lines (locale keys) are not carried over
    before = record.state
    assert model.undo(record)  # the history replays from s0
    assert record.state != before
    moves = model.legal_moves(record)
    model.apply_move(record, moves[0], undo_depth=20)
    same_after_round_trip(record)


def test_an_old_lobby_and_a_cancelled_one_keep_their_phase() -> None:
    lobby = old("ryadki_lobby")
    meta = lobby.table
    assert isinstance(meta, TableMeta)
    assert lobby.phase == "lobby" and not lobby.finished
    assert [p.name for p in meta.players] == ["Ann", "P2"]
    assert (meta.code, meta.group) == ("AbCdEfGhIjKlMnOp", -1001)
    assert spec("ryadki").settings_of(meta.settings) == {"deck": None, "deals": 7}
    assert meta.board == (-1001, 9)
    cancelled = old("ryadki_cancelled")
    assert cancelled.phase == "cancelled" and cancelled.table.closed == "lobby-closed-cancelled"
    same_after_round_trip(lobby)
    same_after_round_trip(cancelled)


@pytest.mark.parametrize("name", ["ryadki_play", "parquet_play"])
def test_an_old_table_plays_on(name: str) -> None:
    record = old(name)
    meta = record.table
    assert record.phase == "play"
    assert meta.events  # the old `log` is the events shown under the table
    assert meta.timeouts == [0, 0] and meta.due is not None
    if record.kind == "ryadki":
        assert meta.hands == {0: (1, 11), 1: (2, 12)}
    turn = turn_of(record)
    assert turn is not None
    state = rules.GAMES[record.kind].from_json(record.state)
    move = rules.GAMES[record.kind].legal_moves(state, turn)[0]
    moves.play(record, turn, move, now=1_700_000_100.0, turn_timeout=90)
    assert record.table.events  # the move's events
    same_after_round_trip(record)


async def test_an_old_record_in_the_store_loads_and_saves(tmp_path: Path) -> None:
    store = await SQLiteStore(str(tmp_path / "db.sqlite3")).open()
    try:
        entry: dict[str, Any] = FIXTURES["parquet_play"]
        await store._run(  # the row exactly as the old bot wrote it
            lambda conn: conn.execute(
                "INSERT INTO games (id, version, payload, expires) VALUES (?,?,?,?)",
                (entry["id"], entry["version"], entry["payload"], 4e9),
            )
        )
        record = await store.load(entry["id"])
        assert record is not None and record.phase == "play"
        record.table.title = "Renamed"
        assert await store.save(record, entry["version"])
        again = await store.load(entry["id"])
        assert again is not None and again.table.title == "Renamed"
        assert again.version == entry["version"] + 1
    finally:
        await store.close()


def schema2(name: str) -> GameRecord:
    entry = SCHEMA2[name]
    assert json.loads(entry["payload"])["m"]["v"] == 2  # really the shape before settings
    return GameRecord.from_payload(entry["id"], entry["version"], entry["payload"])


def test_a_schema2_lobby_keeps_the_settings_its_creator_chose() -> None:
    record = schema2("ryadki_lobby")
    meta = record.table
    assert meta.settings == {"deck": 52, "deals": 3}
    assert Lobby(record.kind, meta).options() == {"players": 3, "deck": 52, "deals": 3}
    same_after_round_trip(record)


@pytest.mark.parametrize("name", ["ryadki_play", "parquet_play"])
def test_a_schema2_table_plays_on(name: str) -> None:
    record = schema2(name)
    assert record.phase == "play"
    if record.kind == "ryadki":
        assert record.table.settings == {"deals": 1}  # the deck was never chosen: by seats
    turn = turn_of(record)
    assert turn is not None
    state = rules.GAMES[record.kind].from_json(record.state)
    move = rules.GAMES[record.kind].legal_moves(state, turn)[0]
    moves.play(record, turn, move, now=1_700_000_100.0, turn_timeout=90)
    same_after_round_trip(record)
