"""Kosa (Braid): the rule page's worked example, options, dealing, vacancies, passes, JSON."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest

import rules
from rules import cards, kosa
from rules.errors import IllegalMove
from rules.kosa import State
from rules.registry import Game


def make_deck(fixed: dict[int, str]) -> list[str]:
    """A full two-deck order with the given positions fixed, the rest in a stable order."""
    rest = Counter(cards.double_deck())
    rest.subtract(fixed.values())
    assert all(n >= 0 for n in rest.values())
    pool = [c for c in cards.double_deck() if rest[c] > 0 and not rest.subtract([c])]
    deck = [fixed[i] if i in fixed else pool.pop(0) for i in range(104)]
    assert Counter(deck) == Counter(cards.double_deck())
    return deck


def all_cards(st: State) -> Counter[str]:
    v = kosa.view(st, 0)
    seen = list(v["braid"]) + list(v["waste"])
    for pile in v["spots"].values():
        seen += pile
    for pile in v["foundations"]:
        seen += pile
    return Counter(seen + kosa.split_pile(st.stock))


# A position built by hand: everything not named is irrelevant to the test.
def position(**kw: object) -> State:
    base: dict[str, object] = {
        "max_passes": None,
        "seed": None,
        "base": "9",
        "braid": "",
        "spots": ("KC",) * 12,
        "found": ("9H",) + ("",) * 7,
        "stock": "",
        "waste": "",
        "pass_no": 1,
        "moved": True,
    }
    base.update(kw)
    return State(**base)  # type: ignore[arg-type]


# ------------------------------------------------------------------------- the worked example


def test_worked_example_of_the_rule_page() -> None:
    # Base 9 (9♥ to F1). Braid ends … 8♦ 9♠. Corner L1 holds 10♠, side spot L3 holds J♠.
    deck = make_deck({32: "9H", 19: "9S", 18: "8D", 20: "TS", 22: "JS", 33: "5C", 34: "4D"})
    st = kosa.new_game(deck=deck)
    v = kosa.view(st, 0)
    assert v["base"] == "9" and v["foundations"][0] == ["9H"]
    assert v["braid"][-2:] == ["8D", "9S"] and len(v["braid"]) == 20
    assert v["spots"]["L1"] == ["TS"] and v["spots"]["L3"] == ["JS"]
    assert v["stock"] == 71 and v["waste"] == []

    # A 9 from the braid starts a new foundation (the lowest empty one).
    assert "b>F2" in kosa.legal_moves(st)
    st = kosa.apply(st, "b>F2")
    assert kosa.view(st, 0)["foundations"][1] == ["9S"]
    assert kosa.view(st, 0)["braid"][-1] == "8D"

    # The 10 of that suit goes onto the 9 from corner L1; L1 is vacant and must be filled first:
    # from the braid's new last card (the 8) or the stock top (the waste is empty).
    st = kosa.apply(st, "L1>F2")
    assert kosa.legal_moves(st) == ["b>L1", "s>L1"]
    assert kosa.view(st, 0)["awaiting_fill"] == ["L1"]
    with pytest.raises(IllegalMove):
        kosa.apply(st, "d")
    st = kosa.apply(st, "b>L1")
    assert kosa.view(st, 0)["spots"]["L1"] == ["8D"]
    assert len(kosa.view(st, 0)["braid"]) == 18

    # Draw once so the waste has a card; then the J goes onto the 10 and its side spot L3 is
    # refilled from the stock or the waste (the player chooses; the braid is no source for it).
    st = kosa.apply(st, "d")
    assert kosa.view(st, 0)["waste"] == ["5C"]
    st = kosa.apply(st, "L3>F2")
    assert kosa.view(st, 0)["foundations"][1] == ["9S", "TS", "JS"]
    assert kosa.legal_moves(st) == ["s>L3", "w>L3"]
    by_waste = kosa.apply(st, "w>L3")
    assert kosa.view(by_waste, 0)["spots"]["L3"] == ["5C"]
    assert kosa.view(by_waste, 0)["waste"] == []
    by_stock = kosa.apply(st, "s>L3")
    assert kosa.view(by_stock, 0)["spots"]["L3"] == ["4D"]
    assert kosa.view(by_stock, 0)["waste"] == ["5C"]
    assert kosa.status(by_stock).scores == [4]


def test_a_single_source_fills_the_vacancy_automatically() -> None:
    # The same opening, but the J leaves L3 while the waste is empty: the stock top fills it.
    deck = make_deck({32: "9H", 19: "9S", 18: "8D", 20: "TS", 22: "JS", 33: "5C"})
    st = kosa.new_game(deck=deck)
    st = kosa.apply(kosa.apply(kosa.apply(st, "b>F2"), "L1>F2"), "s>L1")
    assert kosa.view(st, 0)["spots"]["L1"] == ["5C"]
    st = kosa.apply(st, "L3>F2")
    assert kosa.view(st, 0)["spots"]["L3"] != [] and kosa.view(st, 0)["awaiting_fill"] == []
    assert kosa.view(st, 0)["stock"] == 69


def test_corner_with_only_the_braid_left_is_filled_from_it_and_cascades_none() -> None:
    st = position(braid="2C3D", spots=("TH",) + ("KC",) * 11)
    st = kosa.apply(st, "L1>F1")
    assert st.spots[0] == "3D" and st.braid == "2C"


def test_a_vacancy_without_a_source_stays_empty() -> None:
    # A side spot empties while stock and waste are empty: it stays vacant, play goes on.
    st = position(braid="2CJH", spots=("KC", "TH", *("KC",) * 10))
    st = kosa.apply(st, "L2>F1")
    assert st.spots[1] == "" and st.result == "playing"
    assert kosa.legal_moves(st) == ["b>F1"]
    assert kosa.view(st, 0)["vacant"] == ["L2"] and kosa.view(st, 0)["awaiting_fill"] == []
    # a vacant spot is never a build target
    st2 = position(braid="QC8H", spots=("KC", "", *("KC",) * 10), waste="", stock="")
    assert kosa.legal_moves(st2) == []
    st2 = replace(st2, braid="8HQC")
    assert "b>L1" in kosa.legal_moves(st2) and "b>L2" not in kosa.legal_moves(st2)


def test_fills_are_the_only_moves_and_any_fill_is_allowed() -> None:
    st = position(braid="2C", spots=("", "TH", *("KC",) * 10), stock="4S", waste="5S")
    assert kosa.legal_moves(st) == ["b>L1", "s>L1", "w>L1"]
    after = kosa.apply(st, "w>L1")
    assert after.spots[0] == "5S" and after.waste == ""


# ------------------------------------------------------------------------- moves


def test_foundations_wrap_from_king_to_ace_and_complete_at_thirteen() -> None:
    st = position(found=("9HTHJHQHKH",) + ("",) * 7, waste="AH", stock="4C")
    assert "w>F1" in kosa.legal_moves(st)
    full = "".join(r + "H" for r in "9TJQKA2345678")
    st = position(found=(full, "9H") + ("",) * 6, waste="9H", stock="4C")
    moves = kosa.legal_moves(st)
    assert "w>F3" in moves and "w>F1" not in moves and "w>F2" not in moves
    # a card never leaves a foundation
    assert not any(m.startswith("F") for m in moves)


def test_building_on_columns_is_down_in_suit_without_wrap() -> None:
    spots = ("2S", "AS", "KS", "QH", "QS", *("7C",) * 7)
    st = position(spots=spots, braid="JS", waste="KH", stock="4C")
    moves = kosa.legal_moves(st)
    assert "L2>L1" in moves  # A♠ on 2♠
    assert "b>L5" in moves and "b>L3" not in moves  # J♠ needs a Q♠: L5 holds Q♠
    assert "L5>L3" in moves  # Q♠ on K♠
    assert not any(m.endswith(">L2") for m in moves)  # nothing on an ace
    assert "w>L4" not in moves  # K♥ goes on nothing


def test_equal_targets_are_distinct_moves_listed_once_each() -> None:
    st = position(found=("9HTH", "9HTH") + ("",) * 6, waste="JH", stock="4C")
    moves = kosa.legal_moves(st)
    assert "w>F1" in moves and "w>F2" in moves
    assert len(moves) == len(set(moves)) and moves == sorted(moves)


def test_a_base_card_starts_the_lowest_empty_foundation() -> None:
    st = position(found=("9H", "", "9S") + ("",) * 5, waste="9D", stock="4C")
    moves = kosa.legal_moves(st)
    assert "w>F2" in moves and "w>F4" not in moves


# ------------------------------------------------------------------------- passes and the end


def test_redeal_turns_the_waste_over_first_drawn_first() -> None:
    st = position(stock="2C3D4S", waste="", moved=False)  # top of the stock is 4S
    st = kosa.apply(st, "d")
    assert kosa.view(st, 0)["waste"] == ["4S"]
    st = kosa.apply(kosa.apply(st, "d"), "d")
    assert kosa.view(st, 0)["waste"] == ["4S", "3D", "2C"]
    assert "r" in kosa.legal_moves(st) and "d" not in kosa.legal_moves(st)
    assert kosa.view(st, 0)["redeal_loses"] is True
    # a pass with draws only: the redeal is listed, and it loses
    lost = kosa.apply(st, "r")
    assert kosa.status(lost).result == "lost" and kosa.status(lost).over
    assert kosa.legal_moves(lost) == []
    # after a card moved in the pass the redeal is fine and keeps the order
    ok = kosa.apply(replace(st, moved=True), "r")
    assert ok.result == "playing" and ok.pass_no == 2 and ok.waste == ""
    assert kosa.apply(ok, "d").waste == "4S"
    assert kosa.view(ok, 0)["redeal_loses"] is True and kosa.view(ok, 0)["pass"] == 2


def test_a_move_in_the_pass_makes_the_redeal_safe() -> None:
    st = position(stock="TH", spots=("KC",) * 12, moved=False)
    st = kosa.apply(st, "d")
    assert kosa.view(st, 0)["redeal_loses"] is True
    st = kosa.apply(st, "w>F1")
    assert kosa.view(st, 0)["redeal_loses"] is False


def test_lost_when_stock_and_waste_are_empty_and_nothing_moves() -> None:
    st = position(stock="", waste="", braid="2C", spots=("TH", *("KC",) * 11))
    st = kosa.apply(st, "L1>F1")  # L1 refilled from the braid's 2C automatically
    assert st.spots[0] == "2C"
    assert kosa.status(st).result == "lost" and kosa.legal_moves(st) == []


def test_three_pass_variant_stops_redealing() -> None:
    st = position(max_passes=3, stock="", waste="2C", pass_no=3, moved=True)
    # the waste top fits nowhere, no redeal is left: the game was over already after settling
    assert kosa._settle(st).result == "lost"
    st = position(max_passes=3, stock="", waste="2CTH", pass_no=3, moved=True)
    assert kosa.legal_moves(st) == ["w>F1"]
    assert kosa.apply(st, "w>F1").result == "lost"  # 2C is stuck, no redeal left
    st = position(max_passes=3, stock="", waste="2C", pass_no=2, moved=True)
    assert kosa.legal_moves(st) == ["r"]


def test_won_when_all_cards_are_on_the_foundations() -> None:
    piles = ["".join(r + s for r in "9TJQKA2345678") for s in cards.SUITS for _ in range(2)]
    last = piles[7][-2:]
    piles[7] = piles[7][:-2]
    st = position(found=tuple(piles), spots=(last,) + ("",) * 11)
    assert kosa.legal_moves(st) == ["L1>F8"]
    st = kosa.apply(st, "L1>F8")
    assert kosa.status(st).as_dict() == {
        "over": True,
        "winners": [0],
        "scores": [104],
        "result": "won",
    }


def test_resign_and_other_players() -> None:
    st = kosa.new_game(seed=5)
    assert "resign" not in kosa.legal_moves(st)
    assert kosa.legal_moves(st, 1) == []
    with pytest.raises(IllegalMove):
        kosa.apply(st, "d", 1)
    with pytest.raises(IllegalMove):
        kosa.apply(st, "resign", 1)
    gone = kosa.apply(st, "resign")
    assert kosa.status(gone).result == "resigned" and kosa.status(gone).winners == []
    with pytest.raises(IllegalMove):
        kosa.apply(gone, "d")
    assert st.result == "playing"


@pytest.mark.parametrize("bad", ["", "x", "b>F9", "F1>L1", "s>F1", "d>w", "b>b", "r", 7, None])
def test_illegal_moves_raise_and_change_nothing(bad: object) -> None:
    st = kosa.new_game(seed=11)
    before = kosa.to_json(st)
    with pytest.raises(IllegalMove):
        kosa.apply(st, bad)  # type: ignore[arg-type]
    assert kosa.to_json(st) == before


# ------------------------------------------------------------------------- options, deal, JSON


def test_module_surface() -> None:
    game = rules.GAMES["kosa"]
    assert isinstance(game, Game) and game.engine is kosa  # the registry entry wraps the module
    assert game.NAME == "kosa" and game.apply is kosa.apply and game.view is kosa.view
    assert kosa.NAME == "kosa" and kosa.PLAYERS == (1, 1)
    assert kosa.DEFAULT_OPTIONS == {"max_passes": None}


@pytest.mark.parametrize(
    "bad",
    [
        {"max_passes": 0},
        {"max_passes": -3},
        {"max_passes": True},
        {"max_passes": "3"},
        {"max_passes": 2.5},
        {"passes": 3},
        [1],
    ],
)
def test_bad_options_raise(bad: object) -> None:
    with pytest.raises(ValueError):
        kosa.new_game(bad, seed=1)  # type: ignore[arg-type]


def test_options_defaults_and_classic_variant() -> None:
    assert kosa.new_game(seed=1).max_passes is None
    assert kosa.new_game({}, seed=1).max_passes is None
    assert kosa.new_game({"max_passes": 3}, seed=1).max_passes == 3
    assert kosa.new_game({"max_passes": None}, seed=1).max_passes is None


def test_seed_determinism() -> None:
    a, b = kosa.new_game(seed=42), kosa.new_game(seed=42)
    assert kosa.to_json(a) == kosa.to_json(b)
    assert kosa.to_json(kosa.new_game(seed=43)) != kosa.to_json(a)
    assert a.seed == 42
    fresh = kosa.new_game()
    assert isinstance(fresh.seed, int)
    again = kosa.new_game(seed=fresh.seed)
    assert kosa.to_json(again) == kosa.to_json(fresh)


def test_deck_deals_in_the_api_order() -> None:
    deck = cards.double_deck()
    st = kosa.new_game(deck=deck)
    v = kosa.view(st, 0)
    assert v["braid"] == deck[:20]
    assert [v["spots"][n][0] for n in kosa.SPOTS] == deck[20:32]
    assert v["foundations"][0] == [deck[32]] and v["base"] == deck[32][0]
    assert v["stock"] == 71
    assert kosa.apply(st, "d").waste == deck[33]


@pytest.mark.parametrize(
    "deck",
    [
        cards.deck_52(),
        cards.double_deck()[:-1],
        [*cards.double_deck()[:-1], "AS"],
        [*cards.double_deck()[:-1], "XR"],
        "2S" * 104,
    ],
)
def test_bad_decks_raise(deck: object) -> None:
    with pytest.raises(ValueError):
        kosa.new_game(deck=deck)  # type: ignore[arg-type]


def test_json_round_trip_is_exact_and_compact() -> None:
    st = kosa.new_game({"max_passes": 3}, seed=9)
    for m in ("d", "d"):
        st = kosa.apply(st, m)
    text = kosa.to_json(st)
    assert kosa.from_json(text) == st and kosa.to_json(kosa.from_json(text)) == text
    assert " " not in text and len(text) < 400
    json.loads(text)


@pytest.mark.parametrize("text", ["", "[]", "{}", "[2]", "nonsense"])
def test_from_json_rejects_garbage(text: str) -> None:
    with pytest.raises(ValueError):
        kosa.from_json(text)


def test_from_json_rejects_lost_cards() -> None:
    data = json.loads(kosa.to_json(kosa.new_game(seed=3)))
    data[4] = data[4][:-2]
    with pytest.raises(ValueError):
        kosa.from_json(json.dumps(data))


def test_view_shows_every_key_and_hides_the_stock_order() -> None:
    st = kosa.new_game(seed=8)
    v = kosa.view(st, 0)
    for key in (
        "braid",
        "spots",
        "foundations",
        "base",
        "stock",
        "waste",
        "pass",
        "status",
        "redeal_loses",
        "awaiting_fill",
    ):
        assert key in v
    assert list(v["spots"]) == list(kosa.SPOTS) and len(v["foundations"]) == 8
    shuffled = replace(st, stock=kosa._reverse(st.stock))
    assert kosa.view(shuffled, 0) == v
    json.dumps(v)
    assert all_cards(st) == Counter(cards.double_deck())
