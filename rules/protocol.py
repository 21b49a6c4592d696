"""The shape every game module has (for type checkers and documentation)."""

from __future__ import annotations

from typing import Any, Protocol

from rules.status import Status


class GameModule(Protocol):
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

    def view(self, state: Any, player: int) -> dict[str, Any]: ...

    def suggest(self, state: Any, player: int = 0, seed: int | None = None) -> str: ...
