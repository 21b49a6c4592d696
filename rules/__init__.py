"""Pure rules of the card games. No I/O, no asyncio, no Telegram.

`GAMES[kind]` exposes the interface of `../shared/rules/API.md` — `new_game`, `legal_moves`,
`apply`, `status`, `to_json`, `from_json`, `view` — plus `suggest`, the computer player, and
`solver`, the game's solver if it has one (`rules.solve`); `suggest(kind, state, player, seed,
level)` is the same as `GAMES[kind].suggest(state, player, seed, level)`; `level` is one of
`rules.ai.LEVELS` ("easy", "normal", "strong"; default "strong", the full player).

The engines are found by their names, never listed: an engine is a module `rules/<name>.py`
whose `NAME` is its own module name (its companions are `rules/<name>_*.py`; the shared
modules — `cards`, `rng`, `options`, `status`, `errors`, `events`, `views`, … — have no
`NAME`). Its computer player is `rules.ai.<name>` and its solver, if any, `rules.solve.<name>`
(see `rules.registry`), imported on first use: importing an engine never loads either, and
the computer players and solvers depend on the engines, never the reverse.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from rules.errors import IllegalMove
from rules.protocol import GameModule
from rules.registry import GAMES, Game, register
from rules.status import Status


def _engines() -> list[Any]:
    """The engine modules of this package (sorted by name): `rules/<name>.py` with `NAME ==
    <name>` (a module without an underscore in its name and no subpackage)."""
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.ispkg or "_" in info.name:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        if getattr(module, "NAME", None) == info.name and hasattr(module, "PLAYERS"):
            found.append(module)
    return found


for _engine in _engines():
    register(Game(_engine))

SOLITAIRES = tuple(kind for kind, game in GAMES.items() if game.PLAYERS[1] == 1)  # one seat
GROUP_GAMES = tuple(kind for kind, game in GAMES.items() if game.PLAYERS[1] > 1)


def suggest(
    kind: str, state: Any, player: int = 0, seed: int | None = None, level: str = "strong"
) -> str:
    """The computer player's move in game `kind` at `level` (`GAMES[kind].suggest`)."""
    return GAMES[kind].suggest(state, player, seed, level)


__all__ = [
    "GAMES",
    "GROUP_GAMES",
    "SOLITAIRES",
    "GameModule",
    "IllegalMove",
    "Status",
    "suggest",
]
