"""Prometheus metrics: every metric of the bot, and the small functions that count.

Served at `/metrics` by bot.http_server when METRICS_PORT is set; counting happens either way.

    metrics.move(kind)                                # a move was applied and saved
    metrics.game_started(kind)
    metrics.game_finished(kind, "over")               # outcome: won | lost | resigned | over | …
    metrics.set_active_games(kind, 12)                # or, counted when scraped:
    metrics.on_scrape(metrics.active_games_hook(store))  # the store's count, every scrape

The counters and histograms counted per update are plain numbers in dicts, written only from
the event loop's thread (every caller is a coroutine or a callback on the loop) and turned into
Prometheus families when scraped (prometheus_client's own metrics take a lock per value for
threads the bot does not have).
prometheus_client writes the text (and adds the process's own figures).

Label values are game kinds, update types, Bot API methods and a few fixed words, so every
metric has a small, bounded set of series. Nothing here imports aiogram (bot.games uses it).
"""

from __future__ import annotations

import asyncio
import logging
from bisect import bisect_left
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from typing import Protocol

from prometheus_client import REGISTRY, Gauge, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.metrics_core import CounterMetricFamily, HistogramMetricFamily, Metric

log = logging.getLogger(__name__)

ScrapeHook = Callable[[], Awaitable[None]]
Labels = tuple[str, ...]

CONTENT_TYPE = CONTENT_TYPE_LATEST
# an update end to end: from a tap's handling to a Telegram request that takes seconds
UPDATE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
# one store call: a Redis round trip, up to the 1 s every call gives up after
REDIS_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 0.5, 1.0, 2.5)
TELEGRAM_ERROR_KINDS = ("429", "400", "403", "other")
REDIS_ERROR_KINDS = ("timeout", "connection", "unavailable", "other")


class LoopCounter:
    """A labelled counter for the event loop's thread (`<name>_total` when scraped)."""

    def __init__(self, name: str, doc: str, labels: Sequence[str]) -> None:
        self.name, self.doc, self.labels = name, doc, list(labels)
        self.values: dict[Labels, float] = {}

    def inc(self, *labels: str) -> None:
        values = self.values
        values[labels] = values.get(labels, 0.0) + 1.0

    def family(self) -> Metric:
        family = CounterMetricFamily(self.name, self.doc, labels=self.labels)
        for labels, value in self.values.items():
            family.add_metric(labels, value)
        return family


class Series:
    """One labelled series of a LoopHistogram: counts per bucket (the last one is +Inf)."""

    __slots__ = ("bounds", "counts", "total")

    def __init__(self, bounds: tuple[float, ...]) -> None:
        self.bounds = bounds
        self.counts = [0] * (len(bounds) + 1)
        self.total = 0.0

    def observe(self, value: float) -> None:
        self.counts[bisect_left(self.bounds, value)] += 1  # the first bound >= value
        self.total += value


class LoopHistogram:
    """A labelled histogram for the event loop's thread (`_bucket`, `_count`, `_sum`)."""

    def __init__(self, name: str, doc: str, labels: Sequence[str], buckets: Sequence[float]):
        self.name, self.doc, self.labels = name, doc, list(labels)
        self.bounds = tuple(sorted(buckets))
        self.series: dict[Labels, Series] = {}

    def child(self, *labels: str) -> Series:
        series = self.series.get(labels)
        if series is None:
            series = self.series[labels] = Series(self.bounds)
        return series

    def family(self) -> Metric:
        family = HistogramMetricFamily(self.name, self.doc, labels=self.labels)
        les = [repr(float(b)) for b in self.bounds] + ["+Inf"]  # as prometheus_client writes
        for labels, series in self.series.items():
            running, buckets = 0, []
            for le, count in zip(les, series.counts, strict=True):
                running += count
                buckets.append((le, float(running)))
            family.add_metric(labels, buckets, series.total)
        return family


UPDATES = LoopCounter("cardbot_updates", "Telegram updates handled, by type", ["type"])
UPDATE_SECONDS = LoopHistogram(
    "cardbot_update_seconds",
    "Time an update spends in the dispatcher (middlewares and handlers), by type",
    ["type"],
    UPDATE_BUCKETS,
)
TELEGRAM_ERRORS = LoopCounter(
    "cardbot_telegram_errors",
    "Bot API calls that failed, by kind (429, 400, 403, other) and method",
    ["kind", "method"],
)
REDIS_SECONDS = LoopHistogram(
    "cardbot_redis_call_seconds",
    "Duration of one store call to Redis (one round trip for most), by store operation",
    ["op"],
    REDIS_BUCKETS,
)
REDIS_ERRORS = LoopCounter(
    "cardbot_redis_errors",
    "Store calls to Redis that failed: timeout, connection, unavailable (refused at once "
    "during an outage), other",
    ["kind"],
)
UPDATES_DUPLICATE = LoopCounter(
    "cardbot_updates_duplicate",
    "Webhook updates received again after they were handled (Telegram's retries), skipped",
    [],
)
TIMERS = LoopCounter(
    "cardbot_timers_fired", "Deadlines handled by the timer loop, by kind", ["kind"]
)
MOVES = LoopCounter("cardbot_moves", "Moves applied and saved, by game", ["game"])
GAMES_STARTED = LoopCounter("cardbot_games_started", "Games started, by game", ["game"])
GAMES_FINISHED = LoopCounter(
    "cardbot_games_finished", "Games finished, by game and outcome", ["game", "outcome"]
)
MATCH_WAITS = LoopCounter(
    "cardbot_match_waits", "People who started waiting for a quick match, by game", ["game"]
)
MATCHES = LoopCounter(
    "cardbot_matches", "Quick matches: tables dealt, or waits that found nobody", ["game", "end"]
)
MATCH_SECONDS = LoopHistogram(
    "cardbot_match_wait_seconds",
    "How long a person waited before a quick match was dealt, by game",
    ["game"],
    (1.0, 2.5, 5.0, 10.0, 20.0, 30.0, 45.0, 60.0, 90.0, 120.0),
)
TOURNAMENTS = LoopCounter(
    "cardbot_tournaments",
    "Tournaments: created, started, finished or cancelled, by game and format",
    ["game", "format", "event"],
)
TOURNAMENT_PLAYERS = LoopCounter(
    "cardbot_tournament_players", "People who joined a tournament, by game", ["game"]
)
TOURNAMENT_GAMES = LoopCounter(
    "cardbot_tournament_games", "Tournament games dealt, by game and format", ["game", "format"]
)
# counted by the store for the whole deployment: every replica reports the same figure (a
# dashboard takes max, not sum, over the replicas)
ACTIVE_GAMES = Gauge(
    "cardbot_active_games",
    "Open games (lobbies and games in play) in the store, by game (as last counted)",
    ["game"],
)
FAMILIES = (
    UPDATES,
    UPDATE_SECONDS,
    TELEGRAM_ERRORS,
    REDIS_SECONDS,
    REDIS_ERRORS,
    UPDATES_DUPLICATE,
    TIMERS,
    MOVES,
    GAMES_STARTED,
    GAMES_FINISHED,
    MATCH_WAITS,
    MATCHES,
    MATCH_SECONDS,
    TOURNAMENTS,
    TOURNAMENT_PLAYERS,
    TOURNAMENT_GAMES,
)


