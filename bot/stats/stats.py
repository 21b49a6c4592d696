"""A player's statistics: how one result changes them, and how they read (pure).

Both stores keep a user's statistics as one flat map of text fields (a Redis hash, SQLite rows)
and change it with `updated_fields`, so the rules are written once:

- `v` the map's version (the stores' compare-and-set), `n` the last name seen, `h` "1" when the
  user is hidden from the global leaderboards;
- per game kind `k`: `k:p` played, `k:w` won, `k:s` the current and `k:bs` the best streak of
  wins; the same over ranked results only (`k:rw`, `k:rs`, `k:rbs`: what the leaderboards
  show); `k:b` the best result (solitaires: JSON, see `best_key`);
- per deal of the day (`d:k:variant`): `:last` the last day played, `:s` the current and `:bs`
  the best run of days in a row (the stores find the day boards a user is on by them);
- per solitaire `k`, its wins of a deal with a par and no hint (`GameResult.over_par`): `k:pw`
  how many, `k:po` their moves over par added up, `k:pb` the fewest over par (may be < 0);
- per solitaire `k`, this week's ranked results (`k:wk` the ISO week, see boards.week_of;
  `k:ww` its wins, `k:wd` its days whose deal of the day was won): the weekly boards' values;
- tournaments (`tour:`): `:n` played, `:w` won, `:w:<group>` won in that group
  (bot.stats.tours);
- the player's day streak over all the day's deals (`day:`): `:last` the last day on which any
  was played ranked, `:s` the run of days in a row up to it, `:bs` the best run. Before these
  fields existed, it is read from the per-deal ones.

Every result counts in the user's own statistics (played, won, streaks, best); only ranked
results count towards the leaderboards and the day streak. A draw or a loss ends a streak.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.registry import spec
from bot.stats import calendar
from bot.stats.boards import week_of
from bot.stats.daily import next_day_streak, utc_day
from bot.stats.result import GameResult, PlayerResult

HISTORY_LIMIT = 100  # results kept per user (newest first)


def _int(fields: Mapping[str, str], key: str) -> int:
    value = fields.get(key)
    return int(value) if value else 0


def best_key(result: GameResult, player: PlayerResult) -> tuple[int, ...] | None:
    """What makes a solitaire result better than another (a larger key is better: the game's
    own `bot.registry.Scoring.best`), None for table games (their best is the rating)."""
    scoring = spec(result.kind).scoring
    if scoring is None:
        return None
    return scoring.best(player.won, player.score or 0, result.rounds or 0, result.moves)


@dataclass(frozen=True, slots=True)
class BestResult:
    game_id: str
    won: bool
    score: int | None
    moves: int
    rounds: int | None
    date: str
    key: tuple[int, ...]

    def to_json(self) -> str:
        return json.dumps(
            {
                "g": self.game_id,
                "w": self.won,
                "s": self.score,
                "m": self.moves,
                "r": self.rounds,
                "d": self.date,
                "k": list(self.key),
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> BestResult:
        d = json.loads(text)
        return cls(
            game_id=str(d["g"]),
            won=bool(d["w"]),
            score=d.get("s"),
            moves=int(d["m"]),
            rounds=d.get("r"),
            date=str(d["d"]),
            key=tuple(int(x) for x in d["k"]),
        )


def updated_fields(
    fields: Mapping[str, str], result: GameResult, player: PlayerResult
) -> dict[str, str]:
    """The fields that `result` changes in `player`'s statistics (`v` aside)."""
    k = result.kind
    out: dict[str, str] = {"n": player.name} if player.name else {}
    won = player.won

    def count(played: str, wins: str, streak: str, best: str) -> None:
        out[played] = str(_int(fields, played) + 1)
        if won:
            out[wins] = str(_int(fields, wins) + 1)
            run = _int(fields, streak) + 1
            out[streak] = str(run)
            if run > _int(fields, best):
                out[best] = str(run)
        elif _int(fields, streak):
            out[streak] = "0"

    count(f"{k}:p", f"{k}:w", f"{k}:s", f"{k}:bs")
    if result.ranked:
        out[f"{k}:rp"] = str(_int(fields, f"{k}:rp") + 1)
        out[f"{k}:rw"] = str(_int(fields, f"{k}:rw") + int(won))
        run = _int(fields, f"{k}:rs") + 1 if won else 0
        out[f"{k}:rs"] = str(run)
        if run > _int(fields, f"{k}:rbs"):
            out[f"{k}:rbs"] = str(run)
    key = best_key(result, player)
    if key is not None:
        old = fields.get(f"{k}:b")
        if old is None or key > BestResult.from_json(old).key:
            best = BestResult(
                result.game_id, won, player.score, result.moves, result.rounds, result.date, key
            )
            out[f"{k}:b"] = best.to_json()
    if result.ranked and result.solitaire:
        out |= _weekly(fields, result, won)
    out |= _par(fields, result)
    out |= calendar.updated(fields, result, player)
    if result.daily is not None and result.ranked:
        d = f"d:{k}:{result.variant}"
        last = _int(fields, f"{d}:last") or None
        if last is None or result.daily > last:
            run = next_day_streak(last, _int(fields, f"{d}:s"), result.daily)
            out[f"{d}:last"] = str(result.daily)
            out[f"{d}:s"] = str(run)
            if run > _int(fields, f"{d}:bs"):
                out[f"{d}:bs"] = str(run)
        day = day_streak_of(fields)
        if day is None or result.daily > day.last_day:
            last, run = (None, 0) if day is None else (day.last_day, day.streak)
            run = next_day_streak(last, run, result.daily)
            out["day:last"] = str(result.daily)
            out["day:s"] = str(run)
            out["day:bs"] = str(max(run, day.best if day is not None else 0))
    return out


