"""Ryadki: the worked examples of ryadki.md and the rules around them (resign, options, JSON,
view: test_ryadki_api.py)."""

from __future__ import annotations

from typing import Any

import pytest

from rules import ryadki
from rules.cards import deck_36, deck_52
from rules.errors import IllegalMove
from rules.ryadki import State


def build_deck(
    hands: list[list[str]], stock_top: tuple[str, ...] = (), size: int = 36
) -> list[str]:
    """Hands in seat order, then the given stock top, then the other cards in canonical order."""
    used = [c for h in hands for c in h] + list(stock_top)
    assert all(len(h) == 6 for h in hands) and len(set(used)) == len(used)
    full = deck_36() if size == 36 else deck_52()
    return used + [c for c in full if c not in used]


def game(
    hands: list[list[str]], dealer: int, stock_top: tuple[str, ...] = (), **opts: Any
) -> State:
    size = opts.get("deck", 36)
    return ryadki.new_game(
        {"players": len(hands), "first_dealer": dealer, **opts},
        seed=1,
        deck=build_deck(hands, stock_top, size),
    )


def total(s: State) -> int:
    return len(s.stock) + sum(len(h) for h in s.hands) + len(s.stack) + sum(s.piles) + s.out


def kinds(s: State) -> list[str]:
    return [e["e"] for e in s.events]


def move_to_pile(s: State, seat: int, n: int) -> None:
    """Give `seat` a pile of `n` cards taken from the stock (keeps card conservation)."""
    s.stock = s.stock[n:]
    s.piles[seat] += n


# -- the worked examples ---------------------------------------------------------------------


def test_example_1_third_of_a_rank() -> None:
    a = ["8S", "8C", "6D", "9D", "TD", "KD"]
    b = ["8H", "6C", "7H", "9H", "TH", "KH"]
    s = game([a, b], dealer=0, stock_top=("AS", "AH"))
    s = ryadki.apply(s, "8S", 0)
    s = ryadki.apply(s, "8H", 1)
    stock_before = len(s.stock)
    s = ryadki.apply(s, "8C", 0)  # stack 8♠ 8♥, A plays 8♣
    assert s.piles == [2, 0]
    assert len(s.stock) == stock_before - 2 and s.stock[0] != "AS"
    assert {"e": "third", "by": 0, "n": 2} in s.events
    assert s.stack == ["8S", "8H", "8C"] and s.turn == 1  # B answers with 6♣
    assert total(s) == 36


def test_example_2_j_on_j() -> None:
    a = ["JD", "6S", "7S", "8S", "TS", "KS"]
    b = ["9D", "JC", "6H", "7H", "8H", "AH"]
    s = game([a, b], dealer=1)
    s = ryadki.apply(s, "9D", 1)
    s = ryadki.apply(s, "JD", 0)
    stock_before = len(s.stock)
    s = ryadki.apply(s, "JC", 1)  # stack 9♦ J♦, B plays J♣
    assert s.stack == [] and s.out == 3 and s.piles == [0, 0]
    assert {"e": "jj", "by": 1, "n": 3} in s.events
    assert s.turn == 1  # B leads after the refill
    assert [len(h) for h in s.hands] == [6, 6] and len(s.stock) == stock_before - 3
    assert {"e": "refill", "n": [1, 2]} in s.events
    assert total(s) == 36


def test_example_3_seven() -> None:
    a = ["7H", "6S", "7S", "8S", "TS", "KS"]
    b = ["9H", "JC", "6H", "8H", "AH", "QC"]
    c = ["9D", "JD", "6D", "7D", "8D", "AD"]
    s = game([a, b, c], dealer=0)
    move_to_pile(s, 1, 5)
    s = ryadki.apply(s, "7H", 0)  # B is the next responder
    assert s.piles == [0, 4, 0] and s.out == 1
    assert {"e": "seven", "by": 0, "from": 1, "n": 1} in s.events
    assert s.turn == 1 and total(s) == 36


def test_example_4_queen_with_a_small_pile() -> None:
    a = ["QS", "6S", "7S", "8S", "TS", "KS"]
    b = ["9S", "JC", "6H", "8H", "AH", "QC"]
    s = game([a, b], dealer=0)
    move_to_pile(s, 1, 2)
    s = ryadki.apply(s, "QS", 0)
    assert s.piles == [0, 0] and s.out == 2
    assert {"e": "queen", "by": 0, "from": 1, "n": 2} in s.events
    assert total(s) == 36


