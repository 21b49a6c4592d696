"""The games the bot offers, declared once: what the rest of `bot/` needs to know of each.

Every layer reads a game's capabilities here instead of comparing its name (in the spirit of
OpenSpiel's `GameType` and boardgame.io's game object): its family (a solitaire in a private
chat, or a table for 2+ seats), seats, hidden hands or perfect information, lobby settings
with their defaults, one or two taps a move, whether results are rated and how they rank, a
solitaire's variants, scoring and deal of the day, its icon, where its screens are, its locale
texts. A game's own rules stay in its modules: the
engine (`rules/<game>.py`), the computer player, the renderer (`bot/render/<game>.py`).

This module sits low in `bot/` (it imports `rules`, and `bot.i18n` for a game that brings its
own texts), so storage, statistics, renderers, services and handlers may all read it. A game's
screens are named by module path and imported on first use (`bot.games.screens`), as
`rules.registry` does for the computer players.

Each game registers itself, `register(GameSpec(...))`, from a module of its own: the built-in
games from `bot/specs/<game>.py` (listed in `bot.specs.BUILT_IN`, loaded when this module is
imported), an operator's from the modules named by `EXTRA_GAMES` (`load`, at start-up; the
tests' toy games, `tests.toy` and `tests.toy.ladder_spec`, are such modules). A new game is its
engine, its computer player, its renderer, its locale file and its registration.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Literal

from rules.protocol import GameModule
from rules.views import View

Family = Literal["solitaire", "table"]
# how the players who did not win rank among themselves: by a higher or a lower score
Ranking = Literal["higher", "lower"]
Settings = Mapping[str, int | None]
Options = dict[str, int | bool | None]  # a game's `new_game` options (rules API.md)


@dataclass(frozen=True, slots=True)
class Setting:
    """A lobby setting the creator steps through with one button (`name` is its button's
    action and its key in `TableMeta.settings`). `default` None: chosen by `auto` from the
    number of seats, until the creator picks a value."""

    name: str
    values: tuple[int, ...]
    default: int | None
    auto: Callable[[int], int] | None = None
    variant: bool = False  # the results of a game record it as their variant (`GameResult`)

    def value(self, settings: Settings, seats: int) -> int:
        """The value the game will use: the creator's choice, else the default or `auto`."""
        chosen = settings.get(self.name, self.default)
        if chosen is not None:
            return chosen
        if self.auto is None:
            raise ValueError(f"setting {self.name!r} has neither a default nor auto")
        return self.auto(seats)

    def next(self, settings: Settings, seats: int) -> int:
        """The value after the one in use (a tap on its button)."""
        values = self.values
        current = self.value(settings, seats)
        return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


def _no_options(settings: Settings, seats: int) -> Options:
    return {}


@dataclass(frozen=True, slots=True)
class Scoring:
    """A solitaire's results: the cards of a deal (`total(variant)`), the cards a result brought
    home (`home(score, total)`), what makes one result better than another (`best(won, score,
    rounds, moves)`, a larger key is better), the view's key that counts rounds, and how a lost
    result is told (`lost`: by the cards it brought home, or, for a game with no home, by the
    cards still out)."""

    total: Callable[[str], int]
    home: Callable[[int, int], int]
    best: Callable[[bool, int, int, int], tuple[int, ...]]
    rounds: str
    lost: Literal["home", "left"] = "home"


@dataclass(frozen=True, slots=True)
class ShortDaily:
    """A solitaire whose deal of the day is chosen short (`bot.stats.daily_short`): from deal of
    the day `first_day` on, of `candidates` deals derived from the day, the one the game's
    computer player wins in the fewest moves (a game longer than `move_cap` moves counts as
    not won; none won: the first candidate). Earlier days keep the seed they were played with,
    so their boards, results and replays keep their meaning."""

    first_day: int
    candidates: int = 20
    move_cap: int = 3000


