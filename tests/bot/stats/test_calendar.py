"""A player's month of deals of the day (bot.stats.calendar): each day and tier keeps the best
of played, won and won at par or better, on the day and late apart; only the month of a result
and the month before are kept; the month drawn within 30 columns."""

from __future__ import annotations

from bot.i18n import translator
from bot.render.calendar import calendar_block
from bot.stats import calendar
from bot.stats.calendar import PAR, PLAYED, WON
from bot.stats.daily import day_date
from bot.stats.result import GameResult, PlayerResult

DAY = 713  # 2026-12-14, dealt in tiers


def result(
    *, won: bool, tier: str = "e", moves: int = 30, par: int | None = 30, hint: bool = False,
    late: bool = False, day: int = DAY, on: int = DAY,
) -> GameResult:  # fmt: skip
    return GameResult(
        game_id="g",
        kind="kosa",
        variant="u",
        players=(PlayerResult(1, 0, "Ann", "won" if won else "lost"),),
        moves=moves,
        duration=60,
        finished_at=0.0,
        date=day_date(on).isoformat(),
        used_hint=hint,
        daily=day,
        ranked=not late and not hint,
        par=par,
        tier=tier,
        late=late,
    )


def counted(fields: dict[str, str], r: GameResult) -> dict[str, str]:
    return {**fields, **calendar.updated(fields, r, r.players[0])}


def test_each_tier_keeps_its_best_on_the_day_and_late_apart() -> None:
    f: dict[str, str] = {}
    f = counted(f, result(won=False, tier="e"))
    assert f[calendar.key("kosa", DAY)] == "100000"
    f = counted(f, result(won=True, tier="m", moves=31))  # over par: won
    f = counted(f, result(won=True, tier="h", moves=29))  # under par: at par or better
    assert f[calendar.key("kosa", DAY)] == "123000"
    f = counted(f, result(won=False, tier="h"))  # a replay lost after: the best stays
    f = counted(f, result(won=True, tier="e", moves=20, hint=True))  # a hint: won, not ★
    assert f[calendar.key("kosa", DAY)] == "223000"
    f = counted(f, result(won=True, tier="e", late=True, day=DAY - 1, on=DAY))
    [month_day] = [d for d in calendar.month(f, "kosa", DAY) if d.number == DAY - 1]
    assert month_day.on_time == (0, 0, 0) and month_day.late == (PAR, 0, 0)
    assert month_day.best(0) == (PAR, True)
    assert calendar.all_tiers_won(f, "kosa", DAY)
    assert not calendar.all_tiers_won(f, "kosa", DAY - 1)  # (late does not count)
    assert [d.on_time for d in calendar.month(f, "kosa", DAY) if d.number == DAY] == [
        (WON, WON, PAR)
    ]
    assert PLAYED < WON < PAR


def test_only_this_month_and_the_one_before_are_kept() -> None:
    nov = calendar.first_of_month(DAY) - 1  # 30 November
    oct_ = calendar.first_of_month(calendar.first_of_month(nov) - 1)  # 1 October
    f = {calendar.key("kosa", nov): "100000", calendar.key("kosa", oct_): "200000", "kosa:p": "3"}
    assert calendar.stale(f, DAY) == [calendar.key("kosa", oct_)]
    assert (
        calendar.updated({}, result(won=True, day=oct_, late=True), result(won=True).players[0])
        == {}
    )


def test_the_month_fits_a_phone() -> None:
    f = {calendar.key("kosa", d): "323000" for d in calendar.month_days(DAY)}
    days = calendar.month(f, "kosa", calendar.month_days(DAY)[-1])  # a whole month of 31 days
    block = calendar_block(days, [True] * len(days), translator("ru"))
    assert len(days) == 31 and "31 ★●★" in block
    grid = block.split("<pre>")[1].split("</pre>")[0].splitlines()  # (the words around wrap)
    assert len(grid) == 8 and all(len(line) <= 30 for line in grid), grid