def test_example_5_cannot_answer() -> None:
    a = ["6H", "7H", "8H", "9H", "JH", "QH"]
    b = ["6C", "8C", "9C", "JC", "QC", "AC"]
    c = ["TH", "6D", "7D", "8D", "9D", "TD"]
    d = ["6S", "7C", "KD", "7S", "8S", "9S"]
    s = game([a, b, c, d], dealer=2)
    # D holds only 6♠ 7♣ K♦: the other three went to D's pile earlier
    s.hands[3] = ["6S", "7C", "KD"]
    s.piles[3] = 3
    stock_before = len(s.stock)
    s = ryadki.apply(s, "TH", 2)  # stack 10♥ played by C
    assert {"e": "cannot_answer", "seat": 3, "card": "TH", "to": 2, "n": 1} in s.events
    assert s.piles == [0, 0, 1, 3] and s.stack == []
    assert s.turn == 2  # C leads the next series
    assert [len(h) for h in s.hands] == [6, 6, 6, 6]
    assert len(s.stock) == stock_before - 4
    assert {"e": "refill", "n": [0, 0, 1, 3]} in s.events
    assert kinds(s) == ["play", "cannot_answer", "refill", "lead"]
    assert s.voids[3] == ("T", "H", 3)
    assert total(s) == 36


# -- the rules around the examples ---------------------------------------------------------------


def test_responder_must_answer_by_rank_or_suit() -> None:
    a = ["8S", "6D", "7D", "9D", "TD", "KD"]
    b = ["8H", "6S", "7H", "9H", "TH", "KH"]
    s = game([a, b], dealer=0)
    assert ryadki.legal_moves(s, 0) == sorted(a)
    assert ryadki.legal_moves(s, 1) == []
    s = ryadki.apply(s, "8S", 0)
    assert ryadki.legal_moves(s, 1) == ["6S", "8H"]
    for bad in ("7H", "9H", "AS"):
        with pytest.raises(IllegalMove):
            ryadki.apply(s, bad, 1)
    with pytest.raises(IllegalMove):
        ryadki.apply(s, "6D", 0)  # not A's turn


def test_seven_and_queen_use_the_responder_after_the_play() -> None:
    # B holds no cards, so the responder after A's 7 is C; a 7 on an empty pile does nothing
    s = game(
        [
            ["7H", "QH", "8S", "TS", "KS", "AS"],
            ["9C", "6C", "8C", "JC", "QC", "AC"],
            ["9H", "6H", "8H", "JD", "QD", "AD"],
        ],
        dealer=0,
    )
    s.piles[1] = len(s.hands[1])
    s.hands[1] = []
    move_to_pile(s, 2, 6)
    s = ryadki.apply(s, "QH", 0)
    assert {"e": "queen", "by": 0, "from": 2, "n": 4} in s.events
    assert s.piles == [0, 6, 2] and s.turn == 2
    assert total(s) == 36


def test_lead_passes_to_the_next_player_with_cards() -> None:
    # 4 players, empty stock: A plays its last card, B is empty, C cannot answer
    s = game(
        [
            ["AS", "6H", "7H", "8H", "9H", "TH"],
            ["6S", "7S", "8S", "9S", "TS", "JS"],
            ["6D", "7D", "8D", "9D", "TD", "JD"],
            ["6C", "7C", "8C", "9C", "TC", "JC"],
        ],
        dealer=0,
    )
    s.out += len(s.stock) + 5 + 6
    s.stock = []
    s.hands[0] = ["AS"]
    s.hands[1] = []
    s.hands[2] = ["6D", "7D"]
    s.out += 4
    s = ryadki.apply(s, "AS", 0)
    assert {"e": "cannot_answer", "seat": 2, "card": "AS", "to": 0, "n": 1} in s.events
    assert s.piles[0] == 1
    last = s.events[-1]
    assert s.turn == 2 and last["e"] == "lead" and last["seat"] == 2
    assert total(s) == 36


def test_built_stack_goes_to_nobody_when_nobody_else_holds_cards() -> None:
    s = game([["6S", "7S", "8S", "9S", "TS", "JS"], ["6H", "7H", "8H", "9H", "TH", "JH"]], dealer=0)
    s.piles[1] += 6
    s.hands[1] = []
    stock_before = len(s.stock)
    s = ryadki.apply(s, "6S", 0)
    assert {"e": "built", "n": 1} in s.events and s.out == 1 and s.piles == [0, 6]
    assert s.turn == 0 and [len(h) for h in s.hands] == [6, 6]
    assert {"e": "refill", "n": [1, 6]} in s.events and len(s.stock) == stock_before - 7


