"""`rules.GAMES`: one typed entry per game, its engine plus its computer player and its
solver, and `register`, which adds one (the engines of `rules/` are found and registered by
`rules/__init__.py`; a game outside `rules` may register its own entry).

An entry forwards the API of `../shared/rules/API.md` (`NAME`, `PLAYERS`, `new_game`,
`legal_moves`, `apply`, `status`, `to_json`, `from_json`, `view`; and `turn`, `over`) to its
engine module, bound once so a call costs what a call of the module's own function costs.
Its `suggest` imports the computer player (`rules.ai.<name>`, or the module named for a game
outside `rules`) on first use (then keeps it), so importing the rules (an engine, or `rules`
itself) never loads a computer player: the engines do not depend on them, the computer players
depend on the engines. `suggest` forwards the computer's `level` ("easy" | "normal" |
"strong", default "strong"; the list is `rules.ai.LEVELS`, which this module cannot import
without loading `rules.ai`). `solver` is the game's solver module (`rules.solve.<name>` when
there is one, or the module named for a game outside `rules`), imported on first use too:
`rules.solve` finds a game's solver there, never in a list of names.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, cast

from rules.protocol import Engine, GameModule

if TYPE_CHECKING:
    from rules.solve.common import Solver

Suggest = Callable[[Any, int, int | None, str], str]


class Game:
    """One game of `rules.GAMES` (a `rules.protocol.GameModule`)."""

    __slots__ = (
        "NAME",
        "PLAYERS",
        "_ai",
        "_solver",
        "_solver_found",
        "_solver_name",
        "_suggest",
        "apply",
        "engine",
        "from_json",
        "legal_moves",
        "new_game",
        "over",
        "status",
        "to_json",
        "turn",
        "view",
    )

    def __init__(self, engine: Engine, ai: str | None = None, solver: str | None = None) -> None:
        self.engine = engine  # the engine module, for its extras (`kosa.awaiting_fill`, …)
        self.NAME = engine.NAME
        self.PLAYERS = engine.PLAYERS
        self.new_game = engine.new_game
        self.legal_moves = engine.legal_moves
        self.apply = engine.apply
        self.status = engine.status
        # an engine that does not say whose turn it is, or whether it is over, is asked its
        # public view and status (the four games here say it directly: cheaper)
        self.turn: Callable[[Any], int | None] = getattr(engine, "turn", None) or self._turn
        self.over: Callable[[Any], bool] = getattr(engine, "over", None) or self._over
        self.to_json = engine.to_json
        self.from_json = engine.from_json
        self.view = engine.view
        self._ai = ai or f"rules.ai.{engine.NAME}"  # a game outside `rules` names its own
        self._suggest: Suggest | None = None
        # the solver: the module named, else `rules.solve.<name>` if it exists (looked up once)
        self._solver_name = solver
        self._solver: Solver | None = None
        self._solver_found = False

    def suggest(
        self, state: Any, player: int = 0, seed: int | None = None, level: str = "strong"
    ) -> str:
        """The computer player's move for `player` at `level` (`rules.ai.<name>.suggest`; the
        names are `rules.ai.LEVELS`, another raises `ValueError`): legal, and the same for the
        same state, seed and level on every machine."""
        fn = self._suggest
        if fn is None:
            fn = self._suggest = importlib.import_module(self._ai).suggest
        return fn(state, player, seed, level)

    @property
    def solver(self) -> Solver | None:
        """The game's solver (`solve(state, budget_nodes, shortest, stop) -> Solution`, see
        `rules.solve`), imported on first use; None for a game without one."""
        if not self._solver_found:
            name = self._solver_name or f"rules.solve.{self.NAME}"
            if self._solver_name is not None or importlib.util.find_spec(name) is not None:
                self._solver = cast("Solver", importlib.import_module(name))
            self._solver_found = True
        return self._solver

    def _over(self, state: Any) -> bool:
        return self.status(state).over

    def _turn(self, state: Any) -> int | None:
        if self.status(state).over:
            return None
        turn = self.view(state, -1).get("turn", 0)
        if turn is None or isinstance(turn, int):
            return turn
        raise TypeError(f"{self.NAME}: the view's turn is {turn!r}, not a seat")

    def __repr__(self) -> str:
        return f"<rules game {self.NAME!r}>"


_GAMES: dict[str, GameModule] = {}
GAMES: Mapping[str, GameModule] = MappingProxyType(_GAMES)


def register(game: GameModule) -> GameModule:
    """Add `game` to `rules.GAMES` under its `NAME` (again: it replaces the entry)."""
    _GAMES[game.NAME] = game
    return game


def unregister(name: str) -> None:
    """Withdraw the game `name` (a test's game of its own)."""
    _GAMES.pop(name, None)
