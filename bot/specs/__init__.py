"""The built-in games: one registration module a game (`bot/specs/<game>.py`, its own
`register(GameSpec(...))`), and `BUILT_IN`, the list of them in the order the menus, boards and
/stats show them. A new built-in game is its own files and one line here.

`bot.registry` loads these modules when it is imported (every process offers them), by name
(`bot.registry.load`): the registry, below them, never imports them. An operator's own games
come the same way from the modules named by `EXTRA_GAMES` (loaded at start-up).
"""

from __future__ import annotations

BUILT_IN = (
    "bot.specs.kosa",
    "bot.specs.raspad",
    "bot.specs.ryadki",
    "bot.specs.parquet",
)