def test_refill_starts_with_the_leader_while_the_stock_lasts() -> None:
    s = game(
        [
            ["6S", "7S", "8S", "9S", "TS", "KD"],
            ["6H", "AC", "7H", "8H", "9H", "TH"],
            ["6D", "7D", "8D", "9D", "TD", "JD"],
        ],
        dealer=1,
    )
    # leave 3 stock cards; B holds 6♥ A♣ only
    s.out += len(s.stock) - 3
    s.stock = s.stock[-3:]
    s.hands[1] = ["6H", "AC"]
    s.out += 4
    s = ryadki.apply(s, "6H", 1)
    s = ryadki.apply(s, "6D", 2)
    s = ryadki.apply(s, "KD", 0)  # B holds only A♣: cannot answer; the stack goes to A
    assert {"e": "cannot_answer", "seat": 1, "card": "KD", "to": 0, "n": 3} in s.events
    # refill from A (needs 1), then B (needs 5, gets the last 2), C gets nothing
    assert {"e": "refill", "n": [1, 2, 0]} in s.events
    assert [len(h) for h in s.hands] == [6, 3, 5] and s.stock == []
    assert s.turn == 0 and total(s) == 36


def test_deal_ends_when_the_stock_is_empty_and_one_player_holds_cards() -> None:
    s = game(
        [
            ["6S", "7S", "8S", "9S", "TS", "JS"],
            ["6H", "7H", "8H", "9H", "TH", "JH"],
            ["6D", "7D", "8D", "9D", "TD", "JD"],
        ],
        dealer=0,
        deals=2,
    )
    # empty stock; A holds 6♠ only, B holds 7♠, C holds 9♦; piles 10 / 10 / 3
    s.hands = [["6S"], ["7S"], ["9D"]]
    s.stock = []
    s.piles = [10, 10, 3]
    s.out = 36 - 3 - 23
    s = ryadki.apply(s, "6S", 0)  # B answers next (stock empty, two still hold cards)
    assert s.turn == 1
    s = ryadki.apply(s, "7S", 1)  # only C holds cards now: the deal ends at once
    # Decision: the 7's effect is checked when the card is played, before the deal ends
    assert {"e": "seven", "by": 1, "from": 2, "n": 1} in s.events
    end = next(e for e in s.events if e["e"] == "deal_end")
    assert end == {
        "e": "deal_end",
        "deal": 1,
        "piles": [10, 10, 2],
        "winners": [0, 1],
        "stack": 2,
        "scores": [10, 10, 0],
    }
    assert s.scores == [10, 10, 0] and s.deal == 2 and s.dealer == 1 and s.turn == 1
    assert [len(h) for h in s.hands] == [6, 6, 6] and len(s.stock) == 18
    assert s.piles == [0, 0, 0] and s.out == 0 and s.stack == [] and s.played == []
    assert kinds(s) == ["play", "seven", "deal_end", "deal_start"]
    assert not ryadki.status(s).over


def test_game_ends_after_the_last_deal_and_ties_share() -> None:
    s = game(
        [["6S", "7S", "8S", "9S", "TS", "JS"], ["6H", "7H", "8H", "9H", "TH", "JH"]],
        dealer=0,
        deals=1,
    )
    s.hands = [["6S", "8S"], ["7H"]]
    s.stock = []
    s.piles = [4, 4]
    s.out = 36 - 11
    s = ryadki.apply(s, "6S", 0)  # B cannot answer: A's pile 5, A leads
    assert s.piles == [5, 4] and s.turn == 0 and not s.over
    s = ryadki.apply(s, "8S", 0)  # only B holds cards: the deal (and the game) ends
    assert s.over and s.turn is None and s.piles == [5, 4] and s.out == 36 - 11 + 1
    st = ryadki.status(s)
    assert st.over and st.result == "over" and st.winners == [0] and st.scores == [5, 0]
    assert ryadki.legal_moves(s, 1) == []
    with pytest.raises(IllegalMove):
        ryadki.apply(s, "7H", 1)
    t = game(
        [["6S", "7S", "8S", "9S", "TS", "JS"], ["6H", "7H", "8H", "9H", "TH", "JH"]],
        dealer=0,
        deals=1,
    )
    t.hands = [["6S"], ["7S"]]
    t.stock = []
    t.piles = [4, 4]
    t.out = 36 - 10
    t = ryadki.apply(t, "6S", 0)  # A's last card: only B holds cards, the deal ends
    assert t.over and ryadki.status(t).winners == [0, 1] and t.scores == [4, 4]


def test_all_piles_empty_means_no_deal_winner() -> None:
    s = game(
        [["6S", "7S", "8S", "9S", "TS", "JS"], ["6H", "7H", "8H", "9H", "TH", "JH"]],
        dealer=0,
        deals=1,
    )
    s.hands = [["6S"], ["7S"]]
    s.stock = []
    s.out = 34
    s = ryadki.apply(s, "6S", 0)
    end = s.events[1]
    assert end["e"] == "deal_end" and end["winners"] == [] and s.scores == [0, 0]
    assert ryadki.status(s).winners == [0, 1]  # game scores tie at 0: the win is shared
