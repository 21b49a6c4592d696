"""Badges (pure): what a player earns, each by a rule stated on a screen (`badge-<id>` and
`badge-<id>-rule` in the locales; a first win's `badge-first`, `badge-first-rule` name the game).

A badge lives in the player's statistics (bot.stats.stats) as the field `bg:<id>`: the UTC day
it was earned, or `~<day>` for one the statistics already deserved when badges were first
looked at (a player's history before them). `bg` marks statistics whose history was looked
at. A finished game's badges are decided with the rest of what it writes
(bot.stats.game_end.plan) and written in the player's one atomic, once-only group: a badge is
earned once, whatever retries, replicas or crashes do; those it earned are announced once
(bot.storage.result_writes queues them, bot.games.badge_news sends them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from bot.registry import kinds
from bot.stats import calendar
from bot.stats.result import GameResult, PlayerResult
from bot.stats.stats import day_streak_of

Fields = Mapping[str, str]
SEEN = "bg"  # the statistics' history was looked at for badges
QUICK_SECONDS = 300


def _int(fields: Fields, key: str) -> int:
    value = fields.get(key)
    return int(value) if value and value.lstrip("-").isdigit() else 0


def _games(fields: Fields, part: str) -> int:
    return sum(_int(fields, f"{k}:{part}") for k in (*kinds("solitaire"), *kinds("table")))


def _best_over_par(fields: Fields) -> int | None:
    found = [_int(fields, f"{k}:pb") for k in kinds("solitaire") if f"{k}:pb" in fields]
    return min(found) if found else None


def _day_best(fields: Fields) -> int:
    streak = day_streak_of(fields)
    return streak.best if streak is not None else 0


@dataclass(frozen=True, slots=True)
class Game:
    """A finished game as a badge's rule sees it: the result, the player's part, and the
    player's statistics with it counted."""

    result: GameResult
    player: PlayerResult
    fields: Fields

    @property
    def won(self) -> bool:
        return self.player.won

    @property
    def no_hint(self) -> bool:
        return not self.result.used_hint


FieldRule = Callable[[Fields], bool]  # holds of statistics alone (history before badges too)
GameRule = Callable[[Game], bool]  # holds of a game just counted


@dataclass(frozen=True, slots=True)
class Badge:
    id: str
    icon: str
    stats: FieldRule | None = None  # a rule the statistics alone decide
    game: GameRule | None = None  # a rule about the game that earns it
    kind: str = ""  # a first win's game

    def holds(self, game: Game) -> bool:
        if self.stats is not None and self.stats(game.fields):
            return True
        return self.game is not None and self.game(game)

    @property
    def key(self) -> str:
        """Its texts: `badge-<key>`, `badge-<key>-rule` (a first win's name its game)."""
        return "first" if self.kind else self.id


def _first(kind: str) -> Badge:
    return Badge(f"first-{kind}", "🥇", stats=lambda f: _int(f, f"{kind}:w") > 0, kind=kind)


def _over(limit: int) -> FieldRule:
    return lambda f: (best := _best_over_par(f)) is not None and best <= limit


def _solitaire_win(game: Game) -> bool:
    return game.result.solitaire and game.won


def _daily_on_time(game: Game) -> bool:
    return game.result.daily is not None and not game.result.late


def catalogue() -> list[Badge]:
    """Every badge, in the order the screens list them (a first win per game offered)."""
    firsts = [_first(k) for k in (*kinds("solitaire"), *kinds("table"))]
    return [
        *firsts,
        Badge("clean", "🧼", game=lambda g: _solitaire_win(g) and not g.result.used_undo
              and g.no_hint),
        Badge("par", "⛳", stats=_over(0)),
        Badge("under", "🏌️", stats=_over(-1)),
        Badge("hard", "🔴", game=lambda g: g.won and g.result.tier == "h" and g.no_hint),
        Badge("tiers", "🚦", game=lambda g: _daily_on_time(g) and calendar.all_tiers_won(
            g.fields, g.result.kind, g.result.daily or 0)),
        Badge("quick", "⚡", game=lambda g: g.result.daily is not None and g.won
              and g.result.duration < QUICK_SECONDS),
        Badge("late", "⏪", game=lambda g: g.result.late and g.won),
        Badge("days7", "📅", stats=lambda f: _day_best(f) >= 7),
        Badge("days30", "🗓", stats=lambda f: _day_best(f) >= 30),
        Badge("month", "🌕", game=lambda g: _daily_on_time(g) and calendar.whole_month(
            g.fields, kinds("solitaire"), g.result.daily or 0)),
        Badge("streak5", "🔥", stats=lambda f: any(
            _int(f, f"{k}:bs") >= 5 for k in (*kinds("solitaire"), *kinds("table")))),
        Badge("wins10", "🏅", stats=lambda f: _games(f, "w") >= 10),
        Badge("wins100", "🏆", stats=lambda f: _games(f, "w") >= 100),
        Badge("games100", "🎴", stats=lambda f: _games(f, "p") >= 100),
        Badge("crowd", "👥", game=lambda g: not g.result.solitaire and g.won
              and len(g.result.players) >= 3),
        Badge("robot", "🤖", game=lambda g: not g.result.solitaire and g.won
              and g.result.vs_computer),
    ]  # fmt: skip


def by_id(badge_id: str) -> Badge | None:
    return next((b for b in catalogue() if b.id == badge_id), None)


def field(badge_id: str) -> str:
    return f"{SEEN}:{badge_id}"


def deserved(fields: Fields, day: str) -> dict[str, str]:
    """What statistics never looked at for badges already deserve (their history before
    badges): each such badge, dated `~day`, and the mark that they were looked at; {} for
    statistics looked at before."""
    if SEEN in fields:
        return {}
    out = {
        field(b.id): f"~{day}"
        for b in catalogue()
        if b.stats is not None and field(b.id) not in fields and b.stats(fields)
    }
    return {**out, SEEN: "1"}


def earned(
    read: Fields, changed: Fields, result: GameResult, player: PlayerResult
) -> tuple[dict[str, str], list[str]]:
    """The badge fields a counted game writes (`read` the statistics as read, `changed` what
    the game changes in them) and the badges to announce: those earned by this game, not
    those the player's history before badges already deserved (written quietly)."""
    quiet = deserved(read, result.date)
    after = {**read, **quiet, **changed}
    game = Game(result, player, after)
    new = [b.id for b in catalogue() if field(b.id) not in after and b.holds(game)]
    return {**quiet, **{field(i): result.date for i in new}}, new


def news_item(badge_id: str, lang: str) -> str:
    """A badge waiting to be announced, with the language the game that earned it was played
    in (the player's chat hears it in theirs)."""
    return f"{badge_id}@{lang}" if lang else badge_id


def of_news(item: str) -> tuple[str, str]:
    """(badge id, language or "") of a badge waiting to be announced."""
    badge_id, _, lang = item.partition("@")
    return badge_id, lang


@dataclass(frozen=True, slots=True)
class Earned:
    """A badge a player holds: the day (`early`: the history before badges earned it, by
    that day)."""

    badge: Badge
    day: str
    early: bool


def held(fields: Fields) -> list[Earned]:
    """The badges of these statistics, in the catalogue's order (with what their history
    before badges deserves, if never looked at)."""
    have = {**fields, **deserved(fields, "")}
    out = []
    for b in catalogue():
        value = have.get(field(b.id))
        if value is not None:
            out.append(Earned(b, value.lstrip("~"), value.startswith("~")))
    return out
