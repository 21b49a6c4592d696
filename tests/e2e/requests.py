"""What the bot asked of the emulator, read the way the e2e tests and the pace benchmark need it:
the game version a keyboard carries, and the requests, writes and 429s of one chat."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.wire.callbacks import GameCallback, parse
from tests.e2e.emulator import Emulator, RequestLog
from tests.support.recording import TgMessage

# the requests that put a message in a chat or change one (what a group's budget counts; an
# ephemeral message, shown to one member, is a sendMessage too)
WRITES = (
    "sendMessage",
    "editMessageText",
    "editMessageReplyMarkup",
    "editEphemeralMessageText",
    "editEphemeralMessageReplyMarkup",
)


def data_version(data: Iterable[str]) -> int:
    """The game version that game buttons' callback data carry (-1 without any)."""
    versions = [c.version for c in map(parse, data) if isinstance(c, GameCallback)]
    return max(versions, default=-1)


def version_of(msg: TgMessage) -> int:
    """The game version a message's buttons carry (-1 without game buttons)."""
    return data_version(msg.callback_data())


def keyboard_version(params: dict[str, Any]) -> int:
    """The game version a request's keyboard carries (-1 without game buttons)."""
    rows = (params.get("reply_markup") or {}).get("inline_keyboard") or []
    return data_version(str(b.get("callback_data", "")) for row in rows for b in row)


def chat_requests(emu: Emulator, chat_id: int, since: int = 0) -> list[RequestLog]:
    """Every request about one chat from `since` (an index into `emu.requests`) on."""
    return [r for r in emu.requests[since:] if r.params.get("chat_id") == chat_id]


def chat_writes(emu: Emulator, chat_id: int, since: int = 0) -> list[RequestLog]:
    """The sends and edits that reached one chat, in order."""
    return [r for r in chat_requests(emu, chat_id, since) if r.status == 200 and r.method in WRITES]


def refused_in(emu: Emulator, chat_id: int, since: int = 0) -> list[str]:
    """The requests about one chat that met a 429, as log lines."""
    return [r.line() for r in chat_requests(emu, chat_id, since) if r.status == 429]
