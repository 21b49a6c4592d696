"""The update gate of webhook replicas: each Telegram update is handled at most once, and the
updates of one chat one at a time, in the order they arrive, across every process.

    gate = store.update_gate()
    verdict = await gate.run(order_key(update_json), update_id, handle)   # "handled" | "duplicate"

Before handling, `begin` asks the store, in one round trip, for two things at once: has this
`update_id` been handled already (then it is a duplicate: Telegram retried an update whose
answer it did not get), and is another handler busy with this chat (then wait for its lease).
When both are clear it takes the chat's lease. After handling, `end` marks the update done and
gives the lease back, again one round trip. A process killed mid-update never marks it done:
Telegram retries it (its request got no answer), and the retry waits at most for the lease to
run out. The lease is renewed while a slow handler works, so a live handler keeps its chat.

On Redis both keys of a chat share one hash slot (`{u:<chat>}`), so the scripts run on a Redis
Cluster too. The done set of a chat is a sorted set of update ids scored by when they were done,
trimmed to the dedupe window (Telegram keeps an undelivered update for at most 24 hours).
The embedded SQLite store serves one process: its gate keeps the same bookkeeping in memory.

Within a process, updates of one chat also queue on an asyncio lock first, so that waiting for
a chat costs a round trip only when another process holds it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal

from bot.storage.health import OUTAGE_ERRORS

if TYPE_CHECKING:
    from bot.storage.redis_link import RedisLink

log = logging.getLogger(__name__)

Verdict = Literal["go", "done", "busy"]
Outcome = Literal["handled", "duplicate"]

LEASE_SECONDS = 10.0  # a chat's lease; renewed every third of it while a handler runs
DEDUPE_SECONDS = 86400.0 + 3600.0  # Telegram keeps an undelivered update 24 h
WAIT_STEP = 0.02  # seconds between two looks at a chat another process holds
MAX_WAIT = 30.0  # then the update is handled anyway (the holder is stuck, not dead)
LOCAL_REMEMBERED = 100_000  # update ids one process remembers (a few MB)

# KEYS[1] the chat's lease, KEYS[2] its done set; ARGV: owner, update id, lease ms
BEGIN = """
if redis.call('ZSCORE', KEYS[2], ARGV[2]) then return 'done' end
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 'busy' end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
return 'go'
"""

# ARGV: owner, update id, now (s), dedupe window (s)
END = """
local now, window = tonumber(ARGV[3]), tonumber(ARGV[4])
redis.call('ZADD', KEYS[2], now, ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
redis.call('EXPIRE', KEYS[2], math.ceil(window))
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
"""

# ARGV: owner, lease ms
RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""

_CHAT_KEYS = frozenset(
    {"message", "edited_message", "channel_post", "edited_channel_post", "my_chat_member"}
    | {"chat_member", "chat_join_request", "message_reaction", "chat_boost"}
)
_USER_KEYS = ("inline_query", "chosen_inline_result", "pre_checkout_query", "shipping_query")


def order_key(update: Mapping[str, Any]) -> str:
    """The chat whose updates must not overtake each other: the chat of a message or of the
    message a button belongs to; the user for inline queries and buttons of inline messages."""
    for kind, body in update.items():
        if kind == "update_id" or not isinstance(body, Mapping):
            continue
        if kind == "callback_query":
            message = body.get("message")
            if isinstance(message, Mapping) and isinstance(message.get("chat"), Mapping):
                return f"c{message['chat'].get('id')}"
            return f"p{_user_id(body)}"
        if kind in _CHAT_KEYS and isinstance(body.get("chat"), Mapping):
            return f"c{body['chat'].get('id')}"
        if kind in _USER_KEYS:
            return f"p{_user_id(body)}"
        return f"{kind}:{_user_id(body)}"
    return "none"


def _user_id(body: Mapping[str, Any]) -> object:
    sender = body.get("from") or body.get("user")
    return sender.get("id") if isinstance(sender, Mapping) else None


class UpdateGate(ABC):
    def __init__(
        self,
        *,
        lease: float = LEASE_SECONDS,
        dedupe: float = DEDUPE_SECONDS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.lease = lease
        self.dedupe = dedupe
        self.clock = clock
        self.process = secrets.token_hex(4)  # this process, in the lease's owner
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}
        self.duplicates = 0
        self.waits = 0  # looks at a chat another process held

    @abstractmethod
    async def begin(self, chat: str, update_id: int, owner: str) -> Verdict: ...

    @abstractmethod
    async def end(self, chat: str, update_id: int, owner: str) -> None: ...

    @abstractmethod
    async def renew(self, chat: str, owner: str) -> bool: ...

    async def run(
        self, chat: str, update_id: int, handle: Callable[[], Awaitable[object]]
    ) -> Outcome:
        """Handle the update unless it was handled before; one chat's updates one at a time.
        A store outage does not stop updates: they are handled without the gate (the handlers
        answer "try again" while the store is down) and logged."""
        async with self._local(chat):
            owner = f"{self.process}:{update_id}"
            try:
                verdict = await self._enter(chat, update_id, owner)
            except OUTAGE_ERRORS as err:
                log.warning("event=update_gate_unavailable error=%r", str(err) or type(err))
                await handle()
                return "handled"
            if verdict == "done":
                self.duplicates += 1
                return "duplicate"
            keeper = _Keeper(self, chat, owner)
            try:
                await handle()
            finally:
                keeper.stop()
            try:
                await self.end(chat, update_id, owner)
            except OUTAGE_ERRORS as err:  # the lease runs out; a retry would be handled again
                log.warning("event=update_gate_end_failed error=%r", str(err) or type(err))
            return "handled"

    async def _enter(self, chat: str, update_id: int, owner: str) -> Verdict:
        waited = 0.0
        while True:
            verdict = await self.begin(chat, update_id, owner)
            if verdict != "busy" or waited >= MAX_WAIT:
                return "go" if verdict == "busy" else verdict
            self.waits += 1
            await asyncio.sleep(WAIT_STEP)
            waited += WAIT_STEP

    def _local(self, chat: str) -> _ChatLock:
        return _ChatLock(self._locks, chat)


class _Keeper:
    """Renews a chat's lease every third of it while its handler runs (a timer, not a task:
    nearly every update is done long before the first renewal)."""

    def __init__(self, gate: UpdateGate, chat: str, owner: str) -> None:
        self.gate, self.chat, self.owner = gate, chat, owner
        self.loop = asyncio.get_running_loop()
        self.task: asyncio.Task[None] | None = None
        self.timer = self.loop.call_later(gate.lease / 3, self._due)

    def _due(self) -> None:
        self.task = self.loop.create_task(self._renew())

    async def _renew(self) -> None:
        with contextlib.suppress(*OUTAGE_ERRORS):
            await self.gate.renew(self.chat, self.owner)
        self.timer = self.loop.call_later(self.gate.lease / 3, self._due)

    def stop(self) -> None:
        self.timer.cancel()
        if self.task is not None:
            self.task.cancel()


class _ChatLock:
    """A per-chat asyncio lock that is forgotten when nobody holds or waits for it."""

    def __init__(self, locks: dict[str, tuple[asyncio.Lock, int]], chat: str) -> None:
        self.locks, self.chat = locks, chat

    async def __aenter__(self) -> None:
        lock, users = self.locks.get(self.chat) or (asyncio.Lock(), 0)
        self.locks[self.chat] = (lock, users + 1)
        await lock.acquire()

    async def __aexit__(self, *exc: object) -> None:
        lock, users = self.locks[self.chat]
        lock.release()
        if users <= 1:
            del self.locks[self.chat]
        else:
            self.locks[self.chat] = (lock, users - 1)


class RedisGate(UpdateGate):
    """On the store's Redis (one server, Sentinel's master or a cluster): `RedisStore`'s gate."""

    def __init__(self, link: RedisLink, **kw: Any) -> None:
        super().__init__(**kw)
        self.link = link
        self.prefix = link.prefix
        self._begin = link.script(BEGIN)
        self._end = link.script(END)
        self._renew = link.script(RENEW)

    def _keys(self, chat: str) -> list[str]:
        tag = f"{self.prefix}:{{u:{chat}}}"
        return [f"{tag}:lease", f"{tag}:done"]

    async def begin(self, chat: str, update_id: int, owner: str) -> Verdict:
        args: list[str | int] = [owner, update_id, int(self.lease * 1000)]
        verdict = str(await self.link.run_script(self._begin, self._keys(chat), args))
        if verdict == "done":
            return "done"
        return "busy" if verdict == "busy" else "go"

    async def end(self, chat: str, update_id: int, owner: str) -> None:
        args: list[str | int] = [owner, update_id, repr(self.clock()), repr(self.dedupe)]
        await self.link.run_script(self._end, self._keys(chat), args)

    async def renew(self, chat: str, owner: str) -> bool:
        args: list[str | int] = [owner, int(self.lease * 1000)]
        return bool(await self.link.run_script(self._renew, self._keys(chat)[:1], args))


class LocalGate(UpdateGate):
    """One process (the embedded store): the same bookkeeping in memory. The per-chat asyncio
    lock already orders a chat's updates, so the lease is only ever this process's own."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.done: OrderedDict[int, float] = OrderedDict()  # update id -> when, oldest first

    async def begin(self, chat: str, update_id: int, owner: str) -> Verdict:
        return "done" if update_id in self.done else "go"

    async def end(self, chat: str, update_id: int, owner: str) -> None:
        now = self.clock()
        done = self.done
        done[update_id] = now
        done.move_to_end(update_id)
        horizon = now - self.dedupe
        while len(done) > LOCAL_REMEMBERED or next(iter(done.values())) < horizon:
            done.popitem(last=False)

    async def renew(self, chat: str, owner: str) -> bool:
        return True
