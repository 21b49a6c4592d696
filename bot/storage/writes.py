"""What the store's parts ask of a backend, as data (pure): reads, and groups of writes guarded by
conditions. The parts written once (results, boards, leases, the small parts) say what to read
and what to write; a backend only carries it out (bot.storage.cells.Cells.run):

- a `Read` is one value back (a string, a record's fields, a list, a set, a score, a range);
- a `Group` is applied atomically, on Redis by one script (so its keys share one hash tag: one
  Redis Cluster slot), on SQLite inside the program's transaction: its `reads` first, then its
  `guards` in order (the first that fails stops the group: nothing written, its 1-based index is
  the reply's `failed`), then its `writes` in order. A write may carry `unless`: it is skipped
  when that member is in that set (a user hidden from the global boards);
- a `Program` is a generator that yields steps (lists of reads and groups) and is sent each
  step's replies (a Read's value, a Group's `Applied`); on Redis each step is one round trip, on
  SQLite the whole program is one transaction.

Keys are `Key(tag, part)` (bot.storage.cells): on Redis `<prefix>:{<tag>}:<part>`.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, TypeVar

T = TypeVar("T")

INF = math.inf


class Key(NamedTuple):
    tag: str
    part: str = ""

    def text(self) -> str:
        return f"{self.tag}:{self.part}" if self.part else self.tag


def game_key(game_id: str) -> Key:
    """Where a game's record lives (its slot: the game's result shares it)."""
    return Key(f"g:{game_id}")


@dataclass(frozen=True, slots=True)
class Span:
    """Scores from `low` to `high`, each end included unless open."""

    low: float = -INF
    high: float = INF
    low_open: bool = False
    high_open: bool = False

    @classmethod
    def above(cls, low: float) -> Span:
        return cls(low=low, low_open=True)

    @classmethod
    def below(cls, high: float) -> Span:
        return cls(high=high, high_open=True)

    @classmethod
    def upto(cls, high: float) -> Span:
        return cls(high=high)


# reads -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Get:
    """A value: str | None."""

    key: Key


@dataclass(frozen=True, slots=True)
class Fields:
    """Every field of a record: dict[str, str]."""

    key: Key


@dataclass(frozen=True, slots=True)
class Field:
    """Some fields of a record: list[str | None], in the order of `names`."""

    key: Key
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Items:
    """A list's items from `start` to `stop` (inclusive; -1 the last), newest first."""

    key: Key
    start: int = 0
    stop: int = -1


@dataclass(frozen=True, slots=True)
class Members:
    """A set's members, sorted."""

    key: Key


@dataclass(frozen=True, slots=True)
class Score:
    """A member's score in a sorted set: float | None."""

    key: Key
    member: str


@dataclass(frozen=True, slots=True)
class Range:
    """Members with their scores in `span`: list[(member, score)], by score (equal scores by the
    member's text), highest first when `desc`; `limit` of them from position `offset`."""

    key: Key
    span: Span = Span()
    offset: int = 0
    limit: int = -1
    desc: bool = False


@dataclass(frozen=True, slots=True)
class Count:
    """How many members score in `span`: int."""

    key: Key
    span: Span = Span()


Read = Get | Fields | Field | Items | Members | Score | Range | Count


# guards ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Timely:
    """The backend has not yet given up on this call (on Redis: its clock is before the moment
    the caller stops waiting, so a call that reaches a paused server late does nothing)."""


@dataclass(frozen=True, slots=True)
class GameIs:
    """The game's stored version is `version` (and the game exists)."""

    game_id: str
    version: int

    @property
    def key(self) -> Key:
        return game_key(self.game_id)


@dataclass(frozen=True, slots=True)
class Absent:
    """`member` is not in the sorted set (a marker: this game was not applied here yet)."""

    key: Key
    member: str


@dataclass(frozen=True, slots=True)
class FieldIs:
    """The record's field holds `value` (None: the field is absent): nothing moved since it was
    read."""

    key: Key
    name: str
    value: str | None


