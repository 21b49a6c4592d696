"""Moved to `bot.wire.deeplinks` (kept while other branches of work still import it here)."""

from bot.wire.deeplinks import *  # noqa: F403