class _Collector:
    """Hands the loop's counters to prometheus_client's registry when it is scraped."""

    def collect(self) -> Iterator[Metric]:
        for family in FAMILIES:
            yield family.family()

    describe = collect


REGISTRY.register(_Collector())
_scrape_hooks: list[ScrapeHook] = []


# -- the service's own (called by bot.telegram, bot.storage, bot.games.timers) -------------------
def update(kind: str, seconds: float) -> None:
    """One update of type `kind` (message, callback_query, ...) took `seconds`."""
    UPDATES.inc(kind)
    UPDATE_SECONDS.child(kind).observe(seconds)


def update_duplicate() -> None:
    """A webhook update was skipped: the update gate had it handled already."""
    UPDATES_DUPLICATE.inc()


def telegram_error(kind: str, method: str) -> None:
    """A Bot API call `method` failed; `kind` is one of TELEGRAM_ERROR_KINDS."""
    TELEGRAM_ERRORS.inc(kind, method)


def redis_latency(op: str) -> Series:
    """The latency series of store operation `op` (bound once per operation)."""
    return REDIS_SECONDS.child(op)


def redis_error(kind: str) -> None:
    """A store call failed; `kind` is one of REDIS_ERROR_KINDS."""
    REDIS_ERRORS.inc(kind)


def timer_fired(kind: str) -> None:
    """The timer loop handled a deadline of `kind` (turn, lobby)."""
    TIMERS.inc(kind)


# -- the games' (called by the game services) ----------------------------------------------------
def move(game: str) -> None:
    """A move of `game` (a kind of `bot.registry.GAMES`) was applied and saved."""
    MOVES.inc(game)


def game_started(game: str) -> None:
    GAMES_STARTED.inc(game)


def game_finished(game: str, outcome: str) -> None:
    """`outcome`: a solitaire's result (won, lost, resigned), a group game's (over,
    abandoned, ...): a handful of fixed words, never an id or a name."""
    GAMES_FINISHED.inc(game, outcome)


def match_wait(game: str) -> None:
    MATCH_WAITS.inc(game)


def matched(game: str, waited: Sequence[float]) -> None:
    """A quick match dealt; each person's wait."""
    MATCHES.inc(game, "dealt")
    series = MATCH_SECONDS.child(game)
    for seconds in waited:
        series.observe(seconds)


def match_nobody(game: str) -> None:
    MATCHES.inc(game, "nobody")


def tournament(game: str, fmt: str, event: str) -> None:
    """`event`: created, started, finished or cancelled."""
    TOURNAMENTS.inc(game, fmt, event)


def tournament_player(game: str) -> None:
    TOURNAMENT_PLAYERS.inc(game)


def tournament_game(game: str, fmt: str) -> None:
    TOURNAMENT_GAMES.inc(game, fmt)


def set_active_games(game: str, count: int) -> None:
    ACTIVE_GAMES.labels(game).set(count)


class CountsActiveGames(Protocol):
    """What `active_games_hook` needs of a store (bot.storage.Store has it)."""

    async def active_games(self, now: float | None = None) -> Mapping[str, int]: ...


def active_games_hook(store: CountsActiveGames) -> ScrapeHook:
    """A scrape hook that sets `cardbot_active_games{game}` from the store's count."""

    async def count_active_games() -> None:
        for game, count in (await store.active_games()).items():
            set_active_games(game, count)

    return count_active_games


def on_scrape(hook: ScrapeHook) -> None:
    """Run `hook` (async, e.g. counting active games and calling set_active_games) before each
    /metrics answer; a hook that fails or takes over 2 s leaves its gauges as they were."""
    _scrape_hooks.append(hook)


def off_scrape(hook: ScrapeHook) -> None:
    if hook in _scrape_hooks:
        _scrape_hooks.remove(hook)


async def exposition(hook_timeout: float = 2.0) -> bytes:
    """The text /metrics answers (the scrape hooks run first)."""
    for hook in tuple(_scrape_hooks):  # a hook may remove itself
        try:
            await asyncio.wait_for(hook(), hook_timeout)
        except Exception as err:
            log.warning("event=metrics_hook_failed hook=%s error=%r", hook, err)
    return generate_latest(REGISTRY)
