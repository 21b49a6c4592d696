"""Where a game's messages are. A place is a value of one of the kinds below; what differs between
kinds lives in the kind (the members of `Place`), and the publisher, the pings and the migration
ask the place, never its type. A new kind (a tournament's standings, a spectator's view) is one
class here; the publisher shows a table at it (`Publisher.publish`) as at any other.

- `ChatMessage`: a table's own message in a chat — the lobby, then the board — in a group, a
  forum topic (`thread`) or the private chat of a game against the computer; or a plain message
  the bot posts there. Edited by id, a gone one sent anew, messages posted beside it;
- `InlineMessage`: posted through inline mode into a chat the bot does not know: edited by its
  `inline_message_id` only, nothing posted beside it, its edits on a budget of their own;
- `EphemeralMessage`: a hand shown in a group to its player alone (Bot API 10.2): sent anew
  when gone (its delivery is not guaranteed), its writes in the group's lane and budget;
- `SeatBoard`: a player's own copy of a table's board in their private chat (a quick match);
- `PrivateHand`: a player's hand in their private chat (a game with hidden hands);
- `Invite`: the creator's invite message in their private chat (a lobby with no group yet).

Where a table's places are is read from its record by `bot.games.table.where`.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import ClassVar, Protocol, Self

from bot.games.lanes import inline_budget
from bot.games.ports import Messenger
from bot.render.screen import Screen
from bot.storage.record import TableMeta
from bot.wire.keyboard import Keyboard

Pinged = tuple[int, int]  # a ping as the pings keep it: (chat, message; negative: ephemeral)


class Flood(enum.Enum):
    """The edit coalescers a place's edits may go through (`Publisher.coalescer`)."""

    GROUP = "group"  # a group's: about 20 writes a minute, shared by every process
    INLINE = "inline"  # inline messages': a budget of their own, shared too
    PRIVATE = "private"  # private chats': about one a second, kept by the process


class Place(Protocol):
    """What every kind of place offers."""

    @property
    def lane(self) -> Hashable: ...  # the edit coalescer's lane: its edits share one pace
    @property
    def key(self) -> Hashable: ...  # the message in its lane (the newest edit per key goes)
    @property
    def budget(self) -> int | None: ...  # the budget its writes spend (`lanes.lane_budget`)
    @property
    def flood(self) -> Flood: ...  # the coalescer its edits go through
    @property
    def viewer(self) -> int | None: ...  # whose screen: None everyone's (a board), or a seat
    @property
    def can_post(self) -> bool: ...  # new messages may be posted into its chat beside it
    @property
    def moves_with(self) -> int | None: ...  # the group whose upgrade moves it (ChatMoved)
    @property
    def link(self) -> str | None: ...  # a t.me link that opens it, where one exists
    @property
    def shown_on(self) -> Hashable | None:
        """The message it shares with other screens shown there in turn (a private chat's: a
        tap's menu or waiting screen, a game's board, the next game's): the newest asked for
        wins, an older one still waiting is dropped (`EditCoalescer.submit(message=)`)."""

    async def edit(self, tg: Messenger, screen: Screen, *, retry: bool = True) -> Place | None:
        """Show `screen` there: the place that shows it now (a gone message sent anew where
        the kind can), or None when the chat refuses the bot."""

    async def post(
        self, tg: Messenger, text: str, markup: Keyboard | None = None, *, reply: bool = False
    ) -> Place | None:
        """A new message beside it (None where nothing may be posted)."""

    async def ping(self, tg: Messenger, text: str, markup: Keyboard | None) -> Pinged | None:
        """A turn ping beside it, as the pings keep it (`pinged` reads it back)."""

    async def delete(self, tg: Messenger) -> None: ...

    async def retire(self, tg: Messenger, text: str | None = None) -> None:
        """Its buttons taken away (and its text replaced): an old board or hand."""

    def remember(self, meta: TableMeta) -> list[Place] | None:
        """Keep it where the record keeps this kind (a message sent anew in its stead): the
        places it displaced, which must go; None when the record has no room for it now."""


