"""Invite codes and deep links for group games (pure helpers; the Store keeps the codes).

A code is 16 characters of `secrets.token_urlsafe` (96 random bits, alphabet [A-Za-z0-9_-]), so
it is unguessable and safe in a `?start=` / `?startgroup=` payload (≤ 64 chars). The payload is
`j<code>`. A code maps in the Store to `{"gid": <game id>, "kind": ...}` with a TTL; a code that
is unknown or expired, or whose lobby has started, filled up or been cancelled, gets a friendly
answer (see `bot.games.table.lobbies.invite_problem`).
"""

from __future__ import annotations

import re
import secrets

CODE_BYTES = 12  # 12 bytes → 16 URL-safe characters
PREFIX = "j"
_CODE = re.compile(r"[A-Za-z0-9_-]{16}")


def new_code() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


def is_code(text: str) -> bool:
    return _CODE.fullmatch(text) is not None


def payload(code: str) -> str:
    """The deep-link payload for a code."""
    if not is_code(code):
        raise ValueError("not an invite code")
    return PREFIX + code


def parse_payload(text: str | None) -> str | None:
    """The code in a `/start` payload `j<code>`, or None when the payload is not an invite."""
    if not text or not text.startswith(PREFIX):
        return None
    code = text[len(PREFIX) :]
    return code if is_code(code) else None


def join_link(bot_username: str, code: str) -> str:
    """Opens the private chat with the bot and seats whoever opens it."""
    return f"https://t.me/{bot_username}?start={payload(code)}"


def group_link(bot_username: str, code: str) -> str:
    """Adds the bot to a group of the user's choice and opens the lobby there."""
    return f"https://t.me/{bot_username}?startgroup={payload(code)}"


# -- the deal of the day: `daily-<game>-<number>[-<tier>]` opens that day's deal of that game --
_DAILY = re.compile(r"daily-([a-z]{1,16})-([0-9]{1,6})(?:-([emh]))?")


def daily_payload(kind: str, day: int, tier: str = "") -> str:
    return f"daily-{kind}-{day}" + (f"-{tier}" if tier else "")


def parse_daily(text: str | None) -> tuple[str, int, str] | None:
    """(game, day number, tier or "") of a `daily-<game>-<n>[-<tier>]` payload; None for
    anything else (the game and the day are checked by the caller: the payload is whatever a
    link carried)."""
    m = _DAILY.fullmatch(text or "")
    return (m.group(1), int(m.group(2)), m.group(3) or "") if m else None


def message_link(chat_id: int, message_id: int) -> str | None:
    """A t.me link to a message of a supergroup (members open it in the app); None for a basic
    group or a private chat, whose messages have no link."""
    text = str(chat_id)
    if not text.startswith("-100"):
        return None
    return f"https://t.me/c/{text[4:]}/{message_id}"


# -- a tournament: `tour-<id>` joins whoever opens it (in the bot's private chat) --------------
_TOUR = re.compile(r"tour-([A-Za-z0-9]{6,16})")
_TOUR_ID = re.compile(r"[A-Za-z0-9]{6,16}")


def is_tour_id(text: str) -> bool:
    return _TOUR_ID.fullmatch(text) is not None


def tour_payload(tid: str) -> str:
    payload = f"tour-{tid}"
    if not _TOUR.fullmatch(payload):
        raise ValueError("not a tournament id")
    return payload


def parse_tour(text: str | None) -> str | None:
    """The tournament id of a `tour-<id>` payload; None for anything else."""
    m = _TOUR.fullmatch(text or "")
    return m.group(1) if m else None


def tour_link(bot_username: str, tid: str) -> str:
    """Opens the private chat with the bot, where whoever opens it joins the tournament."""
    return f"https://t.me/{bot_username}?start={tour_payload(tid)}"
