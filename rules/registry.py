"""`rules.GAMES`: one typed entry per game, its engine plus its computer player.

An entry forwards the API of `../shared/rules/API.md` (`NAME`, `PLAYERS`, `new_game`,
`legal_moves`, `apply`, `status`, `to_json`, `from_json`, `view`; and `turn`, `over`) to its
engine module, bound once so a call costs what a call of the module's own function costs.
Its `suggest` imports the computer player (`rules.ai.<name>`, or the module named for a game
outside `rules`) on first use (then keeps it), so importing the rules (an engine, or `rules`
itself) never loads a computer player: the engines do not depend on them, the computer players
depend on the engines. `suggest` forwards the computer's `level` ("easy" | "normal" |
"strong", default "strong"; the list is `rules.ai.LEVELS`, which this module cannot import
without loading `rules.ai`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from rules.protocol import Engine

Suggest = Callable[[Any, int, int | None, str], str]


class Game:
    """One game of `rules.GAMES` (a `rules.protocol.GameModule`)."""

    __slots__ = (
        "NAME",
        "PLAYERS",
        "_ai",
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

    def __init__(self, engine: Engine, ai: str | None = None) -> None:
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