@dataclass(frozen=True, slots=True)
class ScoreIs:
    """`member` is in the sorted set with score `score`."""

    key: Key
    member: str
    score: float


@dataclass(frozen=True, slots=True)
class Fewer:
    """Fewer than `n` members score in `span`."""

    key: Key
    n: int
    span: Span = Span()


Guard = Timely | GameIs | Absent | FieldIs | ScoreIs | Fewer


# writes ------------------------------------------------------------------------------------
Keep = Literal["latest", "max", "first"]


@dataclass(frozen=True, slots=True)
class Unless:
    """Skip the write when `member` is in the set `key`."""

    key: Key
    member: str


@dataclass(frozen=True, slots=True)
class SetValue:
    """Store a value (for `ttl` seconds; None: kept); `only_new`: unless the key holds one."""

    key: Key
    value: str
    ttl: float | None = None
    only_new: bool = False


@dataclass(frozen=True, slots=True)
class Delete:
    key: Key


@dataclass(frozen=True, slots=True)
class SetFields:
    key: Key
    pairs: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class DropField:
    key: Key
    name: str


@dataclass(frozen=True, slots=True)
class Push:
    """Put `value` first in the list and keep its `cap` newest items."""

    key: Key
    value: str
    cap: int


@dataclass(frozen=True, slots=True)
class AddMember:
    key: Key
    member: str


@dataclass(frozen=True, slots=True)
class DropMember:
    key: Key
    member: str


@dataclass(frozen=True, slots=True)
class Rank:
    """`member` scores `score` in the sorted set, by `keep`: "latest" replaces, "max" keeps the
    higher, "first" keeps the first written."""

    key: Key
    member: str
    score: float
    keep: Keep = "latest"
    unless: Unless | None = None


@dataclass(frozen=True, slots=True)
class Unrank:
    key: Key
    member: str


@dataclass(frozen=True, slots=True)
class Trim:
    """Remove the members scoring in `span`."""

    key: Key
    span: Span


@dataclass(frozen=True, slots=True)
class Expire:
    """The whole key (a value, a set, a sorted set) is kept `seconds` from now."""

    key: Key
    seconds: float
    unless: Unless | None = None


@dataclass(frozen=True, slots=True)
class Lease:
    """Up to `limit` members scoring at most `high` (lowest first) get score `until`; the reply
    lists them (its value in `Applied.values`)."""

    key: Key
    high: float
    limit: int
    until: float


@dataclass(frozen=True, slots=True)
class PutGame:
    """Store a game's record as `version` with `payload`, kept `ttl` seconds."""

    game_id: str
    version: int
    payload: str
    ttl: int

    @property
    def key(self) -> Key:
        return game_key(self.game_id)


Write = (
    SetValue
    | Delete
    | SetFields
    | DropField
    | Push
    | AddMember
    | DropMember
    | Rank
    | Unrank
    | Trim
    | Expire
    | Lease
    | PutGame
)


@dataclass(frozen=True, slots=True)
class Group:
    reads: tuple[Read, ...] = ()
    guards: tuple[Guard, ...] = ()
    writes: tuple[Write, ...] = ()

    def keys(self) -> list[Key]:
        """Every key the group names, each once, in order (on Redis: its script's KEYS)."""
        out: dict[Key, None] = {}
        for op in (*self.reads, *self.guards, *self.writes):
            if isinstance(op, Timely):
                continue
            out[op.key] = None
            unless = getattr(op, "unless", None)
            if unless is not None:
                out[unless.key] = None
        return list(out)


@dataclass(frozen=True, slots=True)
class Applied:
    """A group's reply: `failed` the 1-based index of the guard that stopped it (0: applied);
    `values` its reads' values, then its leases' members (a stopped group: its reads')."""

    failed: int
    values: list[Any] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.failed == 0


Item = Read | Group
Step = list[Item]
Program = Generator[Step, list[Any], T]


def one_step(items: Step) -> Program[list[Any]]:
    """A program of one step: its replies."""
    replies = yield items
    return replies