Spare = tuple[int, int]  # a graded deal kept in a game's declaration: (seed, par)


@dataclass(frozen=True, slots=True)
class DailyTiers:
    """Three deals of the day, Easy, Medium and Hard, each proved winnable and graded
    (`bot.stats.daily_tiers`), from deal of the day `first_day` on, in the game's default
    variant (the one /daily offers). Of `candidates` deals derived from the day, those the
    solver proves won (`WinnableDaily.decide` positions) are graded by the computer player's
    win rate over `playouts` seeded playouts in which it slips — plays a random legal move
    instead of its own — with chance `slip` at each move (a count and fixed seeds: every
    process agrees): the highest rate is Easy, the lowest Hard, the one nearest halfway
    between them Medium. `spares`: graded deals (Easy, Medium, Hard) kept in the declaration,
    what a day not chosen yet is dealt at once (`bot.games.solitaire.days_ahead`)."""

    first_day: int
    candidates: int = 8
    playouts: int = 16
    slip: float = 0.5
    move_cap: int = 3000  # a playout longer than this counts as lost
    spares: tuple[tuple[Spare, Spare, Spare], ...] = ()


@dataclass(frozen=True, slots=True)
class WinnableDaily:
    """A solitaire whose deal of the day is proved winnable (`bot.stats.daily_winnable`, issue
    34): from deal of the day `first_day` on, the first of the day's candidate deals that the
    game's solver (`rules.solve`) proves won within `decide` positions, and its par: the
    shortest of that line, the computer player's and one a search of `par` positions more
    finds. Budgets count positions, never time, so every process and machine agrees on the
    deal and its par.
    Earlier days keep the deals they were played with."""

    first_day: int
    decide: int
    par: int
    candidates: int = 40
    tiers: DailyTiers | None = None  # from its first day on, three graded deals a day


