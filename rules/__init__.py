"""Pure rules of the four games. No I/O, no asyncio, no Telegram.

`GAMES[kind]` exposes the interface of `../shared/rules/API.md` — `new_game`, `legal_moves`,
`apply`, `status`, `to_json`, `from_json`, `view` — plus `suggest`, the computer player;
`suggest(kind, state, player, seed, level)` is the same as
`GAMES[kind].suggest(state, player, seed, level)`; `level` is one of `rules.ai.LEVELS`
("easy", "normal", "strong"; default "strong", the full player).

Layout (dependencies point one way only): the engines `kosa`, `raspad`, `ryadki`, `parquet`
(with `cards`, `rng`, `options`, `status`, `errors`, `events`); the computer players
`rules.ai.<game>`, which use the engines' public names only and are imported on the first
`suggest` (see `rules.registry`); importing an engine never loads one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import kosa, parquet, raspad, ryadki
from rules.errors import IllegalMove
from rules.protocol import GameModule
from rules.registry import Game
from rules.status import Status

# the one list of the games; the others derive from it
GAMES: Mapping[str, GameModule] = {
    "kosa": Game(kosa),
    "raspad": Game(raspad),
    "ryadki": Game(ryadki),
    "parquet": Game(parquet),
}

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
