"""The one refusal convention of every service: something a user asked for that the game does
not allow, raised as `Refused` and answered once where the tap (or message) is answered.

Whether it is a toast (gone by itself) or an alert the player dismisses lives here, with the
refusal: routine refusals are toasts; what needs reading (open the private chat first, the chat
is busy, an invite that is gone, a move that is not allowed) is an alert. `url`: a refusal
that is best answered by opening a link (the bot's private chat) where Telegram allows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import Arg

TOASTS = frozenset(
    {
        "grp-not-your-turn",
        "grp-not-seated",
        "grp-stale",
        "grp-game-over",
        "grp-illegal",
        "grp-rematch-busy",
        "ry-hand-private",
        "inline-ai-theirs",
        "inline-started",
        "ry-must-match",
        "pq-pick-first",
        "pq-no-cell",
        "lobby-already",
        "lobby-joined",
        "lobby-left",
        "lobby-full",
        "lobby-gone",
        "lobby-not-seated",
        "lobby-too-few",
        "lobby-no-settings",
        "lobby-no-computer",
        "lobby-only-creator-starts",
        "lobby-only-creator-settings",
        "lobby-only-creator-cancels",
        # solitaires
        "error-not-yours",
        "error-over",
        "error-stale",
        "error-busy",
        "no-targets",
        "no-hint",
        "no-undo",
    }
)


class Refused(Exception):
    """A user-caused refusal: `key` is the locale message to show, `args` its arguments. Never
    an error of the bot: it is answered, not logged."""

    def __init__(
        self, key: str, *, alert: bool | None = None, url: str | None = None, **args: Arg
    ) -> None:
        super().__init__(key)
        self.key = key
        self.alert = key not in TOASTS if alert is None else alert
        self.url = url
        self.args_ = args


@dataclass(frozen=True, slots=True)
class Notice:
    """Not a refusal: what a tap that did its work is answered with (a locale key, or a `text`
    a renderer made)."""

    key: str
    alert: bool = False
    text: str | None = None