def _par(fields: Mapping[str, str], result: GameResult) -> dict[str, str]:
    """A win of a deal with a par, played without a hint: its moves over par."""
    over, k = result.over_par, result.kind
    if over is None or result.used_hint:
        return {}
    out = {
        f"{k}:pw": str(_int(fields, f"{k}:pw") + 1),
        f"{k}:po": str(_int(fields, f"{k}:po") + over),
    }
    if f"{k}:pb" not in fields or over < _int(fields, f"{k}:pb"):
        out[f"{k}:pb"] = str(over)
    return out


def _weekly(fields: Mapping[str, str], result: GameResult, won: bool) -> dict[str, str]:
    """This week's counts after a ranked solitaire result (a new week starts them again; a
    result of an earlier week applied late changes nothing)."""
    k, week = result.kind, week_of(result.date)
    held = _int(fields, f"{k}:wk")
    if week < held:
        return {}
    wins, days = (_int(fields, f"{k}:ww"), _int(fields, f"{k}:wd")) if week == held else (0, 0)
    return {
        f"{k}:wk": str(week),
        f"{k}:ww": str(wins + int(won)),
        f"{k}:wd": str(days + int(won and result.daily is not None)),
    }


def weekly_values(fields: Mapping[str, str], kind: str) -> tuple[int, int, int]:
    """(week, ranked wins, days won) of a solitaire's weekly boards (week 0: none yet)."""
    return _int(fields, f"{kind}:wk"), _int(fields, f"{kind}:ww"), _int(fields, f"{kind}:wd")


def day_streak_of(fields: Mapping[str, str]) -> DayStreak | None:
    """The player's day streak over all the day's deals (None: no ranked deal of the day yet);
    from the per-deal fields when the map predates it."""
    if "day:last" in fields:
        return DayStreak(_int(fields, "day:last"), _int(fields, "day:s"), _int(fields, "day:bs"))
    per_deal = [
        DayStreak(_int(fields, k), _int(fields, k[:-5] + ":s"), _int(fields, k[:-5] + ":bs"))
        for k in fields
        if k.startswith("d:") and k.endswith(":last")
    ]
    if not per_deal:
        return None
    last = max(d.last_day for d in per_deal)
    return DayStreak(
        last,
        max(d.streak for d in per_deal if d.last_day == last),
        max(d.best for d in per_deal),
    )


def board_values(fields: Mapping[str, str], kind: str) -> tuple[int, int]:
    """(ranked wins, best ranked streak): the values on a solitaire's leaderboards."""
    return _int(fields, f"{kind}:rw"), _int(fields, f"{kind}:rbs")


