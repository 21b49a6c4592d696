"""Moved to `bot.wire.keyboard` (kept while other branches of work still import it here)."""

from bot.wire.keyboard import *  # noqa: F403
