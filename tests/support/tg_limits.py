"""Telegram's flood limits, as the fake Telegram and the emulator enforce them by default.

What Telegram says (core.telegram.org/bots/faq, "My bot is hitting limits") and its engineers
confirm (tdlib/td#2592, #3034): in one group a bot may send or edit about 20 messages a minute,
sends and edits sharing that budget; in one chat avoid more than one message a second ("we may
allow short bursts"); about 30 messages a second in all. Each excess is answered
`429 Too Many Requests: retry after N` with `parameters.retry_after`.

Modelled here, per write (a message sent or edited; deletes and callback answers are free):
- a group (any chat with a negative id): at most `group_per_minute` in any 60 s;
- any chat: a bucket of `chat_burst` writes refilled at `chat_per_second` (one a second with a
  short burst allowed);
- the bot: at most `bot_per_second` in any second.
`retry_after` is the whole seconds until the write would be allowed (at least 1), as Telegram
answers.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field

from tests.support.tg_errors import ApiError, retry_after_error

GROUP_PER_MINUTE = 20
CHAT_PER_SECOND = 1.0
CHAT_BURST = 3
BOT_PER_SECOND = 30


@dataclass
class _Bucket:
    level: float
    at: float


@dataclass
class Limits:
    """Telegram's write limits (None for a limit that is off). `refused` counts the 429s."""

    group_per_minute: int | None = GROUP_PER_MINUTE
    chat_per_second: float | None = CHAT_PER_SECOND
    chat_burst: int = CHAT_BURST
    bot_per_second: int | None = BOT_PER_SECOND
    refused: int = 0
    _group: dict[int, deque[float]] = field(default_factory=dict)
    _chat: dict[int, _Bucket] = field(default_factory=dict)
    _bot: deque[float] = field(default_factory=deque)

    @classmethod
    def off(cls) -> Limits:
        return cls(group_per_minute=None, chat_per_second=None, bot_per_second=None)

    def write(self, chat_id: int, now: float) -> None:
        """Count one write to `chat_id` at `now`, or raise the 429 Telegram would answer."""
        wait = max(
            self._group_wait(chat_id, now), self._chat_wait(chat_id, now), self._bot_wait(now)
        )
        if wait > 0:
            self.refused += 1
            raise self.error(wait)
        if self.group_per_minute is not None and chat_id < 0:
            self._group.setdefault(chat_id, deque()).append(now)
        if self.chat_per_second is not None:
            bucket = self._chat[chat_id]
            bucket.level -= 1
        if self.bot_per_second is not None:
            self._bot.append(now)

    @staticmethod
    def error(wait: float) -> ApiError:
        return retry_after_error(max(1, math.ceil(wait)))

    def _group_wait(self, chat_id: int, now: float) -> float:
        limit = self.group_per_minute
        if limit is None or chat_id >= 0:
            return 0.0
        sent = self._group.setdefault(chat_id, deque())
        while sent and sent[0] <= now - 60.0:
            sent.popleft()
        return 0.0 if len(sent) < limit else sent[-limit] + 60.0 - now

    def _chat_wait(self, chat_id: int, now: float) -> float:
        rate = self.chat_per_second
        if rate is None:
            return 0.0
        bucket = self._chat.get(chat_id)
        if bucket is None:
            bucket = self._chat[chat_id] = _Bucket(float(self.chat_burst), now)
        bucket.level = min(float(self.chat_burst), bucket.level + (now - bucket.at) * rate)
        bucket.at = now
        return 0.0 if bucket.level >= 1 else (1 - bucket.level) / rate

    def _bot_wait(self, now: float) -> float:
        limit = self.bot_per_second
        if limit is None:
            return 0.0
        while self._bot and self._bot[0] <= now - 1.0:
            self._bot.popleft()
        return 0.0 if len(self._bot) < limit else self._bot[-limit] + 1.0 - now
