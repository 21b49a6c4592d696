"""Three deals a day graded by the solver (bot.stats.daily_tiers): each proved winnable, Easy the
one the slipping computer player wins most often, Hard least, Medium halfway; the same on every
run; the spares a declaration keeps are winnable graded deals; days before the tiers keep their
one deal."""

from __future__ import annotations

import pytest

import rules
import rules.solve
from bot.registry import DailyTiers, kinds, spec
from bot.stats import daily_tiers
from bot.stats.daily import day_deal, day_seed
from bot.stats.daily_short import deal_state
from bot.stats.daily_tiers import TIERS, Graded
from bot.stats.daily_winnable import Deal

TIERED = [k for k in kinds("solitaire") if daily_tiers.declared(k) is not None]
DAY = 790  # a day no other test grades


def declared(kind: str) -> DailyTiers:
    found = daily_tiers.declared(kind)
    assert found is not None
    return found


def replays_won(kind: str, seed: int, line: tuple[str, ...]) -> bool:
    game = spec(kind).game
    state = deal_state(kind, spec(kind).default_variant, seed)
    for move in line:
        state = game.apply(state, move, 0)
    return game.status(state).result == "won"


def test_both_solitaires_deal_three_a_day_from_day_712_in_their_default_variant() -> None:
    assert list(kinds("solitaire")) == TIERED
    for kind in TIERED:
        variant = spec(kind).default_variant
        assert declared(kind).first_day == 712
        assert not daily_tiers.applies(kind, variant, 711)  # earlier days keep their one deal
        assert daily_tiers.applies(kind, variant, 712)
        other = next(v for v in spec(kind).variants if v != variant)
        assert not daily_tiers.applies(kind, other, 800)  # /daily offers the default one


def test_a_day_s_three_deals_are_winnable_graded_and_the_same_every_time() -> None:
    kind, variant = "raspad", "52"
    found = daily_tiers.chosen(kind, variant, DAY)
    assert found is not None and list(found) == list(TIERS)
    easy, medium, hard = found.values()
    assert easy.rate > medium.rate > hard.rate  # Hard really is harder for the computer
    assert len({g.deal.seed for g in found.values()}) == 3
    for g in found.values():
        assert replays_won(kind, g.deal.seed, g.deal.line)  # its par's line wins
        assert g.deal.par == len(g.deal.line)
    # a second choice (another process, another replica) agrees, rate for rate
    daily_tiers.day_tiers.cache_clear()
    assert daily_tiers.day_tiers(kind, variant, DAY) == {
        t: daily_tiers.Dealt(g.deal.seed, g.deal.par, g.rate) for t, g in found.items()
    }


def test_medium_is_the_candidate_nearest_halfway_between_easy_and_hard() -> None:
    def g(i: int, rate: float) -> Graded:
        return Graded(i, Deal(i, ("m",) * (10 + i)), rate)

    ordered = daily_tiers.easiest_first([g(0, 0.5), g(1, 0.9), g(2, 0.2), g(3, 0.7), g(4, 0.55)])
    picked = daily_tiers.pick(ordered)
    assert picked is not None
    assert [p.index for p in picked] == [1, 4, 2]  # 0.9; 0.55 nearest 0.55; 0.2
    assert daily_tiers.pick(ordered[:2]) is None  # fewer than three proved: no tiers


def test_the_playouts_are_seeded_by_the_deal_the_playout_and_the_move() -> None:
    seed = day_seed("raspad", "52", "2026-12-01")
    first = daily_tiers.win_rate("raspad", "52", seed, count=8)
    assert daily_tiers.win_rate("raspad", "52", seed, count=8) == first  # no other randomness
    assert 0.0 <= first <= 1.0


@pytest.mark.parametrize("kind", TIERED)
def test_the_spares_are_graded_deals_the_solver_proves_winnable(kind: str) -> None:
    tiers, winnable = declared(kind), spec(kind).winnable_daily
    assert winnable is not None and len(tiers.spares) >= 7  # a week without a choice
    variant = spec(kind).default_variant
    for spare in tiers.spares:
        for seed, par in spare:
            state = deal_state(kind, variant, seed)
            found = rules.solve.solve(kind, state, winnable.decide, shortest=False)
            assert found.verdict == rules.solve.WON, (kind, seed)
            assert 0 < par <= len(found.moves)
    # the day's turn of them, alike for everyone, with their pars
    day = declared(kind).first_day + 3
    spare = tiers.spares[day % len(tiers.spares)]
    assert daily_tiers.fallback(kind, variant, day) == {
        t: daily_tiers.Dealt(seed, par) for t, (seed, par) in zip(TIERS, spare, strict=True)
    }


def test_the_spares_are_what_the_grading_picks_for_their_days() -> None:
    found = daily_tiers.chosen("raspad", "52", -1)
    assert found is not None
    pinned = declared("raspad").spares[0]
    assert tuple((g.deal.seed, g.deal.par) for g in found.values()) == pinned


def test_a_day_before_the_tiers_keeps_its_one_deal() -> None:
    seed, par = day_deal("raspad", "52", "2026-12-12")  # #711
    assert par is not None and rules.GAMES["raspad"].new_game({"jokers": False}, seed=seed)
