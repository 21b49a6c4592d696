"""The shapes of the game modules (for type checkers and documentation).

`Engine` is what each engine module (`rules/<game>.py`) provides; `GameModule` is an entry of
`rules.GAMES`: an engine plus the computer player's `suggest` (see `rules.registry`; `level` is
one of `rules.ai.LEVELS`) and the game's solver, if it has one (`rules.solve`).
States are engine-specific (`Any` here). `view` returns a `rules.views.View`: each engine's
own `TypedDict` (`rules/<game>_view.py`) is one, and so is the plain dict of a game outside
`rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from rules.status import Status
from rules.views import View

if TYPE_CHECKING:
    from rules.solve.common import Solver


class Engine(Protocol):
    NAME: str
    PLAYERS: tuple[int, int]  # (min, max) seats

    def new_game(
        self,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        deck: list[str] | None = None,
    ) -> Any: ...

    def legal_moves(self, state: Any, player: int = 0) -> list[str]: ...

    def apply(self, state: Any, move: str, player: int = 0) -> Any: ...

    def status(self, state: Any) -> Status: ...

    def to_json(self, state: Any) -> str: ...

    def from_json(self, text: str) -> Any: ...

    def view(self, state: Any, player: int) -> View: ...


class GameModule(Engine, Protocol):
    def turn(self, state: Any) -> int | None:
        """The seat to move (a solitaire: 0), None once the game is over (an engine may define
        it; else `rules.registry.Game` reads the public view)."""
        ...

    def over(self, state: Any) -> bool: ...

    def suggest(
        self, state: Any, player: int = 0, seed: int | None = None, level: str = "strong"
    ) -> str: ...

    @property
    def solver(self) -> Solver | None:
        """The game's solver module (`rules.solve`), None for a game without one."""
        ...
