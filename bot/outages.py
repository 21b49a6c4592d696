"""The two ways the world outside says "not now", shared by the layers that meet them.

`RetryLater` is Telegram's flood control for one chat (the Messenger raises it, the services
and the edit coalescer `bot.wire.flood` wait it out); `StoreUnavailable` is the store out of
reach (the store raises it, the services and the coalescer's shared budget answer it). They sit
at the bottom of `bot/`, beside the settings, so that each is one class that every layer may
raise and catch without importing a layer above it (`bot.games.ports` and `bot.storage` name
them too).
"""

from __future__ import annotations


class RetryLater(Exception):
    """Telegram's flood control: nothing may be sent to this chat for `seconds`."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self.seconds = seconds


class StoreUnavailable(Exception):
    """The store cannot be reached right now; nothing was changed by the failed call (or it is
    unknown whether a write landed: the caller tells the user to try again)."""
