"""A store that is briefly unreachable: one clear exception, fail-fast while it is down, one log
line when it goes and one when it is back.

While Redis is down (stopped, restarting, paused) every call would otherwise wait for its own
timeout, so a tap could wait several of them. After a failure, calls fail at once for
`probe_every` seconds; then calls try again (probes: every call made then, a tap's beside the
timer loop's, not only the first), the first success closes the outage, and the next failure
opens the fail-fast window again. A call made while another one's probe is on its way is not
refused for it: a single slow reply (a loaded machine) would otherwise turn every call made
meanwhile into "briefly unavailable".
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from time import perf_counter
from typing import Any, TypeVar

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from bot import metrics
from bot.outages import StoreUnavailable

log = logging.getLogger("bot.storage")

T = TypeVar("T")

# what the Redis clients raise when the server is away (redis-py's errors do not subclass the
# builtins': both are named)
OUTAGE_ERRORS: tuple[type[BaseException], ...] = (
    ConnectionError,
    TimeoutError,
    OSError,
    RedisConnectionError,
    RedisTimeoutError,
)


class Health:
    def __init__(
        self, probe_every: float = 0.5, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.probe_every = probe_every
        self.clock = clock
        self.down_since: float | None = None
        self._next_probe = 0.0
        self.failures = 0  # calls failed during the current outage

    @property
    def down(self) -> bool:
        return self.down_since is not None

    def check(self) -> None:
        """Fail fast while down, for `probe_every` seconds after the last failure."""
        if self.down_since is not None and self.clock() < self._next_probe:
            self.failures += 1
            metrics.redis_error("unavailable")
            raise StoreUnavailable("store unavailable (waiting to retry)")

    def failed(self, err: BaseException) -> StoreUnavailable:
        now = self.clock()
        self.failures += 1
        timeout = isinstance(err, TimeoutError | RedisTimeoutError)
        metrics.redis_error("timeout" if timeout else "connection")
        self._next_probe = now + self.probe_every
        if self.down_since is None:
            self.down_since = now
            log.warning("event=store_unavailable error=%r", str(err) or type(err).__name__)
        return StoreUnavailable(str(err) or type(err).__name__)

    def ok(self) -> None:
        if self.down_since is not None:
            log.warning(
                "event=store_back down_s=%.1f failed_calls=%d",
                self.clock() - self.down_since,
                self.failures,
            )
            self.down_since = None
            self.failures = 0


def guard(health: Health, method: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
    """`method` (a store role's bound method) through `health`: outage errors become
    StoreUnavailable (and mark `health`). Each call that reaches Redis is timed
    (`cardbot_redis_call_seconds{op}`, op the method's name); failures are counted by kind
    (`cardbot_redis_errors`)."""
    latency = metrics.redis_latency(method.__name__)

    @functools.wraps(method)
    async def call(*args: Any, **kwargs: Any) -> T:
        health.check()
        started = perf_counter()
        try:
            result = await method(*args, **kwargs)
        except OUTAGE_ERRORS as err:
            latency.observe(perf_counter() - started)
            raise health.failed(err) from None
        except Exception:
            metrics.redis_error("other")
            raise
        latency.observe(perf_counter() - started)
        if health.down_since is not None:
            health.ok()
        return result

    return call
