"""Where a game's messages are: a place is a value, and what differs between kinds of place
lives here, not in the publisher, the pings, the flood budget or the migration.

Today one kind: `ChatMessage`, a message in a chat — a private chat, a group, or a forum topic
of a group (`thread`). It is edited by chat and message id, new messages may be posted beside it
(a ping, a refusal), and in a group every send or edit spends the group's shared budget. Kinds
to come plug in beside it with the same few members: an inline message (edited by
`inline_message_id`, no chat id, nothing may be posted beside it, a budget of its own) and a
message shown to one user in a group (Bot API 10.2 ephemeral messages: edited by its own
methods, delivery not guaranteed).

What a place offers:
- `lane` — the flood coalescer's lane: edits in one lane share the per-chat gap and budget;
- `key` — the message within its lane (the coalescer keeps the newest edit per key);
- `budget` — the shared (cross-process) budget its sends spend, or None;
- `can_post` — whether new messages may be posted beside it;
- `edit(tg, screen)` — show `screen` there; the place it is shown in now (a message that was
  gone is sent anew), or None when the chat refuses the bot;
- `post(tg, text, markup, reply)` — a new message beside it;
- `moved_to(chat)` — the same place in a group that became a supergroup.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from dataclasses import dataclass

from bot.games.ports import Messenger
from bot.render.screen import Screen
from bot.storage.record import TableMeta
from bot.wire.keyboard import Keyboard


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """A message in a chat (`message` None: none sent yet; `thread`: a forum topic)."""

    chat: int
    message: int | None = None
    thread: int | None = None
    tag: str | None = None  # tells apart games shown one after another on one message

    @property
    def lane(self) -> Hashable:
        return self.chat

    @property
    def key(self) -> Hashable:
        return self.message if self.tag is None else (self.message, self.tag)

    @property
    def budget(self) -> int | None:
        """A group's messages share its budget (about 20 a minute); a private chat has none."""
        return self.chat if self.chat < 0 else None

    can_post = True

    async def edit(
        self, tg: Messenger, screen: Screen, *, retry: bool = True
    ) -> ChatMessage | None:
        shown = await tg.edit(
            self.chat, self.message, screen.text, screen.keyboard, retry=retry, thread=self.thread
        )
        return None if shown is None else dataclasses.replace(self, message=shown)

    async def post(
        self, tg: Messenger, text: str, markup: Keyboard | None = None, *, reply: bool = False
    ) -> ChatMessage | None:
        """A new message in this chat (and topic), a reply to this one when `reply`."""
        reply_to = self.message if reply else None
        sent = await tg.send(self.chat, text, markup, reply_to=reply_to, thread=self.thread)
        return None if sent is None else dataclasses.replace(self, message=sent)

    def moved_to(self, chat: int) -> ChatMessage:
        """In the supergroup a group became (a basic group has no topics; no message yet)."""
        return ChatMessage(chat, None, self.thread, self.tag)


Place = ChatMessage  # every kind of place (a union once there are more)


def lane_budget(lane: Hashable) -> int | None:
    """The shared budget of a coalescer lane (the place kinds' lanes are told apart here)."""
    return lane if isinstance(lane, int) and lane < 0 else None


def board(meta: TableMeta) -> Place | None:
    """A table's one public message (the lobby, then the board), if it has been sent."""
    if meta.board is None:
        return None
    chat, message = meta.board
    return ChatMessage(chat, message, meta.thread if chat == meta.group else None)


def home(meta: TableMeta) -> Place | None:
    """Where a table's public messages go: its group (and topic), None before it has one."""
    return None if meta.group is None else ChatMessage(meta.group, None, meta.thread)


def hand(meta: TableMeta, seat: int) -> Place | None:
    """A player's own hand message (a private chat)."""
    where = meta.hands.get(seat)
    return None if where is None else ChatMessage(*where)


def invite(meta: TableMeta) -> Place | None:
    """The creator's private invite message."""
    return None if meta.invite is None else ChatMessage(*meta.invite)


def stored(place: Place) -> tuple[int, int] | None:
    """The place as the record keeps it ((chat, message); a place with no message: None)."""
    return None if place.message is None else (place.chat, place.message)