@dataclass(frozen=True, slots=True)
class _InChat:
    """What the kinds of message in a chat the bot writes to share (`message` None: none sent
    yet): edited by chat and message id, a gone one sent anew (the Messenger's edit does), new
    messages posted beside it, its writes on its chat's budget."""

    chat: int
    message: int | None = None

    @property
    def lane(self) -> Hashable:
        return self.chat

    @property
    def budget(self) -> int | None:
        """The chat's: a group's (about 20 a minute, shared by its messages) or a private
        chat's (about one a second)."""
        return self.chat

    @property
    def flood(self) -> Flood:
        return Flood.GROUP if self.chat < 0 else Flood.PRIVATE

    can_post: ClassVar[bool] = True

    @property
    def viewer(self) -> int | None:
        return None

    @property
    def moves_with(self) -> int | None:
        return None

    @property
    def link(self) -> str | None:
        return None  # a private chat's messages have no link

    @property
    def topic(self) -> int | None:
        """The forum topic it is in (None: none)."""
        return None

    @property
    def shown_on(self) -> Hashable | None:  # a private chat's message (`Place.shown_on`)
        return self.message if self.chat > 0 else None

    def remember(self, meta: TableMeta) -> list[Place] | None:
        if self.message is None:
            return None
        self._keep(meta, (self.chat, self.message))
        return []

    def _keep(self, meta: TableMeta, where: tuple[int, int]) -> None:
        raise NotImplementedError  # each kind keeps it in its own field of the record

    async def edit(self, tg: Messenger, screen: Screen, *, retry: bool = True) -> Self | None:
        shown = await tg.edit(
            self.chat, self.message, screen.text, screen.keyboard, retry=retry, thread=self.topic
        )
        return None if shown is None else dataclasses.replace(self, message=shown)

    async def post(
        self, tg: Messenger, text: str, markup: Keyboard | None = None, *, reply: bool = False
    ) -> ChatMessage | None:
        """A new message in this chat (and topic), a reply to this one when `reply`."""
        reply_to = self.message if reply else None
        sent = await tg.send(self.chat, text, markup, reply_to=reply_to, thread=self.topic)
        return None if sent is None else ChatMessage(self.chat, sent, self.topic)

    async def ping(self, tg: Messenger, text: str, markup: Keyboard | None) -> Pinged | None:
        """A reply to it (or, none sent yet, a message in its chat)."""
        sent = await self.post(tg, text, markup, reply=True)
        return None if sent is None or sent.message is None else (sent.chat, sent.message)

    async def delete(self, tg: Messenger) -> None:
        if self.message is not None:
            await tg.delete(self.chat, self.message)

    async def retire(self, tg: Messenger, text: str | None = None) -> None:
        if self.message is not None:
            await tg.retire(self.chat, self.message, text)


@dataclass(frozen=True, slots=True)
class ChatMessage(_InChat):
    """A table's message in a chat (`thread`: a forum topic), or a plain one the bot posts;
    `tag` tells apart games shown one after another on one message."""

    thread: int | None = None
    tag: str | None = None

    @property
    def key(self) -> Hashable:
        return self.message if self.tag is None else (self.message, self.tag)

    @property
    def topic(self) -> int | None:
        return self.thread

    @property
    def moves_with(self) -> int | None:
        return self.chat  # a group that becomes a supergroup takes its messages along

    @property
    def link(self) -> str | None:
        """A t.me link that opens this message for the chat's members: a supergroup's messages
        have one (a basic group's and a private chat's do not)."""
        if self.message is None or self.chat > SUPERGROUP_IDS:
            return None
        return f"https://t.me/c/{-self.chat - 1_000_000_000_000}/{self.message}"

    def _keep(self, meta: TableMeta, where: tuple[int, int]) -> None:
        meta.board = where

    def moved_to(self, chat: int) -> ChatMessage:
        """In the supergroup a group became (a basic group has no topics; no message yet)."""
        return ChatMessage(chat, None, self.thread, self.tag)


@dataclass(frozen=True, slots=True)
class SeatBoard(_InChat):
    """Seat `seat`'s own copy of the board, in its player's private chat `chat`. A quick match
    has one per person; each shows the table as that seat sees it, in that player's language."""

    seat: int = field(kw_only=True)
    tag: str | None = None

    @property
    def key(self) -> Hashable:
        return ("seat", self.message, self.tag)

    @property
    def viewer(self) -> int:
        return self.seat

    def _keep(self, meta: TableMeta, where: tuple[int, int]) -> None:
        if self.seat in meta.boards:  # (none for a player who left the table)
            meta.boards[self.seat] = where


@dataclass(frozen=True, slots=True)
class PrivateHand(_InChat):
    """Seat `seat`'s hand (a game with hidden hands) in its player's private chat `chat`."""

    seat: int = field(kw_only=True)

    @property
    def key(self) -> Hashable:
        return self.message

    def _keep(self, meta: TableMeta, where: tuple[int, int]) -> None:
        meta.hands[self.seat] = where


