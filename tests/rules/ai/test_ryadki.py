"""The Ryadki computer player (`rules.ai.ryadki`): legal, fair (the view only), deterministic,
sampling sound."""

from __future__ import annotations

from collections import Counter

import pytest

from rules import ryadki
from rules.ai import ryadki as ai
from rules.cards import deck_52
from rules.rng import Rng
from rules.ryadki import State
from tests.rules.test_ryadki import game, total


def advance(s: State, steps: int, seed: int) -> State:
    rng = Rng(seed)
    for _ in range(steps):
        if s.over:
            break
        p = s.turn
        assert p is not None
        s = ryadki.apply(s, rng.choice(ryadki.legal_moves(s, p)), p)
    return s


def redealt(s: State, viewer: int, seed: int) -> State:
    """The same public position with the cards hidden from `viewer` dealt differently."""
    t = ryadki.from_json(ryadki.to_json(s))
    others = [q for q in range(s.players) if q != viewer]
    pool = [c for q in others for c in t.hands[q]] + t.stock
    Rng(seed).shuffle(pool)
    for q in others:
        k = len(t.hands[q])
        t.hands[q], pool = pool[:k], pool[k:]
    t.stock = pool
    return t


@pytest.mark.parametrize("n", [2, 3, 6])
def test_suggest_is_legal_and_the_same_for_the_same_view_and_seed(n: int) -> None:
    checked = 0
    for g in range(4):
        s = advance(ryadki.new_game({"players": n, "deals": 1}, seed=50 + g), 5 + 7 * g, g)
        if s.over:
            continue
        p = s.turn
        assert p is not None
        m = ai.suggest(s, p, seed=g)
        assert m in ryadki.legal_moves(s, p)
        assert ai.suggest(s, p, seed=g) == m
        assert ai.suggest(ryadki.from_json(ryadki.to_json(s)), p, seed=g) == m
        for k in range(3):
            assert ai.suggest(redealt(s, p, 1000 + k), p, seed=g) == m
        checked += 1
    assert checked >= 3


def test_sampled_worlds_keep_the_counts_and_the_known_voids() -> None:
    hands = [
        ["2S", "3S", "4S", "5S", "6S", "7S"],
        ["2H", "3H", "4H", "5H", "6H", "7H"],
        ["2D", "3D", "4D", "5D", "6D", "7D"],
    ]
    used = [c for h in hands for c in h]
    s = ryadki.new_game(
        {"players": 3, "deck": 52, "first_dealer": 0},
        seed=3,
        deck=used + [c for c in deck_52() if c not in used],
    )
    s.hands[1] = s.hands[1][:4]
    s.played = ["2H", "3H"]
    s.voids[1] = ("AK", "SC", 4)  # seat 1 holds no ace, king, spade or club
    s.voids[2] = ("Q", "", 3)  # three of seat 2's cards are not queens
    v = ryadki.view(s, 0)
    known = set(v["hand"]) | set(v["played"])
    unseen = [c for c in deck_52() if c not in known]
    for k in range(20):
        sampled, stock = ai._determinize(v, unseen, Rng(k))
        assert sampled[0] == v["hand"]
        assert [len(h) for h in sampled] == v["hands"] and len(stock) == v["stock"]
        cards = [c for h in sampled[1:] for c in h] + stock
        assert len(set(cards)) == len(cards) and not set(cards) & known
        assert all(c[0] not in "AK" and c[1] not in "SC" for c in sampled[1])
        assert sum(1 for c in sampled[2] if c[0] != "Q") >= 3


def test_six_players_a_sure_stack_is_taken() -> None:
    # seat 0 answers 6S on a stack of 7; seat 1 is known to lack sixes and hearts, diamonds,
    # clubs: 6H cannot be answered and wins the stack, a spade would be answered
    hands = [
        ["6H", "8S", "9S", "TS", "JS", "KS"],
        ["2S", "3S", "4S", "5S", "7S", "QS"],
        ["2H", "3H", "4H", "5H", "7H", "8H"],
        ["2D", "3D", "4D", "5D", "7D", "8D"],
        ["2C", "3C", "4C", "5C", "7C", "8C"],
        ["9H", "TH", "JH", "QH", "KH", "AH"],
    ]
    used = [c for h in hands for c in h]
    s = ryadki.new_game(
        {"players": 6, "first_dealer": 0},
        seed=4,
        deck=used + [c for c in deck_52() if c not in used],
    )
    s.voids[1] = ("6", "HDC", 6)
    table = ["9D", "9C", "TC", "TD", "JD", "JC", "6S"]
    s.stock = [c for c in s.stock if c not in table]
    s.stack, s.played, s.last, s.turn, s.out = table, table[:], 5, 0, len(table)
    assert ryadki.legal_moves(s, 0) == ["6H", "8S", "9S", "JS", "KS", "TS"]
    for seed in range(3):
        m = ai.suggest(s, 0, seed=seed)
        t = ryadki.apply(s, m, 0)
        assert m == "6H" and t.piles[0] == 8 and t.turn == 0


def test_suggest_is_legal_and_takes_a_sure_stack() -> None:
    # B is known (from "cannot answer"s) to lack sixes and hearts, diamonds, clubs: a six is sure
    s = game([["6H", "6C", "7C", "8C", "9C", "TC"], ["7S", "8S", "9S", "TS", "JS", "QS"]], dealer=0)
    s.voids[1] = ("6", "HDC", 6)
    # Early in a 7-deal game a one-card stack is worth less than the rollouts' noise at this
    # budget, so one seed may miss it (about 4 seeds in 10 take it, with the old `random`
    # rollouts too): over 40 seeds the sure six is the most frequent choice.
    picks = Counter(ai.suggest(s, 0, seed) for seed in range(40))
    assert set(picks) <= set(ryadki.legal_moves(s, 0))
    best, _ = picks.most_common(1)[0]
    assert best in ("6H", "6C")
    t = ryadki.apply(s, best, 0)
    assert t.piles[0] == 1
    with pytest.raises(ValueError):
        ai.suggest(s, 1)


@pytest.mark.parametrize("n", range(2, 7))
def test_suggest_plays_whole_games_legally(n: int) -> None:
    s = ryadki.new_game({"players": n, "deals": 2}, seed=100 + n)
    while not s.over:
        p = s.turn
        assert p is not None
        m = ai.suggest(s, p)
        assert m in ryadki.legal_moves(s, p)
        s = ryadki.apply(s, m, p)
        assert total(s) == s.deck_size
    assert ryadki.status(s).winners
