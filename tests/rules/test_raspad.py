"""Raspad: the worked examples of raspad.md, the API contract, and properties of random playouts."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules import GAMES, IllegalMove, raspad
from rules.cards import deck_52, deck_54
from rules.raspad import State
from rules.registry import Game

CODE = re.compile(r"X[RB]|[2-9TJQKA][SHDC]")


def deal(hand: list[str], table: list[str], stock_top: list[str] | None = None) -> list[str]:
    """A full 52-card deck order dealing `hand`, then `table`, then `stock_top` on the stock."""
    head = [*hand, *table, *(stock_top or [])]
    return head + [c for c in deck_52() if c not in head]


def position(
    hand: list[str],
    table: list[str | None],
    stock: list[str] | None = None,
    jokers: bool = False,
) -> State:
    """A state built directly: the cards not given are in the discard (or in `stock`)."""
    full = deck_54() if jokers else deck_52()
    used = {*hand, *(c for c in table if c is not None), *(stock or [])}
    return State(
        seed=0,
        jokers=jokers,
        stock=tuple(stock or []),
        hand=tuple(hand),
        table=tuple(table),
        discard=tuple(c for c in full if c not in used),
    )


def ranges(state: State) -> list[list[int] | None]:
    return raspad.view(state, 0)["ranges"]


# ------------------------------------------------------------------ worked examples


def test_example_1_seed_chain_reductions() -> None:
    s = raspad.new_game(deck=deal(["QS", "7C", "5D", "3H", "9H", "KD"], ["JS", "8H", "6C", "2D"]))
    assert s.table == ("JS", "8H", "6C", "2D") and ranges(s)[1] == [8, 8]
    s = raspad.apply(s, "QS>JS")
    assert ranges(s)[1] == [7, 8]  # 8♥ admissible 7–8
    s = raspad.apply(s, "7C>8H")
    assert ranges(s)[2] == [5, 6]  # one beaten neighbour, not two: 5–6, not 4–6
    s = raspad.apply(s, "5D>6C")
    assert s.table == (None, None, None, "2D") and ranges(s)[3] == [1, 2]
    assert raspad.view(s, 0)["live"] == 1
    assert "close" in raspad.legal_moves(s) and "fail" not in raspad.legal_moves(s)


def test_example_2_cascade_closes_the_kon_by_itself() -> None:
    rest = ["KS", "QS", "JS", "TS", "9S", "8S"]
    s = raspad.new_game(
        deck=deal(["5S", "7H", "3C", "4D", "6D", "9C"], ["4S", "2H", "AC", "7D"], rest)
    )
    s = raspad.apply(s, "5S>4S")
    assert ranges(s)[1] == [1, 2] and s.table[2] == "AC"  # 2♥ has L = 1, the ace is still live
    s = raspad.apply(s, "7H>7D")
    # A♣ decays, then 2♥ (two beaten neighbours), the kon closes by itself
    assert s.events == (
        {"e": "beat", "card": "7H", "target": "7D"},
        {"e": "decay", "card": "AC"},
        {"e": "decay", "card": "2H"},
        {"e": "close", "auto": True},
    )
    assert s.kon == 2
    assert sorted(s.discard) == sorted(["5S", "4S", "7H", "7D", "AC", "2H"])
    # two hand cards spent for four table cards: refill 2, then a new table of 4
    assert s.hand == ("3C", "4D", "6D", "9C", "KS", "QS")
    assert s.table == ("JS", "TS", "9S", "8S")
    assert len(s.stock) == 52 - 6 - 6 - 4


def test_example_3_ace_rule() -> None:
    beaters = {c for c in deck_54() if c != "AH" and raspad.beats(c, "AH", 1, False)}
    expected = {c for c in deck_54() if c[0] in "23456789TA" and c != "AH"}
    expected |= {c for c in deck_52() if c[1] == "H" and c != "AH"} | {"XR"}
    assert beaters == expected
    assert not raspad.beats("KS", "AH", 1, False)
    s = position(["KS", "2C", "AD", "QH", "TS", "JC"], ["AH", "KD", "KC", "KH"], ["9S"])
    moves = raspad.legal_moves(s)
    assert {"2C>AH", "AD>AH", "QH>AH", "TS>AH"} <= set(moves)
    assert "KS>AH" not in moves and "JC>AH" not in moves


def test_a_card_reduced_to_one_is_not_a_real_ace() -> None:
    # 2♦ with one beaten neighbour is 1–2: any ace or 2 beats it, a number card of another suit
    # (no ace rule) does not
    s = position(["AS", "2C", "9H", "5S"], [None, "2D", "KC"], ["3S"])
    assert ranges(s)[1] == [1, 2]
    moves = raspad.legal_moves(s)
    assert "AS>2D" in moves and "2C>2D" in moves and "9H>2D" not in moves


def test_example_4_jokers() -> None:
    s = position(["XR", "3S", "9C"], ["KH", "QD", "XB", "5S"], ["2S"], jokers=True)
    moves = raspad.legal_moves(s)
    assert {"XR>KH", "XR>QD"} <= set(moves) and "XR>5S" not in moves
    assert not any(m.endswith(">XB") for m in moves)  # no beaten neighbour yet
    s2 = position(["XR", "3S", "9C"], ["KH", None, "XB", "5S"], ["2S"], jokers=True)
    moves = raspad.legal_moves(s2)
    assert {"3S>XB", "9C>XB"} <= set(moves) and "XR>XB" not in moves
    assert ranges(s2)[2] is None  # a joker has no value and never decays
    after = raspad.apply(s2, "3S>XB")
    assert after.table[2] is None


def test_jokers_never_decay() -> None:
    s = position(["5S", "2D", "3H"], ["4S", "XR", "AD", "6H"], ["7S"], jokers=True)
    s = raspad.apply(s, "5S>4S")
    assert s.table[1] == "XR"
    s = raspad.apply(s, "2D>AD")
    assert s.table == (None, "XR", None, "6H")


# ------------------------------------------------------------------ kon flow and the end


def test_failed_kon_when_no_beat_exists_at_the_deal() -> None:
    hand = ["2S", "3S", "4S", "5S", "6S", "7S"]
    table = ["KH", "KD", "KC", "QH"]
    new_hand = ["KS", "9D", "8D", "7D", "6D", "5D"]
    s = raspad.new_game(deck=deal(hand, table, new_hand))
    assert s.events == ({"e": "fail", "auto": True},) and s.fails == 1 and s.kon == 1
    assert s.table == (*table, *hand)
    assert s.hand == tuple(new_hand)
    assert len(s.stock) == 52 - 16


def test_failed_kon_closes_up_the_line_and_fills_it_to_four() -> None:
    # two live cards, an empty hand: the line closes up, then 2 cards are laid from the stock
    s = position(["9H"], ["KS", None, "KH", "8H", "AD"], ["KC", "JC", "TC", "9C", "8C", "7C", "3D"])
    assert "fail" in raspad.legal_moves(s)
    s = raspad.apply(s, "9H>8H")
    # A♦ decays; K♠ K♥ are live, the hand is empty: the kon fails by itself
    assert s.events == (
        {"e": "beat", "card": "9H", "target": "8H"},
        {"e": "decay", "card": "AD"},
        {"e": "fail", "auto": True},
    )
    assert s.hand == ("KC", "JC", "TC", "9C", "8C", "7C")
    assert s.table == ("KS", "KH", "3D") and s.stock == () and s.result == "playing"


def test_declared_fail_appends_the_hand_in_order() -> None:
    s = raspad.new_game(deck=deal(["QS", "7C", "5D", "3H", "9H", "KD"], ["JS", "8H", "6C", "2D"]))
    top = s.stock[:6]
    s = raspad.apply(s, "QS>JS")
    s = raspad.apply(s, "fail")
    assert s.table == ("8H", "6C", "2D", "7C", "5D", "3H", "9H", "KD")
    assert s.hand == top and s.fails == 1 and s.result == "playing"


def test_fail_with_an_empty_stock_loses() -> None:
    s = position(["3C"], ["KS", "KH", "8D"])
    assert "fail" in raspad.legal_moves(s)
    lost = raspad.apply(s, "fail")
    st_ = raspad.status(lost)
    assert st_.over and st_.result == "lost" and st_.winners == [] and st_.scores == [4]
    assert raspad.legal_moves(lost) == []
    with pytest.raises(IllegalMove):
        raspad.apply(lost, "resign")


def test_no_beat_and_an_empty_stock_loses_automatically() -> None:
    s = position(["TD", "2C"], ["KS", "KH", "9D"])
    lost = raspad.apply(s, "TD>9D")
    assert lost.result == "lost" and lost.events[-2:] == (
        {"e": "fail", "auto": True},
        {"e": "end", "result": "lost", "winners": []},
    )


def test_close_wins_when_nothing_is_left_to_lay() -> None:
    s = position(["2C", "3C", "4C", "5C"], [None, "KH", None], ["9S", "9D"])
    assert raspad.legal_moves(s) == ["close"]
    won = raspad.apply(s, "close")
    st_ = raspad.status(won)
    assert st_.over and st_.result == "won" and st_.winners == [0] and st_.scores == [6]
    assert won.hand == ("2C", "3C", "4C", "5C", "9S", "9D") and won.table == ()


def test_close_lays_what_is_left_and_a_one_card_table_may_close_at_once() -> None:
    s = position(["2C", "3C", "4C", "5C"], [None, "KH", None], ["9S", "9D", "AH"])
    s = raspad.apply(s, "close")
    assert s.result == "playing" and s.table == ("AH",) and s.stock == () and s.kon == 2
    assert "close" in raspad.legal_moves(s)
    assert raspad.status(raspad.apply(s, "close")).result == "won"


def test_beating_the_last_card_is_allowed() -> None:
    s = position(["2C", "KH", "4C", "5C"], [None, "QH", None], ["9S", "9D", "AH", "8S", "7S"])
    assert raspad.legal_moves(s) == ["KH>QH", "close"]
    s = raspad.apply(s, "KH>QH")
    assert s.events[:2] == (
        {"e": "beat", "card": "KH", "target": "QH"},
        {"e": "close", "auto": True},
    )
    assert s.kon == 2


def test_close_and_fail_need_the_right_number_of_live_cards() -> None:
    two = position(["2C"], ["KS", "KH", "2D"], ["9S"])
    with pytest.raises(IllegalMove):
        raspad.apply(two, "close")
    one = position(["2C"], [None, "KH", None], ["9S"])
    with pytest.raises(IllegalMove):
        raspad.apply(one, "fail")


def test_resign_and_other_players() -> None:
    s = raspad.new_game(seed=3)
    assert "resign" not in raspad.legal_moves(s)
    assert raspad.legal_moves(s, 1) == []
    with pytest.raises(IllegalMove):
        raspad.apply(s, raspad.legal_moves(s)[0], player=1)
    r = raspad.apply(s, "resign")
    assert raspad.status(r).result == "resigned" and raspad.status(r).over
    assert raspad.legal_moves(r) == [] and r.hand == s.hand


# ------------------------------------------------------------------ API contract


def test_module_surface() -> None:
    game = GAMES["raspad"]
    assert isinstance(game, Game) and game.engine is raspad  # the registry entry wraps the module
    assert game.NAME == "raspad" and game.apply is raspad.apply and game.view is raspad.view
    assert raspad.NAME == "raspad" and raspad.PLAYERS == (1, 1)
    assert raspad.DEFAULT_OPTIONS == {"jokers": False}
    assert raspad.__doc__


@pytest.mark.parametrize("options", [{"jokers": "yes"}, {"jokers": 1}, {"deck": 54}, [1]])
def test_bad_options_raise(options: object) -> None:
    with pytest.raises(ValueError):
        raspad.new_game(options, seed=1)  # type: ignore[arg-type]


def test_options_choose_the_deck() -> None:
    def cards_of(s: State) -> list[str]:
        return sorted([*s.stock, *s.hand, *(c for c in s.table if c), *s.discard])

    assert cards_of(raspad.new_game(seed=1)) == sorted(deck_52())
    assert cards_of(raspad.new_game({}, seed=1)) == sorted(deck_52())
    assert cards_of(raspad.new_game({"jokers": True}, seed=1)) == sorted(deck_54())
    assert cards_of(raspad.new_game({"jokers": False}, seed=1)) == sorted(deck_52())


def test_seed_determinism() -> None:
    assert raspad.new_game(seed=42) == raspad.new_game(seed=42)
    assert raspad.new_game(seed=42) != raspad.new_game(seed=43)
    fresh = raspad.new_game()
    assert raspad.new_game(seed=fresh.seed) == fresh
    # the shuffle is fixed forever for a seed (the project's own SplitMix64)
    s = raspad.new_game(seed=0)
    assert s.hand == ("9C", "QD", "TS", "3C", "3H", "KH")
    assert s.table == ("7C", "JS", "4H", "2S") and s.stock[:3] == ("QS", "8S", "TD")


def test_deck_fixes_the_deal() -> None:
    deck = deal(["QS", "7C", "5D", "3H", "9H", "KD"], ["JS", "8H", "6C", "2D"])
    s = raspad.new_game(deck=deck)
    assert s.hand == tuple(deck[:6]) and s.table == tuple(deck[6:10])
    assert s.stock == tuple(deck[10:]) and s.stock[0] == deck[10]


@pytest.mark.parametrize(
    "deck",
    [deck_52()[:-1], [*deck_52()[:-1], "2S"], deck_54(), [*deck_52()[:-1], "ZZ"]],
)
def test_bad_deck_raises(deck: list[str]) -> None:
    with pytest.raises(ValueError):
        raspad.new_game(deck=deck)


def test_a_fixed_54_card_deck() -> None:
    deck = ["XR", "QS", "7C", "5D", "3H", "9H", "JH", "8H", "6C", "2D", "XB", *deck_52()[:-1]]
    deck = [*deck[:10], *(c for c in deck_54() if c not in deck[:10])]
    s = raspad.new_game({"jokers": True}, deck=deck)
    assert s.hand == tuple(deck[:6]) and s.table == tuple(deck[6:10]) and s.stock[0] == deck[10]
    with pytest.raises(ValueError):
        raspad.new_game({"jokers": False}, deck=deck)


def test_view_json_and_status_shapes() -> None:
    s = raspad.new_game(seed=7)
    v = raspad.view(s, 0)
    assert {"hand", "table", "stock", "discard", "status"} <= set(v)
    assert v["hand"] == list(s.hand) and v["table"] == list(s.table)
    assert v["stock"] == len(s.stock) and v["discard"] == len(s.discard)
    assert v["status"] == {
        "over": False,
        "winners": [],
        "scores": [len(s.stock) + len(s.hand) + v["live"]],
        "result": "playing",
    }
    json.dumps(v)
    text = raspad.to_json(s)
    assert " " not in text and raspad.from_json(text) == s


@pytest.mark.parametrize("text", ["", "{}", "[1]", '{"seed":1}'])
def test_from_json_rejects_garbage(text: str) -> None:
    with pytest.raises(ValueError):
        raspad.from_json(text)


def test_from_json_rejects_a_wrong_deck() -> None:
    d = json.loads(raspad.to_json(raspad.new_game(seed=1)))
    d["stock"] = d["stock"][1:]
    with pytest.raises(ValueError):
        raspad.from_json(json.dumps(d))


# ------------------------------------------------------------------ properties of playouts


def stock_safe_codes(state: State) -> set[str]:
    return set(CODE.findall(json.dumps(raspad.view(state, 0))))


def bad_moves(state: State, rnd: random.Random) -> list[str]:
    """Moves that look plausible (and some that do not) but are not listed."""
    legal = set(raspad.legal_moves(state))
    cands = ["close", "fail", "", "close ", "QS>JS>", "qs>js", "XR>XB", "AS>AS", "pass", "2S-3S"]
    live = [c for c in state.table if c is not None]
    cands += [h + ">" + t for h in state.hand for t in live]
    cands += [t + ">" + h for h in state.hand for t in live][:5]
    if state.stock:
        cands += [state.stock[0] + ">" + t for t in live]
        cands += [h + ">" + state.stock[0] for h in state.hand]
    full = deck_54()
    cands += [rnd.choice(full) + ">" + rnd.choice(full) for _ in range(5)]
    return [m for m in cands if m not in legal]


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**53 - 1), jokers=st.booleans(), pick=st.integers(0, 2**32))
def test_random_playouts_keep_every_promise(seed: int, jokers: bool, pick: int) -> None:
    rnd = random.Random(pick)
    s = raspad.new_game({"jokers": jokers}, seed=seed)
    full = sorted(deck_54() if jokers else deck_52())
    for _step in range(200):
        # card conservation
        assert sorted([*s.stock, *s.hand, *(c for c in s.table if c), *s.discard]) == full
        assert raspad.from_json(raspad.to_json(s)) == s
        hidden = set(s.stock)
        assert not stock_safe_codes(s) & hidden
        st_ = raspad.status(s)
        if st_.over:
            assert raspad.legal_moves(s) == []
            break
        moves = raspad.legal_moves(s)
        assert moves and moves == sorted(moves) and "resign" not in moves
        snapshot = raspad.to_json(s)
        for m in moves:
            raspad.apply(s, m)
        for m in bad_moves(s, rnd):
            with pytest.raises(IllegalMove):
                raspad.apply(s, m)
        assert raspad.to_json(s) == snapshot
        if rnd.random() < 0.3:
            assert rules.suggest("raspad", s) in moves
        s = raspad.apply(s, rnd.choice(moves))
    else:
        pytest.fail("a random playout did not end within 200 moves")


@settings(max_examples=60, deadline=None)
@given(move=st.text(max_size=8))
def test_random_strings_are_illegal_and_change_nothing(move: str) -> None:
    s = raspad.new_game(deck=deal(["QS", "7C", "5D", "3H", "9H", "KD"], ["JS", "8H", "6C", "2D"]))
    snapshot = raspad.to_json(s)
    if move in raspad.legal_moves(s) or move == "resign":
        return
    with pytest.raises(IllegalMove):
        raspad.apply(s, move)
    assert raspad.to_json(s) == snapshot
