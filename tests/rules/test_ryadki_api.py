"""Ryadki: resign, options, seeds and decks, JSON, view and odd arguments (the worked examples
of ryadki.md and the rules around them: test_ryadki.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import rules
from rules import ryadki
from rules.cards import deck_36, deck_52
from rules.errors import IllegalMove
from rules.registry import Game
from rules.ryadki import State
from tests.rules.test_ryadki import game, total

# -- resign ----------------------------------------------------------------------------------


def test_resign_of_the_responder_passes_the_answer_on() -> None:
    s = game(
        [
            ["6S", "7S", "8S", "9S", "TS", "JS"],
            ["6H", "7H", "8H", "9H", "TH", "JH"],
            ["6D", "7D", "8D", "9D", "TD", "AS"],
        ],
        dealer=0,
    )
    s.piles[1] = 3
    s.stock = s.stock[3:]
    s = ryadki.apply(s, "6S", 0)
    assert s.turn == 1
    s = ryadki.apply(s, "resign", 1)
    assert s.active == [True, False, True] and s.hands[1] == [] and s.piles[1] == 3
    assert s.turn == 2 and ryadki.legal_moves(s, 2) == ["6D", "AS"]
    assert s.events == [{"e": "resign", "seat": 1, "n": 6}]
    assert total(s) == 36
    with pytest.raises(IllegalMove):
        ryadki.apply(s, "resign", 1)
    assert ryadki.legal_moves(s, 1) == []


def test_resign_out_of_turn_and_of_the_leader() -> None:
    s = game(
        [
            ["6S", "7S", "8S", "9S", "TS", "JS"],
            ["6H", "7H", "8H", "9H", "TH", "JH"],
            ["6D", "7D", "8D", "9D", "TD", "AS"],
        ],
        dealer=0,
    )
    t = ryadki.apply(s, "resign", 2)  # not C's turn
    assert t.turn == 0 and not t.active[2] and t.out == 6
    t = ryadki.apply(t, "resign", 0)  # the leader leaves: only B remains, B wins
    assert t.over and ryadki.status(t).winners == [1] and t.scores == [0, 0, 0]
    u = ryadki.apply(s, "resign", 0)  # the leader leaves: the lead passes to B
    assert u.turn == 1 and {"e": "lead", "seat": 1} in u.events
    assert ryadki.legal_moves(u, 1) == sorted(s.hands[1])


def test_resigned_players_are_skipped_as_dealer_and_get_no_cards() -> None:
    s = game(
        [
            ["6S", "7S", "8S", "9S", "TS", "JS"],
            ["6H", "7H", "8H", "9H", "TH", "JH"],
            ["6D", "7D", "8D", "9D", "TD", "AS"],
        ],
        dealer=0,
        deals=3,
    )
    s = ryadki.apply(s, "resign", 1)
    s.hands = [["6S"], [], ["7D"]]
    s.stock = []
    s.piles = [5, 7, 0]
    s.out = 36 - 14
    s = ryadki.apply(s, "6S", 0)  # deal 1 ends; B's larger pile cannot win
    end = s.events[1]
    assert end["e"] == "deal_end" and end["winners"] == [0] and s.scores == [5, 0, 0]
    assert s.deal == 2 and s.dealer == 2 and s.turn == 2
    assert [len(h) for h in s.hands] == [6, 0, 6] and len(s.stock) == 24
    assert total(s) == 36


def test_resign_when_two_remain_ends_the_game_unscored() -> None:
    s = ryadki.new_game({"players": 2}, seed=5)
    turn = s.turn
    assert turn is not None  # a new game has a seat to play
    s = ryadki.apply(s, ryadki.legal_moves(s, turn)[0], turn)
    s2 = ryadki.apply(s, "resign", 0)
    st = ryadki.status(s2)
    assert st.over and st.winners == [1] and st.scores == [0, 0]
    assert {"e": "game_end", "winners": [1], "scores": [0, 0]} in s2.events
    with pytest.raises(IllegalMove):
        ryadki.apply(s2, "resign", 1)


# -- options, seeds, decks ---------------------------------------------------------------------


def test_module_surface() -> None:
    game = rules.GAMES["ryadki"]
    assert isinstance(game, Game) and game.engine is ryadki  # the registry entry wraps the module
    assert game.NAME == "ryadki" and game.apply is ryadki.apply and game.view is ryadki.view
    assert ryadki.NAME == "ryadki" and ryadki.PLAYERS == (2, 6)
    assert ryadki.DEFAULT_OPTIONS["players"] == 2 and ryadki.DEFAULT_OPTIONS["deals"] == 7


@pytest.mark.parametrize(
    ("options", "deck", "hands"),
    [
        (None, 36, 2),
        ({"players": 4}, 36, 4),
        ({"players": 5}, 52, 5),
        ({"players": 6}, 52, 6),
        ({"players": 2, "deck": 52}, 52, 2),
        ({"players": 6, "deck": 36}, 36, 6),
    ],
)
def test_default_and_chosen_decks(options: dict[str, Any] | None, deck: int, hands: int) -> None:
    s = ryadki.new_game(options, seed=3)
    assert s.deck_size == deck and len(s.hands) == hands
    assert all(len(h) == 6 for h in s.hands) and len(s.stock) == deck - 6 * hands
    assert s.deals == 7 and s.deal == 1 and s.turn == s.dealer


def test_six_players_with_36_cards_play_without_a_stock() -> None:
    s = ryadki.new_game({"players": 6, "deck": 36, "deals": 2}, seed=11)
    assert s.stock == []
    steps = 0
    while not s.over:
        p = s.turn
        assert p is not None
        s = ryadki.apply(s, ryadki.legal_moves(s, p)[0], p)
        assert total(s) == 36
        steps += 1
    assert steps <= 2 * 36


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 7},
        {"players": "2"},
        {"players": True},
        {"deck": 54},
        {"deck": 32},
        {"deals": 0},
        {"deals": 1.5},
        {"first_dealer": 2},
        {"first_dealer": -1},
        {"players": 3, "first_dealer": 3},
        {"colour": 1},
    ],
)
def test_bad_options_raise(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="ryadki"):
        ryadki.new_game(options, seed=1)


def test_bad_deck_raises() -> None:
    with pytest.raises(ValueError):
        ryadki.new_game(None, seed=1, deck=deck_52())
    with pytest.raises(ValueError):
        ryadki.new_game(None, seed=1, deck=[*deck_36()[:-1], "6S"])


def test_seed_gives_the_same_game_and_none_draws_one() -> None:
    a = ryadki.new_game({"players": 3}, seed=42)
    b = ryadki.new_game({"players": 3}, seed=42)
    c = ryadki.new_game({"players": 3}, seed=43)
    assert a == b and a.hands != c.hands
    for _ in range(40):
        p = a.turn
        assert p is not None
        m = ryadki.legal_moves(a, p)[-1]
        a, b = ryadki.apply(a, m, p), ryadki.apply(b, m, p)
        assert a == b
    fresh = ryadki.new_game()
    assert isinstance(fresh.seed, int) and fresh.seed >= 0
    assert ryadki.new_game(seed=fresh.seed) == fresh


def test_deck_fixes_the_first_deal_only_and_later_deals_follow_the_seed() -> None:
    order = deck_36()
    s = ryadki.new_game({"first_dealer": 1, "deals": 3}, seed=9, deck=order)
    assert s.hands == [order[:6], order[6:12]] and s.stock == order[12:] and s.dealer == 1
    t = ryadki.new_game({"first_dealer": 1, "deals": 3}, seed=9, deck=order)

    def to_deal_2(x: State) -> State:
        while x.deal == 1:
            p = x.turn
            assert p is not None
            x = ryadki.apply(x, ryadki.legal_moves(x, p)[0], p)
        return x

    s2, t2 = to_deal_2(s), to_deal_2(t)
    assert s2.hands == t2.hands and s2.dealer == 0
    assert sorted(s2.hands[0] + s2.hands[1] + s2.stock) == sorted(order)
    u2 = to_deal_2(ryadki.new_game({"first_dealer": 1, "deals": 3}, seed=10, deck=order))
    assert u2.hands != s2.hands


def test_first_dealer_defaults_to_a_seeded_draw() -> None:
    dealers = {ryadki.new_game({"players": 4}, seed=k).dealer for k in range(40)}
    assert dealers == {0, 1, 2, 3}


# -- JSON, view, suggest ----------------------------------------------------------------------


def test_json_round_trip_is_exact_and_compact() -> None:
    s = ryadki.new_game({"players": 3}, seed=7)
    for _ in range(30):
        p = s.turn
        assert p is not None
        s = ryadki.apply(s, ryadki.legal_moves(s, p)[0], p)
        text = ryadki.to_json(s)
        assert ryadki.from_json(text) == s and ryadki.to_json(ryadki.from_json(text)) == text
        assert " " not in text and len(text) < 1200
    with pytest.raises(ValueError):
        ryadki.from_json('{"v": 99}')


def test_view_shows_only_the_viewers_hand() -> None:
    s = ryadki.new_game({"players": 3}, seed=8)
    v = ryadki.view(s, 1)
    assert v["hand"] == s.hands[1] and v["hands"] == [6, 6, 6]
    assert v["stock"] == 18 and v["piles"] == [0, 0, 0] and v["deal"] == 1 and v["deals"] == 7
    assert v["turn"] == s.dealer and v["dealer"] == s.dealer and v["stack"] == []
    assert v["status"] == {"over": False, "winners": [], "scores": [0, 0, 0], "result": "playing"}
    text = json.dumps(v)
    for q in (0, 2):
        for c in s.hands[q]:
            assert f'"{c}"' not in text
    for c in s.stock:
        assert f'"{c}"' not in text
    spectator = ryadki.view(s, 99)
    assert spectator["hand"] == [] and spectator["legal"] == []


def test_stack_of_a_player_who_left_still_goes_to_their_pile() -> None:
    s = game(
        [
            ["6S", "7S", "8S", "9S", "TS", "JS"],
            ["6H", "7H", "8H", "9H", "TH", "JH"],
            ["7D", "8D", "9D", "TD", "JD", "QD"],
            ["6C", "7C", "8C", "9C", "TC", "JC"],
        ],
        dealer=0,
    )
    s = ryadki.apply(s, "6S", 0)
    s = ryadki.apply(s, "resign", 0)  # A leaves while B is to answer A's card
    assert s.turn == 1 and s.stack == ["6S"]
    s = ryadki.apply(s, "resign", 1)  # B leaves too: C answers instead, and cannot
    assert {"e": "cannot_answer", "seat": 2, "card": "6S", "to": 0, "n": 1} in s.events
    assert s.piles == [1, 0, 0, 0] and s.turn == 2 and not s.over
    assert total(s) == 36


def test_odd_arguments_are_refused() -> None:
    s = ryadki.new_game({"first_dealer": 1}, seed=2)
    assert ryadki.legal_moves(s, True) == [] and ryadki.legal_moves(s, 5) == []
    for player in (True, -1, 2, "1"):
        with pytest.raises(IllegalMove):
            ryadki.apply(s, ryadki.legal_moves(s, 1)[0], player)  # type: ignore[arg-type]
    v = ryadki.view(s, 0)
    first = v["events"][0]
    assert first["e"] == "deal_start"
    first["deal"] = 99
    assert s.events == [{"e": "deal_start", "deal": 1, "dealer": 1}]
