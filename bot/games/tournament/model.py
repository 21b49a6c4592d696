"""A tournament as stored (pure): its settings, its people (`Entrant`), its games (`Table`) and
its clock, one JSON document kept in the store and changed by compare-and-set
(`bot.storage.tournaments`), so two processes never pair a player twice at once.

A tournament is `open` (people join) until it starts (the creator's ▶ Start, or its time), then
`running`, then `over` (its podium shown) or `cancelled` (`closed` says why). Its tables go
`deal` (decided, not dealt yet) → `play` (dealt: a game record of that id exists) → `done`
(scored) or `void` (could not be dealt: someone had blocked the bot)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.registry import spec

Format = Literal["arena", "swiss"]
Phase = Literal["open", "running", "over", "cancelled"]
Status = Literal["in", "paused", "out"]  # playing; an arena's pause; withdrawn for good
TableStatus = Literal["deal", "play", "done", "void"]

FORMATS: tuple[Format, ...] = ("arena", "swiss")
MAX_SEATS = 4  # a tournament's tables of a game for more: 3–4 seats
MAX_PLAYERS = 64
_ENC = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def seats(kind: str) -> tuple[int, int]:
    """The table sizes of `kind` in a tournament: a game for two at tables of two; a game for
    more at tables of 3 to 4 (within its own seats)."""
    low, high = spec(kind).seats
    if high <= 2:
        return low, high
    return max(3, low), min(MAX_SEATS, high)


def min_players(kind: str) -> int:
    """Fewer at the start and it is cancelled: three (so nobody meets one opponent only)."""
    return max(3, seats(kind)[0])


@dataclass(slots=True)
class Entrant:
    """A person in the tournament and their standing."""

    user: int
    name: str
    lang: str = "ru"
    rating: float = 1000.0  # the shown rating when they joined (pairing, tie-breaks)
    status: Status = "in"
    points: int = 0
    games: int = 0
    wins: int = 0
    run: int = 0  # games won in a row (an arena's streak from 2 on: 🔥)
    byes: int = 0
    busy: str = ""  # the game they are at ("" none)
    met: list[int] = field(default_factory=list)  # everyone met, a table's each, in order
    last: list[int] = field(default_factory=list)  # the others at their last table
    perf: float = 0.0  # Σ over games: the others' mean rating + 400 × the result (−1 … 1)
    freed: float = 0.0  # when they were last free (an arena pairs the longest free first)

    @property
    def free(self) -> bool:
        return self.status == "in" and not self.busy

    @property
    def on_fire(self) -> bool:
        return self.run >= 2

    @property
    def performance(self) -> float:
        return self.perf / self.games if self.games else self.rating

    def to_dict(self) -> dict[str, Any]:
        return {
            "u": self.user,
            "n": self.name,
            "l": self.lang,
            "r": self.rating,
            "st": self.status,
            "p": self.points,
            "g": self.games,
            "w": self.wins,
            "run": self.run,
            "b": self.byes,
            "busy": self.busy,
            "met": self.met,
            "last": self.last,
            "perf": self.perf,
            "f": self.freed,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Entrant:
        status = str(d.get("st") or "in")
        return cls(
            user=int(d["u"]),
            name=str(d.get("n") or ""),
            lang=str(d.get("l") or "ru"),
            rating=float(d.get("r") or 1000.0),
            status="paused" if status == "paused" else "out" if status == "out" else "in",
            points=int(d.get("p") or 0),
            games=int(d.get("g") or 0),
            wins=int(d.get("w") or 0),
            run=int(d.get("run") or 0),
            byes=int(d.get("b") or 0),
            busy=str(d.get("busy") or ""),
            met=[int(u) for u in d.get("met") or []],
            last=[int(u) for u in d.get("last") or []],
            perf=float(d.get("perf") or 0.0),
            freed=float(d.get("f") or 0.0),
        )


@dataclass(slots=True)
class Table:
    """One game of the tournament: its game id, its people in seat order, the round (a Swiss)
    or the game's number (an arena), and what each scored once it is done."""

    gid: str
    users: list[int]
    round: int
    status: TableStatus = "deal"
    points: dict[int, int] = field(default_factory=dict)
    at: float = 0.0  # when it was decided (a table still not dealt long after: dealt again)

    def to_dict(self) -> dict[str, Any]:
        points = {str(u): p for u, p in self.points.items()}
        return {
            "g": self.gid,
            "u": self.users,
            "r": self.round,
            "s": self.status,
            "p": points,
            "at": self.at,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Table:
        status = str(d.get("s") or "deal")
        return cls(
            gid=str(d["g"]),
            users=[int(u) for u in d.get("u") or []],
            round=int(d.get("r") or 0),
            status=status if status in ("deal", "play", "done", "void") else "void",  # type: ignore[arg-type]
            points={int(u): int(p) for u, p in (d.get("p") or {}).items()},
            at=float(d.get("at") or 0.0),
        )


@dataclass(slots=True)
class Tournament:
    id: str
    kind: str
    format: Format
    length: int  # an arena's minutes, a Swiss's rounds
    turn: int  # seconds per move
    chat: int
    thread: int | None  # the forum topic its messages go to (None: none, or General)
    home: int | None  # the topic it was created in (one tournament at a time there)
    lang: str
    creator: int
    created: float
    starts: float | None = None  # its start at a time (None: the creator's ▶ Start)
    title: str = ""  # the group's title
    maker: str = ""  # its creator's name
    phase: Phase = "open"
    started: float | None = None
    ends: float | None = None  # an arena's end
    round: int = 0  # a Swiss's round being played
    board: int | None = None  # the standings message
    reminded: bool = False
    podium: bool = False  # the podium was posted
    closed: str = ""  # why it was cancelled (a locale key's last word)
    entrants: list[Entrant] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)

    @property
    def arena(self) -> bool:
        return self.format == "arena"

    def entrant(self, user: int) -> Entrant | None:
        return next((e for e in self.entrants if e.user == user), None)

    def table(self, gid: str) -> Table | None:
        return next((t for t in self.tables if t.gid == gid), None)

    def live(self) -> Iterator[Table]:
        """The tables decided or being played."""
        return (t for t in self.tables if t.status in ("deal", "play"))

    @property
    def players(self) -> list[Entrant]:
        """Everyone who has not withdrawn for good."""
        return [e for e in self.entrants if e.status != "out"]

    def to_json(self) -> str:
        data = {
            "id": self.id,
            "k": self.kind,
            "fmt": self.format,
            "len": self.length,
            "turn": self.turn,
            "chat": self.chat,
            "th": self.thread,
            "home": self.home,
            "lang": self.lang,
            "by": self.creator,
            "at": self.created,
            "starts": self.starts,
            "title": self.title,
            "mk": self.maker,
            "ph": self.phase,
            "started": self.started,
            "ends": self.ends,
            "round": self.round,
            "board": self.board,
            "rem": self.reminded,
            "pod": self.podium,
            "closed": self.closed,
            "e": [e.to_dict() for e in self.entrants],
            "t": [t.to_dict() for t in self.tables],
        }
        return _ENC.encode(data)

    @classmethod
    def from_json(cls, text: str) -> Tournament:
        d = json.loads(text)
        fmt, phase = str(d["fmt"]), str(d.get("ph") or "open")
        return cls(
            id=str(d["id"]),
            kind=str(d["k"]),
            format="swiss" if fmt == "swiss" else "arena",
            length=int(d["len"]),
            turn=int(d["turn"]),
            chat=int(d["chat"]),
            thread=_opt_int(d.get("th")),
            home=_opt_int(d.get("home")),
            lang=str(d.get("lang") or "ru"),
            creator=int(d["by"]),
            created=float(d["at"]),
            starts=_opt_float(d.get("starts")),
            title=str(d.get("title") or ""),
            maker=str(d.get("mk") or ""),
            phase=phase if phase in ("open", "running", "over", "cancelled") else "over",  # type: ignore[arg-type]
            started=_opt_float(d.get("started")),
            ends=_opt_float(d.get("ends")),
            round=int(d.get("round") or 0),
            board=_opt_int(d.get("board")),
            reminded=bool(d.get("rem")),
            podium=bool(d.get("pod")),
            closed=str(d.get("closed") or ""),
            entrants=[Entrant.from_dict(e) for e in d.get("e") or []],
            tables=[Table.from_dict(t) for t in d.get("t") or []],
        )


def _opt_int(value: object) -> int | None:
    return None if value is None else int(str(value))


def _opt_float(value: object) -> float | None:
    return None if value is None else float(str(value))
