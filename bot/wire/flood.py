"""Per-chat edit coalescer: a group stays under its flood limit and always ends up current.

A lane is whatever shares one budget: a chat (`bot.games.places` says which lane a place is
in); `chat_id` below names it.

Telegram allows about 20 messages (edits included) a minute in a group. Every board update goes
through `EditCoalescer.submit(chat_id, key, version, send)`:
- when the chat is under its budget the edit is sent at once (awaited by the caller), so a play
  lands in the group immediately;
- otherwise the edit waits; newer submissions for the same message (`key`) replace the waiting
  one (a lower `version` never replaces a higher one), so a burst collapses into one edit of the
  latest state, sent as soon as the budget allows;
- `RetryLater` (Telegram's RetryAfter) from the send pauses every edit to that chat for the
  time Telegram asks (one back-off per chat), then the latest waiting edit is sent; an edit is
  retried until it goes through, for up to `give_up` seconds (10 minutes), then logged;
- `submit` never waits for a paused chat: the caller (a tap being answered) goes on at once;
- an edit sent later than submitted (it waited for the budget or a pause, or is retried after
  a RetryAfter) runs with `HELD` set: its screen may be older than what another process showed
  meanwhile, so its sender checks that it is still the newest (the stored version) first;
- one message may show screens of several keys in turn (a private chat's message: a menu, a
  game's board, the next game's board): `submit(..., message=)` names it, and a submission
  drops the edits of that message still waiting under other keys (asked before it: the newest
  screen wins, a superseded one is never sent); the newest is the one asked last (`ASKED`:
  the tap whose handler submits it, in the order the taps came), so a screen computed late for
  an earlier tap (a hint's board after its search) never replaces one the player asked for
  since (the menu tapped meanwhile): it is dropped;
- `serial`: one send on its way per chat (a private chat's edits may go back to back, and an
  older edit refused with a 429 must not come back over a newer one sent meanwhile).
The budget: at most `per_minute` sends in any `window` seconds, and at least `min_gap` seconds
between two sends to one chat. The clock and the sleep are injectable so tests control time.

The budget is kept per process and, with `shared`, also in the store for every process behind
one token (the shared budget is asked right before each send).
When a group is upgraded to a supergroup (a new chat id) `move_chat` drops the edits waiting
for the old chat (its messages can no longer be edited; the game is shown afresh in the new
chat) and carries its recent sends over to the new chat's budget.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import itertools
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field

from bot.outages import RetryLater, StoreUnavailable

log = logging.getLogger(__name__)

Send = Callable[[], Awaitable[object]]
Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]
Shared = Callable[[Hashable], Awaitable[float]]

sleep: Sleep = asyncio.sleep  # the coalescers' default, replaced in tests

# set while a coalescer's send runs: its budget was taken already
# (bot.telegram.budget_middleware)
PREPAID: contextvars.ContextVar[bool] = contextvars.ContextVar("flood_prepaid", default=False)
# set while a coalescer sends an edit it held back (not at once, inside `submit`)
HELD: contextvars.ContextVar[bool] = contextvars.ContextVar("flood_held", default=False)
# set while a coalescer sends an edit: it went through one already (bot.telegram.messenger)
SENDING: contextvars.ContextVar[bool] = contextvars.ContextVar("flood_sending", default=False)
# the order in which the screens a handler submits were asked for: set (`ask()`) when its tap
# came, by bot.telegram.middlewares.CallbackMiddleware; a screen submitted outside a tap is
# asked when it is submitted
ASKED: contextvars.ContextVar[int | None] = contextvars.ContextVar("flood_asked", default=None)
_asks = itertools.count(1)


def ask() -> int:
    """A mark later than every one before: when a tap came (`ASKED`)."""
    return next(_asks)


MAX_CHATS = 10_000  # chats remembered before the idle ones are forgotten
GIVE_UP_SECONDS = 600.0  # an edit Telegram keeps refusing with RetryAfter is retried this long
FLUSH_WAIT = 2.0  # at shutdown, a RetryAfter this short is waited for once
ASKED_KEPT = 16  # messages of a chat whose newest screen's `ASKED` is remembered


@dataclass
class _Chat:
    sent: deque[float] = field(default_factory=deque)
    pending: dict[Hashable, tuple[int, Send]] = field(default_factory=dict)
    shown: dict[Hashable, int] = field(default_factory=dict)
    blocked_until: float = 0.0
    worker: asyncio.Task[None] | None = None
    refused_since: float | None = None  # RetryAfter answered every send since then
    limited: bool = True  # the per-minute budget and the gap apply (a group); else 429s only
    on: dict[Hashable, Hashable] = field(default_factory=dict)  # waiting key → its message
    asked: dict[Hashable, int] = field(default_factory=dict)  # message → its newest screen's ASKED
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # `serial`: the send on its way


class EditCoalescer:
    def __init__(
        self,
        per_minute: int = 20,
        *,
        window: float = 60.0,
        min_gap: float = 1.0,
        clock: Clock = time.monotonic,
        sleep: Sleep | None = None,
        give_up: float = GIVE_UP_SECONDS,
        shared: Shared | None = None,
        limited: Callable[[Hashable], bool] = lambda chat_id: True,
        serial: bool = False,
    ) -> None:
        if per_minute < 1:
            raise ValueError("per_minute must be at least 1")
        self.per_minute = per_minute
        self.window = window
        self.min_gap = min_gap
        self.clock = clock
        self.sleep = sleep
        self.give_up = give_up
        self.shared = shared  # a budget every process shares (seconds to wait, 0: go)
        self.limited = limited  # which chats the per-minute budget and the gap apply to
        self.serial = serial  # one send on its way per chat
        self._chats: dict[Hashable, _Chat] = {}

    # -- public --------------------------------------------------------------------------------
    async def submit(
        self,
        chat_id: Hashable,
        key: Hashable,
        version: int,
        send: Send,
        *,
        message: Hashable | None = None,
        ordered: bool = True,
    ) -> None:
        """Show `send`'s edit now if the budget allows, else as soon as it does (latest wins).
        `message`: the message it shows on, when other keys show screens on it too (their
        edits still waiting were asked before this one: they are dropped). `ordered=False`: a
        game's state, shown whatever tap asked for it last (a table's board: its version says
        which is newest; a computer's move made in the task of an older tap still shows)."""
        chat = self._chats.get(chat_id)
        if chat is None:
            if len(self._chats) >= MAX_CHATS:
                self._forget_idle()
            chat = self._chats[chat_id] = _Chat(limited=self.limited(chat_id))
        if version < chat.shown.get(key, -1):
            return  # something newer is already on screen
        waiting = chat.pending.get(key)
        if waiting is not None and waiting[0] > version:
            return
        if message is not None:
            if ordered and not self._newest(chat, message):
                return  # asked before a screen the player asked for since
            self._supersede(chat, key, message)
            chat.on[key] = message
        chat.pending[key] = (version, send)
        if not self.serial:
            await self._go(chat_id, chat, key)
            return
        async with chat.lock:
            await self._go(chat_id, chat, key)

    async def _go(self, chat_id: Hashable, chat: _Chat, key: Hashable) -> None:
        """The edit at once if it still waits and the chat has room; else the chat's worker
        sends it when the budget allows."""
        if key in chat.pending and chat.worker is None and self._delay(chat) <= 0:
            await self._send_one(chat_id, chat, key, held=False)
        if chat.pending and chat.worker is None:
            chat.worker = asyncio.create_task(self._drain(chat_id, chat))

    @staticmethod
    def _newest(chat: _Chat, message: Hashable) -> bool:
        """Whether a screen of `message` being submitted now was asked for no earlier than the
        last one submitted for it (`ASKED`); it is then the message's newest."""
        asked = ASKED.get()
        if asked is None:
            asked = ask()  # (asked now)
        if asked < chat.asked.get(message, 0):
            return False
        chat.asked[message] = asked
        if len(chat.asked) > ASKED_KEPT:
            del chat.asked[min(chat.asked, key=chat.asked.__getitem__)]
        return True

    @staticmethod
    def _supersede(chat: _Chat, key: Hashable, message: Hashable) -> None:
        """Drop the edits of `message` waiting under other keys than `key` (counted as shown:
        an older version of theirs is not shown after this)."""
        for other in [k for k, m in chat.on.items() if m == message and k != key]:
            del chat.on[other]
            if (waiting := chat.pending.pop(other, None)) is not None:
                chat.shown[other] = max(waiting[0], chat.shown.get(other, -1))

    def is_pending(self, chat_id: Hashable, key: Hashable) -> bool:
        """An edit of this message is waiting for the budget."""
        chat = self._chats.get(chat_id)
        return chat is not None and key in chat.pending

    def held_for(self, chat_id: Hashable, key: Hashable) -> float | None:
        """Seconds until the edit of this message that waits for the budget may go, as far as
        this coalescer knows (None: no edit of it waits)."""
        chat = self._chats.get(chat_id)
        if chat is None or key not in chat.pending:
            return None
        return max(0.0, self._delay(chat))

    async def drain(self) -> None:
        """Wait until every waiting edit has been sent (tests, shutdown)."""
        while True:
            workers = [c.worker for c in self._chats.values() if c.worker is not None]
            if not workers:
                return
            await asyncio.gather(*workers, return_exceptions=True)

    async def close(self, flush: bool = False) -> None:
        """Stop the waiting workers; with `flush`, first send every waiting edit once (at
        shutdown, so the latest state is on screen after a restart), waiting for the budget
        a moment (a private chat's second) but not a group's minute."""
        for chat in self._chats.values():
            if chat.worker is not None:
                chat.worker.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await chat.worker
                chat.worker = None
        if flush:
            prepaid = PREPAID.set(True)  # at shutdown: no waiting for the budget
            held = HELD.set(True)
            sending = SENDING.set(True)
            for chat_id, chat in self._chats.items():
                for key in list(chat.pending):
                    _version, send = chat.pending.pop(key)
                    try:
                        await self._flush_wait(chat_id)
                        await self._flush_one(send)
                    except RetryLater as e:  # the next process's edit will show it
                        log.info("event=flush_skipped key=%s retry_after=%s", key, e.seconds)
                    except Exception:
                        log.warning("event=flush_failed", exc_info=True)
            SENDING.reset(sending)
            HELD.reset(held)
            PREPAID.reset(prepaid)
        self._chats.clear()

    async def _flush_wait(self, chat_id: Hashable) -> None:
        """At shutdown: the chat's budget, if it is only a moment away (counted), else none."""
        wait = await self._shared_wait(chat_id)
        if 0 < wait <= FLUSH_WAIT:
            await (self.sleep or sleep)(wait)
            await self._shared_wait(chat_id)

    @staticmethod
    async def _flush_one(send: Send) -> None:
        """One edit at shutdown; a chat paused for a moment (one second, as a private chat
        after a burst) is waited for once, a longer pause is left to the next process."""
        try:
            await send()
        except RetryLater as e:
            if e.seconds > FLUSH_WAIT:
                raise
            await asyncio.sleep(e.seconds)
            await send()

    def move_chat(self, old: int, new: int) -> None:
        """The group `old` became the supergroup `new`: forget the edits waiting for `old` and
        count its recent sends in the budget of `new`."""
        chat = self._chats.pop(old, None)
        if chat is None:
            return
        chat.pending.clear()
        chat.on.clear()
        if chat.worker is not None and chat.worker is not asyncio.current_task():
            chat.worker.cancel()  # waiting for budget; the edit it is sending fails anyway
        if chat.sent:
            target = self._chats.setdefault(new, _Chat())
            target.sent = deque(sorted([*target.sent, *chat.sent]))
            chat.sent.clear()

    def sent_times(self, chat_id: Hashable) -> list[float]:
        """Times of the recent sends to a chat (inside the current window)."""
        chat = self._chats.get(chat_id)
        return list(chat.sent) if chat else []

    # -- internals -----------------------------------------------------------------------------
    def _forget_idle(self) -> None:
        """Drop the chats with nothing waiting or on its way and no pause (their recent budget
        with them)."""
        now = self.clock()
        self._chats = {
            chat_id: chat
            for chat_id, chat in self._chats.items()
            if chat.pending or chat.worker or chat.lock.locked() or chat.blocked_until > now
        }

    def _delay(self, chat: _Chat) -> float:
        now = self.clock()
        while chat.sent and chat.sent[0] <= now - self.window:
            chat.sent.popleft()
        ready = chat.blocked_until
        if chat.sent and chat.limited:
            ready = max(ready, chat.sent[-1] + self.min_gap)
            if len(chat.sent) >= self.per_minute:
                ready = max(ready, chat.sent[-self.per_minute] + self.window)
        return ready - now

    async def _shared_wait(self, chat_id: Hashable) -> float:
        if self.shared is None:
            return 0.0
        try:
            return await self.shared(chat_id)
        except StoreUnavailable:  # the local budget still holds
            return 0.0

    async def _send_one(self, chat_id: Hashable, chat: _Chat, key: Hashable, *, held: bool) -> None:
        wait = 0.0 if self.shared is None else await self._shared_wait(chat_id)
        if wait > 0:  # other processes used the chat's budget: wait, keep the newest edit
            chat.blocked_until = max(chat.blocked_until, self.clock() + wait)
            return
        version, send = chat.pending.pop(key)
        message = chat.on.pop(key, None)
        chat.sent.append(self.clock())
        prepaid = PREPAID.set(self.shared is not None)
        was_held = HELD.set(held)
        sending = SENDING.set(True)
        try:
            await send()
        except RetryLater as e:
            now = self.clock()
            chat.blocked_until = now + e.seconds  # every edit to this chat waits, not just this
            if chat.refused_since is None:
                chat.refused_since = now
            if now - chat.refused_since > self.give_up:
                log.warning("event=edit_gave_up key=%s version=%s", key, version)
                chat.refused_since = None
            elif key not in chat.pending and (message is None or message not in chat.on.values()):
                chat.pending[key] = (version, send)  # try again with it unless newer arrived
                if message is not None:
                    chat.on[key] = message
            return
        except StoreUnavailable:  # bookkeeping after the edit; the outage is logged once
            pass
        except Exception:
            log.exception("board edit failed")
        finally:
            SENDING.reset(sending)
            HELD.reset(was_held)
            PREPAID.reset(prepaid)
        chat.refused_since = None
        chat.shown[key] = max(version, chat.shown.get(key, -1))

    async def _drain(self, chat_id: Hashable, chat: _Chat) -> None:
        try:
            while chat.pending:
                delay = self._delay(chat)
                if delay > 0:
                    await (self.sleep or sleep)(delay)
                    continue
                key = next(iter(chat.pending))
                await self._send_one(chat_id, chat, key, held=True)
        finally:
            chat.worker = None
            if not chat.pending and not chat.sent and self._chats.get(chat_id) is chat:
                self._chats.pop(chat_id, None)