@dataclass(frozen=True, slots=True)
class SolverBudgets:
    """A solitaire whose 💡 answers from its solver (`rules.solve`, `bot.games.solitaire.hints`):
    the positions one hint may search, and one walk back from a lost position in all."""

    hint: int
    walk: int


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game as the bot sees it. `screens` is the module of its renderer:
    - a solitaire's defines `render(view, ctx: SoloCtx) -> Screen`;
    - a table game's defines `render(view, ctx: TableCtx)` (the board in a group) and may
      define `render_private(view, ctx)` (the one message of a game against the computer in a
      private chat; default `render`) and, with hidden hands, `render_hand(view, ctx)` (a
      player's own hand, in their private chat)."""

    kind: str
    family: Family
    game: GameModule  # the rules (an entry like those of `rules.GAMES`)
    icon: str
    screens: str
    hidden_hands: bool = False  # each seat's cards are shown to that player alone
    taps: Literal[1, 2] = 1  # a move is one tap, or a pick then a target (`TableMeta.pick`)
    rated: bool = True  # table games: results change the ratings
    inline: bool = False  # a two-seat table game offered in inline mode (played in any chat)
    ranking: Ranking = "lower"
    settings: tuple[Setting, ...] = ()
    options: Callable[[Settings, int], Options] = _no_options  # → `new_game` options
    variants: Mapping[str, Options] = field(default_factory=dict)  # solitaires
    default_variant: str = ""
    scoring: Scoring | None = None  # solitaires
    short_daily: ShortDaily | None = None  # solitaires: the deal of the day chosen short
    winnable_daily: WinnableDaily | None = None  # solitaires: ... proved winnable, with a par
    solver: SolverBudgets | None = None  # solitaires whose hints come from a solver
    illegal: Callable[[View], str] | None = None  # the refusal of an illegal move
    locales: Path | None = None  # a folder of `<lang>.ftl` files (a game outside `bot/locales`)

    @property
    def seats(self) -> tuple[int, int]:
        return self.game.PLAYERS

    @property
    def solitaire(self) -> bool:
        return self.family == "solitaire"

    @property
    def title_key(self) -> str:
        """The locale key of the game's name."""
        return f"game-{self.kind}" if self.solitaire else f"grp-game-{self.kind}"

    def setting(self, name: str) -> Setting | None:
        return next((s for s in self.settings if s.name == name), None)

    def settings_of(self, stored: Settings) -> dict[str, int | None]:
        """Every setting of the game with the stored choice or its default."""
        return {s.name: stored.get(s.name, s.default) for s in self.settings}

    def refusal(self, view: View) -> str:
        """What an illegal move is answered with."""
        return self.illegal(view) if self.illegal is not None else "grp-illegal"


_GAMES: dict[str, GameSpec] = {}
GAMES: Mapping[str, GameSpec] = MappingProxyType(_GAMES)
# kind → the module `load` was importing when it registered the kind, and the spec it registered
_LOADED: dict[str, tuple[str, GameSpec]] = {}
_loading: list[str] = []  # the modules `load` is importing (the innermost last)


def register(spec: GameSpec) -> GameSpec:
    """Offer a game (once per kind; a second registration of the same kind replaces it). A
    spec that cannot work is refused here, at start-up, with `ValueError`: inline play for a
    game that is not a two-seat table with open hands; solver budgets or a winnable deal of the
    day for a game whose rules have no solver (`rules.registry.Game.solver`)."""
    if spec.inline and (spec.family != "table" or spec.hidden_hands or spec.seats[1] != 2):
        # an inline message is one board everyone in the chat sees, for two players
        raise ValueError(f"{spec.kind}: inline play needs a two-seat table game, hands open")
    if (spec.solver or spec.winnable_daily) and spec.game.solver is None:
        # its hints and its deal of the day would ask `rules.solve` for a solver it lacks
        raise ValueError(f"{spec.kind}: hints from a solver or a winnable daily need a solver")
    _GAMES[spec.kind] = spec
    if _loading:
        _LOADED[spec.kind] = (_loading[-1], spec)
    if spec.locales is not None:
        from bot import i18n  # i18n sits beside this module; importing here keeps it optional

        i18n.extend(spec.locales)
    return spec


def unregister(kind: str) -> None:
    """Withdraw a game (tests that register one of their own)."""
    _GAMES.pop(kind, None)


def spec(kind: str) -> GameSpec:
    """The game `kind` (KeyError for a game the bot does not offer: a bug, never user input)."""
    return _GAMES[kind]


def is_solitaire(kind: str) -> bool:
    found = _GAMES.get(kind)
    return found is not None and found.solitaire


def kinds(family: Family) -> tuple[str, ...]:
    """The games of `family`, in the order they were registered (menus, boards, stats)."""
    return tuple(k for k, s in _GAMES.items() if s.family == family)


def load(modules: Iterable[str]) -> None:
    """Import each of `modules` (a module path), which registers its games itself: the
    built-in games (`bot.specs.BUILT_IN`, loaded when this module is imported) and an
    operator's (`EXTRA_GAMES`, loaded at start-up). Loading a module twice is harmless: Python
    imports it once, and registering a kind again replaces it. A name that is not a module
    raises `ModuleNotFoundError`."""
    for name in modules:
        _loading.append(name)
        try:
            importlib.import_module(name)
        finally:
            _loading.pop()


def loaded_by(kind: str) -> str | None:
    """The module whose loading (`load`) registered game `kind` as it is offered now: another
    process that loads the same module offers the same game (the pool of search workers);
    None for a game registered otherwise (at run time, as the tests offer their toys)."""
    found = _LOADED.get(kind)
    return found[0] if found is not None and found[1] is _GAMES.get(kind) else None


# the built-in games, by name: this module sits below their registrations and never imports
# them (docs/architecture.md, "Layers"); every process that imports this module offers them
BUILT_IN: tuple[str, ...] = tuple(importlib.import_module("bot.specs").BUILT_IN)
load(BUILT_IN)
