"""The one refusal type: something a user asked for that the game does not allow."""

from __future__ import annotations

from typing import Any


class Refused(Exception):
    """A user-caused refusal: `key` is the locale message to show (an alert, a toast or a reply),
    `args` its arguments. Never an error of the bot: it is answered, not logged."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args