@dataclass(frozen=True, slots=True)
class Invite(_InChat):
    """The creator's invite message in their private chat (a lobby with no group yet)."""

    @property
    def key(self) -> Hashable:
        return ("invite", self.message)

    def _keep(self, meta: TableMeta, where: tuple[int, int]) -> None:
        meta.invite = where


class _Apart:
    """What the kinds beside which the bot posts nothing share."""

    __slots__ = ()
    viewer: ClassVar[int | None] = None
    can_post: ClassVar[bool] = False
    moves_with: ClassVar[int | None] = None
    link: ClassVar[str | None] = None  # no link leads to it (or the bot does not know it)
    shown_on: ClassVar[Hashable | None] = None  # its screens are its own

    async def post(
        self, tg: Messenger, text: str, markup: Keyboard | None = None, *, reply: bool = False
    ) -> Place | None:
        return None


@dataclass(frozen=True, slots=True)
class InlineMessage(_Apart):
    """A message posted through inline mode (`inline_message_id`), in a chat the bot may not
    even be in. `tag` tells apart games shown one after another on it (a rematch)."""

    inline: str
    tag: str | None = None

    @property
    def lane(self) -> Hashable:
        return ("inline", self.inline)

    @property
    def key(self) -> Hashable:
        return (self.inline, self.tag)

    @property
    def budget(self) -> int | None:
        return inline_budget(self.inline)

    flood: ClassVar[Flood] = Flood.INLINE

    async def edit(
        self, tg: Messenger, screen: Screen, *, retry: bool = True
    ) -> InlineMessage | None:
        shown = await tg.edit_inline(self.inline, screen.text, screen.keyboard, retry=retry)
        return self if shown else None

    async def ping(self, tg: Messenger, text: str, markup: Keyboard | None) -> Pinged | None:
        return None  # the board in the message says whose turn it is

    async def delete(self, tg: Messenger) -> None:
        return None  # an inline message stays (the bot may only edit it)

    async def retire(self, tg: Messenger, text: str | None = None) -> None:
        return None

    def remember(self, meta: TableMeta) -> list[Place] | None:
        return []  # its id never changes


@dataclass(frozen=True, slots=True)
class EphemeralMessage(_Apart):
    """A message in group `chat` that `user` alone sees (Bot API 10.2; `message` None: none
    sent yet): seat `seat`'s hand. Its writes spend the group's budget, in the group's
    coalescer lane."""

    chat: int
    user: int
    message: int | None = None
    seat: int = -1

    @property
    def lane(self) -> Hashable:
        return self.chat

    @property
    def key(self) -> Hashable:
        return ("ephemeral", self.user)

    @property
    def budget(self) -> int | None:
        return self.chat

    flood: ClassVar[Flood] = Flood.GROUP

    async def edit(
        self, tg: Messenger, screen: Screen, *, retry: bool = True
    ) -> EphemeralMessage | None:
        """Edited in place; one that is gone (expired, deleted, never sent) is sent anew."""
        if self.message is not None:
            shown = await tg.edit_ephemeral(
                self.chat, self.user, self.message, screen.text, screen.keyboard, retry=retry
            )
            if shown:
                return self
        sent = await tg.send_ephemeral(
            self.chat, self.user, screen.text, screen.keyboard, retry=retry
        )
        return None if sent is None else dataclasses.replace(self, message=sent)

    async def ping(self, tg: Messenger, text: str, markup: Keyboard | None) -> Pinged | None:
        """Shown to the player alone in the group, as the hand is."""
        shown = await tg.send_ephemeral(self.chat, self.user, text)
        return None if shown is None else (self.chat, -shown)

    async def delete(self, tg: Messenger) -> None:
        if self.message:
            await tg.delete_ephemeral(self.chat, self.user, self.message)

    async def retire(self, tg: Messenger, text: str | None = None) -> None:
        await self.delete(tg)  # it cannot be edited into a note: it goes

    def remember(self, meta: TableMeta) -> list[Place] | None:
        """One hand per player: one sent meanwhile by another edit goes."""
        if self.seat not in meta.ephemeral or self.message is None:
            return None  # the hand is no longer shown in the group
        before = meta.ephemeral[self.seat]
        meta.ephemeral[self.seat] = self.message
        gone = bool(before) and before != self.message
        return [dataclasses.replace(self, message=before)] if gone else []


SUPERGROUP_IDS = -1_000_000_000_000  # a supergroup's chat id is -100… (at most this)


def pinged(where: Pinged, user: int) -> Place:
    """A ping as `Place.ping` gave it (to `user`), to delete it."""
    chat, message = where
    if message < 0:  # shown in a group to the user alone
        return EphemeralMessage(chat, user, -message)
    return ChatMessage(chat, message)
