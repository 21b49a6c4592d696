"""Pure rules of the four games. No I/O, no asyncio, no Telegram.

Every game module exposes the interface of `../shared/rules/API.md`:
`new_game`, `legal_moves`, `apply`, `status`, `to_json`, `from_json`, `view`, `suggest`.
"""

from types import ModuleType

from rules import kosa, parquet, raspad, ryadki
from rules.errors import IllegalMove
from rules.status import Status

GAMES: dict[str, ModuleType] = {
    "parquet": parquet,
    "ryadki": ryadki,
    "kosa": kosa,
    "raspad": raspad,
}

SOLITAIRES = ("kosa", "raspad")
GROUP_GAMES = ("ryadki", "parquet")

__all__ = ["GAMES", "GROUP_GAMES", "SOLITAIRES", "IllegalMove", "Status"]
