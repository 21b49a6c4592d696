"""Computer seats in the pure table model: who is timed and how long, the computer's plan
(deterministic, legal, only for its own turns), applying a plan only to the version it was made
for, and a table with no person left ending as abandoned."""

from __future__ import annotations

import rules
from bot.games.refusal import Refused
from bot.games.state import turn as turn_of
from bot.games.table.lobby import Lobby
from bot.games.table.moves import computer_plan, computer_turn, play, start
from bot.storage import GameRecord, Player, TableMeta

PAUSE, TIMEOUT = 1.0, 90.0


def table(kind: str, computers: int, *, private: bool = False, seed: int = 3) -> GameRecord:
    meta = TableMeta(creator=1, private=private, lang="en")
    lobby = Lobby(kind, meta)
    lobby.join(Player(1, "Ann"))
    for _ in range(computers):
        lobby.add_computer(1)
    if kind == "ryadki":
        lobby.meta.settings["deals"] = 1
    record = GameRecord(id="abcdefghij", kind=kind, chat_id=1, state="", meta=meta)
    start(record, lobby, now=0.0, turn_timeout=TIMEOUT, seed=seed, ai_pause=PAUSE)
    return record


def person_moves(record: GameRecord, now: float) -> None:
    turn = turn_of(record)
    assert turn == 0
    move = rules.GAMES[record.kind].legal_moves(rules.GAMES[record.kind].from_json(record.state), 0)
    play(record, 0, move[0], now, TIMEOUT, ai_pause=PAUSE)


def test_computer_seats_are_named_negative_and_the_creator_stays_a_person() -> None:
    meta = TableMeta(creator=1, lang="ru")
    lobby = Lobby("ryadki", meta)
    lobby.join(Player(1, "Аня"))
    names = [lobby.add_computer(1).name for _ in range(5)]
    assert names == ["🤖 Вера", "🤖 Глеб", "🤖 Зоя", "🤖 Лев", "🤖 Мира"]
    assert all(p.user_id < 0 and p.ai for p in meta.players[1:])
    try:
        lobby.add_computer(1)
        raise AssertionError("a seventh seat")
    except Refused as r:
        assert r.key == "lobby-full"
    lobby.leave(1)  # the only person leaves: the computer seats go with them
    assert lobby.is_empty and not meta.players


def test_deadlines_a_person_in_a_group_is_timed_a_computer_pauses_a_private_person_is_not() -> None:
    for private in (False, True):
        for seed in range(6):
            record = table("parquet", 1, private=private, seed=seed)
            turn = turn_of(record)
            due = record.table.due
            if turn == 1:
                assert due == PAUSE
            else:
                assert due == (None if private else TIMEOUT)


def test_the_plan_is_the_same_every_time_and_legal() -> None:
    for seed in range(5):
        record = table("ryadki", 3, private=True, seed=seed)
        if turn_of(record) == 0:
            person_moves(record, 1.0)
        plan = computer_plan(record)
        assert plan == computer_plan(record)  # deterministic: seeded by game and version
        assert [seat for seat, _ in plan][:1] == [turn_of(record)]
        assert all(seat != 0 for seat, _ in plan)  # never the person's move
        due = record.table.due
        assert computer_turn(record, plan, 2.0, TIMEOUT, ai_pause=PAUSE)
        turn = turn_of(record)
        assert turn in (0, None)  # a private table chains to the person's turn
        assert record.table.due != due


def test_a_plan_for_another_position_changes_nothing() -> None:
    record = table("parquet", 1, seed=1)
    if turn_of(record) == 1:
        plan = computer_plan(record)
        assert computer_turn(record, plan, 1.0, TIMEOUT, ai_pause=PAUSE)
    before = record.state
    stale = [(1, "x")]
    assert not computer_turn(record, stale, 2.0, TIMEOUT, ai_pause=PAUSE)  # not its turn
    assert record.state == before
    assert computer_plan(record) == []  # the person's turn: nothing to plan


def test_a_table_with_no_person_left_is_over() -> None:
    record = table("ryadki", 2, seed=4)
    play(record, 0, "resign", 1.0, TIMEOUT, ai_pause=PAUSE)
    assert record.finished and record.table.why == "abandoned" and record.table.due is None
    assert record.phase == "over"
