"""The pure lobby model: seats, settings, permissions, storage round trip."""

from __future__ import annotations

import dataclasses

import pytest

from bot.games.refusal import Refused
from bot.games.table.lobbies import invite_problem
from bot.games.table.lobby import Lobby
from bot.storage.record import GameRecord, Player, TableMeta

ALICE, BOB, CAROL = Player(1, "Alice"), Player(2, "Bob"), Player(3, "Carol", "en")


def ryadki() -> Lobby:
    lobby = Lobby("ryadki", TableMeta(creator=1))
    lobby.join(ALICE)
    return lobby


def test_join_order_is_seat_order_and_double_join_is_harmless() -> None:
    lobby = ryadki()
    assert lobby.join(BOB) is True
    assert lobby.join(CAROL) is True
    assert lobby.join(BOB) is False
    assert [p.name for p in lobby.players] == ["Alice", "Bob", "Carol"]
    assert lobby.meta.seat_of(3) == 2


def test_ryadki_seats_six_and_then_refuses() -> None:
    lobby = ryadki()
    for uid in range(2, 7):
        lobby.join(Player(uid, f"P{uid}"))
    assert lobby.is_full
    with pytest.raises(Refused) as e:
        lobby.join(Player(7, "Late"))
    assert e.value.key == "lobby-full"


def test_parquet_is_full_with_two() -> None:
    lobby = Lobby("parquet", TableMeta(creator=1))
    lobby.join(ALICE)
    assert not lobby.is_full and not lobby.can_begin
    lobby.join(BOB)
    assert lobby.is_full and lobby.can_begin
    assert lobby.options() == {}


def test_deck_default_follows_the_rule_page() -> None:
    lobby = ryadki()
    lobby.join(BOB)
    assert lobby.options() == {"players": 2, "deck": 36, "deals": 7}
    for uid in range(3, 6):
        lobby.join(Player(uid, f"P{uid}"))
    assert lobby.options()["deck"] == 52  # five players: 52 by default
    assert ("deck", None, 52) in lobby.view()["settings"]  # shown as "auto, 52"
    lobby.step(1, "deck")  # the creator's tap: the value after the one in use
    assert lobby.options()["deck"] == 36  # an explicit choice wins
    assert ("deck", 36, 36) in lobby.view()["settings"]


def test_only_the_creator_changes_settings_and_only_the_game_s_own() -> None:
    lobby = ryadki()
    lobby.join(BOB)
    with pytest.raises(Refused) as e:
        lobby.step(2, "deals")
    assert e.value.key == "lobby-only-creator-settings"
    assert lobby.options()["deals"] == 7
    lobby.step(1, "deals")  # 7 → 1 → 3 → 7: the values the lobby offers, in a circle
    assert lobby.options()["deals"] == 1
    lobby.step(1, "deals")
    lobby.step(1, "deals")
    assert lobby.options()["deals"] == 7
    with pytest.raises(Refused) as e:
        lobby.step(1, "jokers")  # not one of Ryadki's settings
    assert e.value.key == "lobby-no-settings"
    parquet = Lobby("parquet", TableMeta(creator=1))
    with pytest.raises(Refused) as e:
        parquet.step(1, "deck")
    assert e.value.key == "lobby-no-settings"


def test_start_needs_the_creator_and_two_players() -> None:
    lobby = ryadki()
    with pytest.raises(Refused) as e:
        lobby.check_start(1)
    assert e.value.key == "lobby-too-few"
    lobby.join(BOB)
    with pytest.raises(Refused) as e:
        lobby.check_start(2)
    assert e.value.key == "lobby-only-creator-starts"
    lobby.check_start(1)


def test_cancel_by_creator_or_admin_only() -> None:
    lobby = ryadki()
    lobby.join(BOB)
    lobby.check_cancel(1, is_admin=False)
    lobby.check_cancel(3, is_admin=True)
    with pytest.raises(Refused) as e:
        lobby.check_cancel(2, is_admin=False)
    assert e.value.key == "lobby-only-creator-cancels"


def test_creator_leaving_hands_the_lobby_to_the_next_player() -> None:
    lobby = ryadki()
    lobby.join(BOB)
    lobby.join(CAROL)
    lobby.leave(1)
    assert lobby.meta.creator == 2
    lobby.leave(3)
    assert lobby.meta.creator == 2 and [p.name for p in lobby.players] == ["Bob"]
    lobby.leave(2)
    assert lobby.is_empty
    with pytest.raises(Refused) as e:
        lobby.leave(2)
    assert e.value.key == "lobby-not-seated"


def test_meta_round_trip() -> None:
    lobby = ryadki()
    lobby.join(CAROL)
    lobby.step(1, "deck")
    lobby.step(1, "deals")
    back = TableMeta.from_dict(lobby.meta.to_dict())
    assert back == lobby.meta
    assert back.settings == {"deck": 52, "deals": 1}
    assert back.players[1].lang == "en"


def test_unknown_game_has_no_lobby() -> None:
    with pytest.raises(ValueError):
        Lobby("kosa", TableMeta(creator=1))


def test_invite_problems_name_the_reason() -> None:
    meta = TableMeta(creator=1)
    lobby = GameRecord(id="abcdefghij", kind="ryadki", chat_id=1, state="", meta=meta)
    assert invite_problem(None) == "invite-unknown"
    assert invite_problem(lobby) is None
    full = dataclasses.replace(meta, players=[Player(u, f"P{u}") for u in range(1, 7)])
    assert invite_problem(dataclasses.replace(lobby, meta=full)) == "lobby-full"  # (no greeting)
    playing = dataclasses.replace(lobby, state="{}")
    assert invite_problem(playing) == "invite-started"
    assert invite_problem(dataclasses.replace(playing, finished=True)) == "invite-started"
    closed = dataclasses.replace(meta, closed="lobby-closed-cancelled")
    assert invite_problem(dataclasses.replace(lobby, meta=closed, finished=True)) == (
        "invite-cancelled"
    )
