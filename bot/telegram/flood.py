"""Moved to `bot.wire.flood` (kept while other branches of work still import it here)."""

from bot.wire.flood import *  # noqa: F403
