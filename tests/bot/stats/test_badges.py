"""Badges (bot.stats.badges): each earned exactly when its rule holds — by the game that makes
it hold, once — and a history from before badges earns what it deserves quietly (written, never
announced)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.i18n import t
from bot.registry import kinds
from bot.stats import badges, calendar
from bot.stats.daily import day_date
from bot.stats.result import GameResult, PlayerResult
from bot.stats.stats import updated_fields

DAY = 713  # 2026-12-14: three deals a day
ME = 1
Fields = dict[str, str]


def solo(
    *, won: bool = True, kind: str = "kosa", daily: int | None = None, tier: str = "",
    par: int | None = None, moves: int = 40, seconds: int = 600, hint: bool = False,
    undo: bool = False, late: bool = False, on: int = DAY,
) -> GameResult:  # fmt: skip
    return GameResult(
        game_id=f"g{on}{tier}{daily}",
        kind=kind,
        variant="u" if kind == "kosa" else "52",
        players=(PlayerResult(ME, 0, "Ann", "won" if won else "lost"),),
        moves=moves,
        duration=seconds,
        finished_at=0.0,
        date=day_date(on).isoformat(),
        used_undo=undo,
        used_hint=hint,
        daily=daily,
        ranked=not hint and not late,
        par=par,
        tier=tier,
        late=late,
    )


def table(*, won: bool = True, seats: int = 2, ai: bool = False) -> GameResult:
    others = [PlayerResult(ME + i, i, f"P{i}", "lost" if won else "won", ai=ai) for i in (1, 2, 3)]
    return GameResult(
        game_id="t",
        kind="ryadki",
        variant="",
        players=(PlayerResult(ME, 0, "Ann", "won" if won else "lost"), *others[: seats - 1]),
        moves=30,
        duration=600,
        finished_at=0.0,
        date=day_date(DAY).isoformat(),
        chat_id=-100,
    )


def count(read: Fields, result: GameResult) -> tuple[Fields, list[str]]:
    """`read` with `result` counted, and the badges it announces."""
    p = result.player(ME)
    changed = updated_fields(read, result, p)
    won, news = badges.earned(read, changed, result, p)
    return {**read, **changed, **won}, news


def after(results: list[GameResult], read: Fields | None = None) -> tuple[Fields, list[str]]:
    """Results counted in turn: the statistics, and every badge announced."""
    fields, told = dict(read or {}), []
    for r in results:
        fields, news = count(fields, r)
        told += news
    return fields, told


def wins(n: int, **kw: object) -> list[GameResult]:
    return [replace(solo(**kw), game_id=f"w{i}") for i in range(n)]  # type: ignore[arg-type]


def daily_days(first: int, n: int) -> list[GameResult]:
    return [
        solo(daily=d, on=d, tier="m", par=40, moves=50, won=False) for d in range(first, first + n)
    ]


# each badge: the results that earn it (with the last), and those that just miss it
CASES: dict[str, tuple[list[GameResult], list[GameResult]]] = {
    "first-kosa": ([solo()], [solo(won=False)]),
    "first-raspad": ([solo(kind="raspad")], [solo(kind="kosa")]),
    "first-ryadki": ([table()], [table(won=False)]),
    "clean": ([solo()], [solo(undo=True), solo(hint=True), table()]),
    "par": ([solo(daily=DAY, tier="e", par=40, moves=40)], [solo(daily=DAY, par=40, moves=41),
            solo(daily=DAY, par=40, moves=30, hint=True)]),
    "under": ([solo(daily=DAY, tier="e", par=40, moves=39)], [solo(daily=DAY, par=40, moves=40)]),
    "hard": ([solo(daily=DAY, tier="h", par=40)], [solo(daily=DAY, tier="h", par=40, hint=True),
             solo(daily=DAY, tier="m", par=40)]),
    "tiers": ([solo(daily=DAY, tier=x, par=40, moves=60) for x in "emh"],
              [solo(daily=DAY, tier=x, par=40, moves=60) for x in "em"]
              + [solo(daily=DAY, tier="h", par=40, late=True, on=DAY + 1)]),
    "quick": ([solo(daily=DAY, tier="e", seconds=299)],
              [solo(daily=DAY, seconds=300), solo(seconds=10)]),
    "late": ([solo(daily=DAY, tier="e", late=True, on=DAY + 2)], [solo(daily=DAY, tier="e"),
             solo(daily=DAY, tier="e", late=True, on=DAY + 2, won=False)]),
    "days7": (daily_days(DAY - 6, 7), daily_days(DAY - 6, 3) + daily_days(DAY - 2, 3)),
    "days30": (daily_days(DAY - 29, 30), daily_days(DAY - 28, 29)),
    "month": (daily_days(700, 31), daily_days(700, 30)),  # (December 2026: #700-#730)
    "streak5": (wins(5), [*wins(4), solo(won=False), *wins(4)]),
    "wins10": (wins(5) + wins(5, kind="raspad"), wins(9)),
    "wins100": (wins(100), wins(99)),
    "games100": (wins(50) + wins(50, won=False), wins(99)),
    "crowd": ([table(seats=3)], [table(seats=2), table(seats=3, won=False)]),
    "robot": ([table(ai=True)], [table(), table(ai=True, won=False)]),
}  # fmt: skip


def test_every_badge_has_a_case_a_name_and_a_rule_in_both_languages() -> None:
    catalogue = badges.catalogue()
    assert len(catalogue) == 20 and len({b.id for b in catalogue}) == 20
    firsts = {f"first-{k}" for k in kinds("solitaire") + kinds("table")}
    assert set(CASES) | firsts == {b.id for b in catalogue}
    for b in catalogue:
        for lang in ("en", "ru"):
            for key in (f"badge-{b.key}", f"badge-{b.key}-rule"):
                assert t(lang, key, game="X") != key, (lang, key)


@pytest.mark.parametrize("badge", sorted(CASES))
def test_a_badge_is_earned_exactly_when_its_rule_holds_and_told_once(badge: str) -> None:
    earning, missing = CASES[badge]
    fields, told = after(earning)
    assert badges.field(badge) in fields and told.count(badge) == 1, told
    assert badge not in after(earning[:-1])[1]  # the last result makes it hold
    again, more = after(earning, fields)  # the same again: held, never told twice
    assert badge not in more and again[badges.field(badge)] == fields[badges.field(badge)]
    for miss in missing:
        assert badge not in after([miss])[1], miss
    assert badge not in after(missing)[1]


def test_a_badge_is_dated_the_day_its_game_ended() -> None:
    fields, _told = after([solo(on=DAY + 1)])
    [first] = [e for e in badges.held(fields) if e.badge.id == "first-kosa"]
    assert first.day == day_date(DAY + 1).isoformat() and not first.early


def test_a_history_from_before_badges_earns_quietly_once() -> None:
    old, _ = after(wins(12) + daily_days(DAY - 7, 8))  # counted before badges existed
    old = {k: v for k, v in old.items() if not k.startswith("bg")}
    held = {e.badge.id: e for e in badges.held(old)}
    assert {"first-kosa", "wins10", "streak5", "days7"} <= set(held)
    assert all(e.early for e in held.values())
    fields, told = count(old, solo(kind="raspad", won=False, on=DAY + 1))  # the next game
    assert told == []  # none of them announced
    assert {e.badge.id for e in badges.held(fields)} == set(held)
    fields, told = count(fields, solo(kind="raspad", on=DAY + 1))
    assert told == ["first-raspad", "clean"]  # the badges the new game earns are announced
    assert badges.deserved(fields, "2026-12-20") == {}  # looked at once: never again


def test_a_calendar_month_needs_every_day_played_on_the_day() -> None:
    month = calendar.month_days(DAY)
    late = [solo(daily=d, tier="m", late=True, on=month[-1]) for d in month[:1]]
    _fields, told = after(daily_days(month[0] + 1, len(month) - 1) + late)
    assert "month" not in told
