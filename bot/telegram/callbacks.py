"""Moved to `bot.wire.callbacks` (kept while other branches of work still import it here)."""

from bot.wire.callbacks import *  # noqa: F403
