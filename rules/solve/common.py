"""What every solver shares: the `Solution` it returns and the `Budget` of positions it may
expand (a count, never time: the same call gives the same answer on every machine)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

WON = "won"
LOST = "lost"
UNDECIDED = "undecided"
VERDICTS = (WON, LOST, UNDECIDED)


@dataclass(frozen=True, slots=True)
class Solution:
    """A solver's answer for one position.

    `verdict`: "won" (`moves` is a winning line from the position: applying each move with the
    engine ends in status "won"), "lost" (proved: every position reachable was searched and
    none wins; `moves` is empty) or "undecided" (the budget ran out first; `moves` is empty).
    `nodes`: the positions expanded. `minimal`: the line is a proved shortest one.
    """

    verdict: str
    moves: tuple[str, ...] = ()
    nodes: int = 0
    minimal: bool = False

    def as_dict(self) -> dict[str, object]:
        """JSON-able: verdict, moves (a list), nodes, minimal."""
        return {
            "verdict": self.verdict,
            "moves": list(self.moves),
            "nodes": self.nodes,
            "minimal": self.minimal,
        }

    @property
    def winnable(self) -> bool | None:
        """True, False or None (undecided)."""
        return {WON: True, LOST: False}.get(self.verdict)


class OutOfBudget(Exception):
    """Raised inside a search when its budget of positions is spent."""


Stop = Callable[[], bool]
STOP_EVERY = 256  # positions between two calls of a `stop` hook


class Solver(Protocol):
    """A game's solver module (`rules.solve.<game>`, found through the game's entry in
    `rules.GAMES`, `rules.registry.Game.solver`): `solve` as `rules.solve.solve` describes it,
    on a state of its own game."""

    def solve(
        self, state: Any, budget_nodes: int, shortest: bool = ..., *, stop: Stop | None = ...
    ) -> Solution: ...


class Budget:
    """A count of positions: `spend()` raises `OutOfBudget` once `limit` are spent, or when
    the caller's `stop` hook (asked every `STOP_EVERY` positions) says so. The library never
    passes a hook of its own: only a caller with a wall-clock cap (`rules.solve.timed`) does,
    and its answers then depend on time, as it means them to."""

    __slots__ = ("_next", "limit", "stop", "used")

    def __init__(self, limit: int, stop: Stop | None = None) -> None:
        if limit < 0:
            raise ValueError("solve: the budget is a count of positions, at least 0")
        self.limit = limit
        self.used = 0
        self.stop = stop
        self._next = STOP_EVERY

    def spend(self, n: int = 1) -> None:
        if self.used + n > self.limit:
            self.used = self.limit
            raise OutOfBudget
        self.used += n
        if self.stop is not None and self.used >= self._next:
            self._next = self.used + STOP_EVERY
            if self.stop():
                raise OutOfBudget

    @property
    def left(self) -> int:
        return self.limit - self.used