@dataclass(frozen=True, slots=True)
class KindStats:
    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    ranked_played: int = 0
    ranked_won: int = 0
    ranked_streak: int = 0
    ranked_best_streak: int = 0
    best: BestResult | None = None
    par_won: int = 0  # wins of a deal with a par, without a hint
    over_par: int = 0  # their moves over par, added up
    best_over_par: int | None = None

    @property
    def mean_over_par(self) -> float | None:
        return self.over_par / self.par_won if self.par_won else None

    @property
    def win_rate(self) -> float:
        """Won / played (0.0 before the first game)."""
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True, slots=True)
class DayStreak:
    last_day: int
    streak: int
    best: int

    def now(self, today: int) -> int:
        """The run as it stands on `today`: it lives while the last day played is today or
        yesterday; a missed day ends it (0)."""
        return self.streak if self.last_day >= today - 1 else 0


@dataclass(frozen=True, slots=True)
class UserStats:
    name: str = ""
    hidden: bool = False
    kinds: dict[str, KindStats] = field(default_factory=dict)
    days: dict[str, DayStreak] = field(default_factory=dict)  # "kind:variant" → the day streak
    day: DayStreak | None = None  # the day streak over all the day's deals
    fields: Mapping[str, str] = field(default_factory=dict)  # as kept (badges, the calendar)
    tours: tuple[int, int] = (0, 0)  # tournaments played, won (bot.stats.tours)

    def of(self, kind: str) -> KindStats:
        return self.kinds.get(kind) or KindStats()

    @classmethod
    def from_fields(cls, fields: Mapping[str, str]) -> UserStats:
        kinds: dict[str, KindStats] = {}
        for k in {key.split(":", 1)[0] for key in fields if key.endswith(":p")} - {"d"}:
            best = fields.get(f"{k}:b")
            kinds[k] = KindStats(
                played=_int(fields, f"{k}:p"),
                won=_int(fields, f"{k}:w"),
                streak=_int(fields, f"{k}:s"),
                best_streak=_int(fields, f"{k}:bs"),
                ranked_played=_int(fields, f"{k}:rp"),
                ranked_won=_int(fields, f"{k}:rw"),
                ranked_streak=_int(fields, f"{k}:rs"),
                ranked_best_streak=_int(fields, f"{k}:rbs"),
                best=BestResult.from_json(best) if best else None,
                par_won=_int(fields, f"{k}:pw"),
                over_par=_int(fields, f"{k}:po"),
                best_over_par=_int(fields, f"{k}:pb") if f"{k}:pb" in fields else None,
            )
        days = {
            key[2:-5]: DayStreak(
                _int(fields, key), _int(fields, key[:-5] + ":s"), _int(fields, key[:-5] + ":bs")
            )
            for key in fields
            if key.startswith("d:") and key.endswith(":last")
        }
        return cls(
            name=fields.get("n", ""),
            hidden=fields.get("h") == "1",
            kinds=kinds,
            days=days,
            day=day_streak_of(fields),
            fields=dict(fields),
            tours=(_int(fields, "tour:n"), _int(fields, "tour:w")),
        )


def history_line(result: GameResult, player: PlayerResult, place: int) -> str:
    """One result as `player`'s history keeps it: a compact JSON array (see HistoryEntry)."""
    line = [
        result.game_id,
        result.kind,
        result.variant,
        player.outcome,
        player.score,
        place,
        len(result.players),
        result.moves,
        result.duration,
        int(result.finished_at),
        result.chat_id,
        result.daily,
        int(result.ranked),
        int(result.vs_computer),
    ]
    if result.tier or result.late:  # (older lines have neither)
        line += [result.tier, int(result.late)]
    return json.dumps(line, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One result as a player's history keeps it (their own line of it)."""

    game_id: str
    kind: str
    variant: str
    outcome: str
    score: int | None
    place: int
    players: int
    moves: int
    duration: int
    finished_at: int
    chat_id: int | None
    daily: int | None
    ranked: bool
    vs_computer: bool
    tier: str = ""
    late: bool = False

    @property
    def date(self) -> str:
        return utc_day(self.finished_at)

    @classmethod
    def from_json(cls, text: str | bytes) -> HistoryEntry:
        g, k, v, o, s, p, n, m, t, at, c, dy, r, ai, *more = json.loads(text)
        tier, late = (str(more[0] or ""), bool(more[1])) if len(more) >= 2 else ("", False)
        return cls(g, k, v, o, s, p, n, m, t, at, c, dy, bool(r), bool(ai), tier, late)
