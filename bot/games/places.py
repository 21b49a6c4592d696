"""Where a game's messages are: a place is a value, and what differs between kinds of place
lives here, not in the publisher, the pings, the flood budget or the migration.

Four kinds:
- `ChatMessage`, a message in a chat — a private chat, a group, or a forum topic of a group
  (`thread`). It is edited by chat and message id, new messages may be posted beside it (a
  ping, a refusal), and every send or edit spends the chat's budget (a group's is shared);
- `InlineMessage`, a message posted through inline mode into any chat: edited by its
  `inline_message_id` only (the bot does not know the chat), nothing may be posted beside it,
  and its edits spend a budget of their own (`INLINE_EDITS_PER_MINUTE`);
- `EphemeralMessage`, a message in a group that one user alone sees (Bot API 10.2): edited by
  its own methods, its delivery not guaranteed (so a button always shows it again), and its
  writes spend the group's budget like any other write there;
- `SeatBoard`, one player's own copy of a table's board in their private chat (a quick match
  between strangers: no group, each plays in their own chat); the board as that seat sees it,
  and every copy is kept current (a private chat has no group's budget).

What a place offers:
- `lane` — the flood coalescer's lane: edits in one lane share the per-chat gap and budget;
- `key` — the message within its lane (the coalescer keeps the newest edit per key);
- `budget` — the budget its sends spend (`lane_budget`: a chat's, an inline message's own);
- `can_post` — whether new messages may be posted beside it;
- `edit(tg, screen)` — show `screen` there; the place it is shown in now (a message that was
  gone is sent anew), or None when the chat refuses the bot;
- `post(tg, text, markup, reply)` — a new message beside it;
- `moved_to(chat)` — the same place in a group that became a supergroup;
- `viewer` — whose screen it shows: None for everyone's (the board, a lobby), or a seat;
- `remember(meta)` — where the record keeps it (a message sent anew in its stead).
"""

from __future__ import annotations

import dataclasses
import hashlib
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
        """The chat's: a group's (about 20 a minute, shared by its messages) or a private
        chat's (about one a second)."""
        return self.chat

    can_post = True
    viewer = None

    def remember(self, meta: TableMeta) -> None:
        meta.board = stored(self)

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

    @property
    def link(self) -> str | None:
        """A t.me link that opens this message for the chat's members: a supergroup's messages
        have one (a basic group's and a private chat's do not)."""
        if self.message is None or self.chat > SUPERGROUP_IDS:
            return None
        return f"https://t.me/c/{-self.chat - 1_000_000_000_000}/{self.message}"

    def moved_to(self, chat: int) -> ChatMessage:
        """In the supergroup a group became (a basic group has no topics; no message yet)."""
        return ChatMessage(chat, None, self.thread, self.tag)


@dataclass(frozen=True, slots=True)
class InlineMessage:
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

    can_post = False
    viewer = None

    async def edit(
        self, tg: Messenger, screen: Screen, *, retry: bool = True
    ) -> InlineMessage | None:
        shown = await tg.edit_inline(self.inline, screen.text, screen.keyboard, retry=retry)
        return self if shown else None

    async def post(
        self, tg: Messenger, text: str, markup: Keyboard | None = None, *, reply: bool = False
    ) -> InlineMessage | None:
        return None  # an inline message's chat takes nothing from the bot

    @property
    def link(self) -> str | None:
        return None  # the bot never learns the chat an inline message is in


@dataclass(frozen=True, slots=True)
class EphemeralMessage:
    """A message in group `chat` that `user` alone sees (Bot API 10.2; `message` None: none
    sent yet). Its writes spend the group's budget, in the group's coalescer lane."""

    chat: int
    user: int
    message: int | None = None

    @property
    def lane(self) -> Hashable:
        return self.chat

    @property
    def key(self) -> Hashable:
        return ("ephemeral", self.user)

    @property
    def budget(self) -> int | None:
        return self.chat

    can_post = False
    viewer = None

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

    async def post(
        self, tg: Messenger, text: str, markup: Keyboard | None = None, *, reply: bool = False
    ) -> EphemeralMessage | None:
        return None

    @property
    def link(self) -> str | None:
        return None  # seen by one member only: no link leads to it


