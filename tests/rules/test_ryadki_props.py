"""Ryadki property tests over seeded random playouts, every player count and both decks."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules import ryadki
from rules.cards import deck_36, deck_52
from rules.errors import IllegalMove
from rules.rng import Rng
from rules.ryadki import State

CONFIGS = [(n, d) for n in range(2, 7) for d in (36, 52)]
SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def total(s: State) -> int:
    return len(s.stock) + sum(len(h) for h in s.hands) + len(s.stack) + sum(s.piles) + s.out


def hidden_shuffled(s: State, viewer: int, rng: Rng) -> State:
    """The same public position with the cards hidden from `viewer` dealt differently."""
    t = ryadki.from_json(ryadki.to_json(s))
    others = [q for q in range(s.players) if q != viewer]
    pool = [c for q in others for c in t.hands[q]] + t.stock
    rng.shuffle(pool)
    for q in others:
        k = len(t.hands[q])
        t.hands[q], pool = pool[:k], pool[k:]
    t.stock = pool
    return t


def check_view(s: State, rng: Rng) -> None:
    for p in range(s.players):
        v = ryadki.view(s, p)
        text = json.dumps({k: x for k, x in v.items() if k != "events"})
        # the events may name a card played in the previous deal, now dealt again
        events = v["events"]
        starts = [i for i, e in enumerate(events) if e["e"] == "deal_start"]
        fresh = json.dumps(events[starts[-1] :] if starts else events)
        assert v["hand"] == s.hands[p]
        assert v["hands"] == [len(h) for h in s.hands] and v["stock"] == len(s.stock)
        for q in range(s.players):
            if q != p:
                for c in s.hands[q]:
                    assert f'"{c}"' not in text, (c, q, p)
                    assert f'"{c}"' not in fresh, (c, q, p)
        # nothing in the view depends on the hidden cards
        assert ryadki.view(hidden_shuffled(s, p, rng), p) == v


def check_illegal(s: State, rng: Rng) -> None:
    before = ryadki.to_json(s)
    full = deck_36() if s.deck_size == 36 else deck_52()
    for p in range(s.players):
        legal = set(ryadki.legal_moves(s, p))
        for m in [*s.hands[p][:3], rng.choice(full), "XX", "", "7H7H"]:
            if m not in legal:
                with pytest.raises(IllegalMove):
                    ryadki.apply(s, m, p)
    with pytest.raises(IllegalMove):
        ryadki.apply(s, "resign", s.players)
    assert ryadki.to_json(s) == before


def playout(n: int, size: int, seed: int, deals: int, resign_rate: int) -> None:
    s = ryadki.new_game({"players": n, "deck": size, "deals": deals}, seed=seed)
    rng = Rng(seed ^ 0x5EED)
    steps = 0
    limit = deals * size + 10 * n
    while not s.over:
        assert total(s) == size
        p = s.turn
        assert p is not None and s.active[p] and s.hands[p]
        legal = ryadki.legal_moves(s, p)
        assert legal == sorted(legal) and legal
        for q in range(n):
            if q != p:
                assert ryadki.legal_moves(s, q) == []
        if steps % 3 == 0:
            check_illegal(s, rng)
            check_view(s, rng)
        if steps % 9 == 0:  # the sampling player costs milliseconds a call
            m = rules.suggest("ryadki", s, p, seed=steps)
            assert m in legal
            # fair: the same move whatever the hidden cards are
            assert rules.suggest("ryadki", hidden_shuffled(s, p, rng), p, seed=steps) == m
        text = ryadki.to_json(s)
        assert ryadki.from_json(text) == s and ryadki.to_json(ryadki.from_json(text)) == text
        if resign_rate and rng.below(resign_rate) == 0:
            q = rng.choice([q for q in range(n) if s.active[q]])
            live = sum(s.active)
            s = ryadki.apply(s, "resign", q)
            assert not s.active[q] and s.hands[q] == []
            if live == 2:
                assert s.over and s.winners == [next(x for x in range(n) if s.active[x])]
            else:
                assert not s.over or s.deal == deals
        else:
            s = ryadki.apply(s, rng.choice(legal), p)
        steps += 1
        assert steps <= limit, "the game does not terminate"
    assert total(s) == size
    st_ = ryadki.status(s)
    assert st_.over and st_.result == "over" and st_.winners
    assert all(s.active[w] for w in st_.winners)
    assert st_.scores == s.scores and len(s.scores) == n
    for p in range(n):
        assert ryadki.legal_moves(s, p) == []
        with pytest.raises(IllegalMove):
            ryadki.apply(s, "resign", p)


@pytest.mark.parametrize(("n", "size"), CONFIGS)
@SETTINGS
@given(seed=st.integers(0, 2**53 - 1), deals=st.integers(1, 2))
def test_random_playouts_keep_every_invariant(n: int, size: int, seed: int, deals: int) -> None:
    playout(n, size, seed, deals, resign_rate=0)


@pytest.mark.parametrize(("n", "size"), CONFIGS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**53 - 1), rate=st.sampled_from([8, 25, 60]))
def test_resign_at_random_moments_keeps_every_invariant(
    n: int, size: int, seed: int, rate: int
) -> None:
    playout(n, size, seed, 2, resign_rate=rate)
