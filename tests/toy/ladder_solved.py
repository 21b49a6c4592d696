"""The toy solitaire Ladder with a solver of its own (`ladder_spec.solved()`), as a module of
EXTRA_GAMES registers a game: its rules in `rules.GAMES` (where `rules.solve` finds a solver)
and its spec, when it is imported (`EXTRA_GAMES=tests.toy.ladder_solved`). The tests import it
only in the bot processes they start, or through `bot.registry.load`."""

from __future__ import annotations

from bot.registry import register
from rules import registry as rules_registry
from tests.toy import ladder_spec

rules_registry.register(ladder_spec.SOLVED)
register(ladder_spec.solved())
