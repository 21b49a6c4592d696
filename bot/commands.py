"""The bot's command menus, one per scope and language (setMyCommands), and the commands that
answer only in a private chat.

Telegram shows a user the first list that is set among: in a private chat, AllPrivateChats; in
a group, AllChatAdministrators (admins only), then AllGroupChats; then Default (each first in
the user's language, then without one). So each scope lists only what answers there: a group's
menu has no /daily or /settings, and /language (the group's language, chosen by its admins) is
on the admins' menu only. A private-only command typed in a group anyway answers with a button
that opens the private chat on the same screen (`private_link`, `opened_by`).
"""

from __future__ import annotations

import re
from typing import Literal

from aiogram import F
from aiogram.filters import CommandStart

from bot.wire import deeplinks

Scope = Literal["private", "group", "admins"]

# command → the locale key of its description; the order is the menu's
MENUS: dict[Scope, dict[str, str]] = {
    "private": {
        "start": "cmd-start",
        "help": "cmd-help",
        "rules": "cmd-rules",
        "newgame": "cmd-newgame",
        "daily": "cmd-daily",
        "stats": "cmd-stats",
        "top": "cmd-top",
        "settings": "cmd-settings",
        "language": "cmd-language",
    },
    "group": {
        "newgame": "cmd-newgame",
        "tournament": "cmd-tournament",
        "top": "cmd-group-top",
        "stats": "cmd-group-stats",
        "rules": "cmd-rules",
        "help": "cmd-help",
    },
}
MENUS["admins"] = {**MENUS["group"], "language": "cmd-group-language"}

# commands that answer in a private chat only → the ?start= payload that opens their screen
# there (no payload starts with deeplinks.PREFIX: those are invites)
PRIVATE_ONLY: dict[str, str] = {"daily": "daily", "settings": "settings", "menu": "menu"}

_PAYLOAD = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what Telegram allows in ?start=
assert all(
    _PAYLOAD.fullmatch(p) and not p.startswith(deeplinks.PREFIX) for p in PRIVATE_ONLY.values()
)


def private_link(bot_username: str, command: str) -> str:
    """Opens the private chat with the bot, which answers as if `command` was typed there."""
    return f"https://t.me/{bot_username}?start={PRIVATE_ONLY[command]}"


def opened_by(command: str) -> CommandStart:
    """The `/start <payload>` that `private_link(…, command)` sends in the private chat."""
    return CommandStart(deep_link=True, magic=F.args == PRIVATE_ONLY[command])