@dataclass(frozen=True, slots=True)
class SeatBoard:
    """Seat `seat`'s own copy of the board, in its player's private chat `chat` (`message`
    None: none sent yet). A quick match has one per person; each shows the table as that seat
    sees it, in that player's language."""

    chat: int
    seat: int
    message: int | None = None
    tag: str | None = None

    @property
    def lane(self) -> Hashable:
        return self.chat

    @property
    def key(self) -> Hashable:
        return ("seat", self.message, self.tag)

    @property
    def budget(self) -> int | None:
        """The private chat's (about one a second), as a ChatMessage's."""
        return self.chat

    can_post = True

    @property
    def viewer(self) -> int:
        return self.seat

    def remember(self, meta: TableMeta) -> None:
        if self.message is not None:
            meta.boards[self.seat] = (self.chat, self.message)

    async def edit(self, tg: Messenger, screen: Screen, *, retry: bool = True) -> SeatBoard | None:
        """Edited in place; one that is gone is sent anew (the Messenger's edit does)."""
        shown = await tg.edit(self.chat, self.message, screen.text, screen.keyboard, retry=retry)
        return None if shown is None else dataclasses.replace(self, message=shown)

    async def post(
        self, tg: Messenger, text: str, markup: Keyboard | None = None, *, reply: bool = False
    ) -> ChatMessage | None:
        reply_to = self.message if reply else None
        sent = await tg.send(self.chat, text, markup, reply_to=reply_to)
        return None if sent is None else ChatMessage(self.chat, sent)

    @property
    def link(self) -> str | None:
        return None  # a private chat's messages have no link


Place = ChatMessage | InlineMessage | EphemeralMessage | SeatBoard  # every kind of place

SUPERGROUP_IDS = -1_000_000_000_000  # a supergroup's chat id is -100… (at most this)

INLINE_BUDGETS = 1 << 61  # inline messages' budget keys: above every chat and user id


def inline_budget(inline: str) -> int:
    """The shared budget key of an inline message (the store counts budgets by integer)."""
    digest = hashlib.blake2b(inline.encode(), digest_size=7).digest()
    return INLINE_BUDGETS + int.from_bytes(digest, "big")


def lane_budget(lane: Hashable) -> int | None:
    """The budget of a coalescer lane (the place kinds' lanes are told apart here): a chat's
    (a group's below 0, a private chat's above) or an inline message's own (from
    `INLINE_BUDGETS` on); None for a lane of no place."""
    if isinstance(lane, tuple) and len(lane) == 2 and lane[0] == "inline":
        return inline_budget(str(lane[1]))
    return lane if isinstance(lane, int) and lane != 0 else None


def shared_budget(lane: Hashable) -> bool:
    """The lane's budget is shared by every process (a group's, an inline message's)."""
    key = lane_budget(lane)
    return key is not None and not 0 < key < INLINE_BUDGETS


def board(meta: TableMeta, tag: str | None = None) -> Place | None:
    """A table's one public message (the lobby, then the board), if it has been sent (`tag`:
    the game, for a message that shows games one after another)."""
    if meta.inline is not None:
        return InlineMessage(meta.inline, tag)
    if meta.board is None:
        return None
    chat, message = meta.board
    return ChatMessage(chat, message, meta.thread if chat == meta.group else None)


def boards(meta: TableMeta, tag: str | None = None) -> list[Place]:
    """Every copy of a table's board: the one public message (`board`), or each player's own
    in their private chat (a quick match)."""
    if meta.boards:
        return [
            SeatBoard(chat, seat, message or None, tag)
            for seat, (chat, message) in sorted(meta.boards.items())
        ]
    one = board(meta, tag)
    return [] if one is None else [one]


def home(meta: TableMeta) -> ChatMessage | None:
    """Where a table's public messages go: its group (and topic), None before it has one (or
    for a game in an inline message, whose chat takes nothing from the bot)."""
    if meta.group is None or meta.inline is not None:
        return None
    return ChatMessage(meta.group, None, meta.thread)


def hand(meta: TableMeta, seat: int) -> Place | None:
    """A player's own hand message: in their private chat, or shown to them alone in the
    group (an ephemeral message)."""
    if seat in meta.ephemeral and meta.group is not None:
        return EphemeralMessage(
            meta.group, meta.players[seat].user_id, meta.ephemeral[seat] or None
        )
    where = meta.hands.get(seat)
    return None if where is None else ChatMessage(*where)


def invite(meta: TableMeta) -> Place | None:
    """The creator's private invite message."""
    return None if meta.invite is None else ChatMessage(*meta.invite)


def stored(place: ChatMessage) -> tuple[int, int] | None:
    """The place as the record keeps it ((chat, message); a place with no message: None)."""
    return None if place.message is None else (place.chat, place.message)
