"""The result of one finished game, as the statistics record it (pure: no I/O).

A `GameResult` is written once, when the game ends (`Store.finish`), and is what every
statistic, rating and leaderboard is computed from. Computer seats are players with `ai=True`
(and, by the bot's convention, a negative user id); they get no statistics of their own.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Literal, NotRequired, TypedDict

from bot.registry import GAMES, is_solitaire, spec

JSON = dict[str, "JSON"] | list["JSON"] | str | int | float | bool | None

Outcome = Literal["won", "lost", "draw", "resigned", "timeout", "abandoned"]
OUTCOMES: tuple[Outcome, ...] = ("won", "lost", "draw", "resigned", "timeout", "abandoned")
# a player who left (resigned, removed after timeouts, abandoned the game) lost it
LEFT: frozenset[str] = frozenset({"resigned", "timeout", "abandoned"})


class PlayerDict(TypedDict):
    """A `PlayerResult` as stored (`to_dict`; older results may lack the optional keys)."""

    u: int
    seat: int
    name: NotRequired[str]
    o: str  # an Outcome (checked when read)
    s: NotRequired[int]  # the score, where the game has one
    ai: NotRequired[bool]


class ResultDict(TypedDict):
    """A `GameResult` as stored (`to_dict`; older results may lack the optional keys)."""

    id: str
    kind: str
    variant: NotRequired[str]
    players: list[PlayerDict]
    moves: NotRequired[int]
    duration: NotRequired[int]
    at: float
    date: str
    chat: NotRequired[int | None]
    undo: NotRequired[bool]
    hint: NotRequired[bool]
    daily: NotRequired[int | None]
    tier: NotRequired[str]
    late: NotRequired[bool]
    par: NotRequired[int]
    ranked: NotRequired[bool]
    vs_ai: NotRequired[bool]
    rounds: NotRequired[int | None]
    extra: NotRequired[dict[str, JSON]]


@dataclass(frozen=True, slots=True)
class PlayerResult:
    user_id: int
    seat: int
    name: str
    outcome: Outcome
    score: int | None = None  # the game's own score where it has one (rules Status.scores)
    ai: bool = False

    @property
    def won(self) -> bool:
        return self.outcome == "won"

    def to_dict(self) -> PlayerDict:
        out = PlayerDict(u=self.user_id, seat=self.seat, name=self.name, o=self.outcome)
        if self.score is not None:
            out["s"] = self.score
        if self.ai:
            out["ai"] = True
        return out

    @classmethod
    def from_dict(cls, d: PlayerDict) -> PlayerResult:
        outcome = str(d["o"])
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {outcome!r}")
        score = d.get("s")
        return cls(
            user_id=int(d["u"]),
            seat=int(d["seat"]),
            name=str(d.get("name") or ""),
            outcome=outcome,
            score=None if score is None else int(score),
            ai=bool(d.get("ai")),
        )


LANGS = "langs"  # `GameResult.extra`: each human player's language ({"<user id>": "en"})


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game. `date` is the UTC day it ended ('YYYY-MM-DD'); `daily` the number of
    the deal of the day it was (None for any other deal), `tier` which of the day's three
    ("e", "m", "h"; "" for a day with one deal), `late` whether it was an earlier day's deal
    (never ranked); `ranked` whether it counts on the leaderboards and in ratings (False:
    games against the computer, replays of the day's deal);
    `rounds` the game's rounds (`Scoring.rounds`: None where the game has none)."""

    game_id: str
    kind: str
    variant: str
    players: tuple[PlayerResult, ...]
    moves: int
    duration: int  # seconds
    finished_at: float  # unix time
    date: str
    chat_id: int | None = None  # the group chat (None for a solitaire in a private chat)
    used_undo: bool = False
    used_hint: bool = False
    daily: int | None = None
    ranked: bool = True
    rounds: int | None = None
    par: int | None = None  # the deal's par (a deal of the day proved winnable), see `over_par`
    tier: str = ""
    late: bool = False
    extra: dict[str, JSON] = field(default_factory=dict)  # anything else a game wants kept

    def __post_init__(self) -> None:
        if not self.players:
            raise ValueError("a result needs at least one player")
        if len({p.user_id for p in self.players}) != len(self.players):
            raise ValueError("a player appears twice in a result")

    @property
    def vs_computer(self) -> bool:
        return any(p.ai for p in self.players)

    @property
    def over_par(self) -> int | None:
        """A won solitaire's moves over its deal's par (None: not won, or no par)."""
        if self.par is None or not self.solitaire or not self.players[0].won:
            return None
        return self.moves - self.par

    @property
    def humans(self) -> tuple[PlayerResult, ...]:
        return tuple(p for p in self.players if not p.ai)

    @property
    def solitaire(self) -> bool:
        return is_solitaire(self.kind)

    @property
    def rated(self) -> bool:
        """Whether the ratings change: a ranked group game of at least two humans and no
        computer seat."""
        return (
            self.ranked
            and self.kind in GAMES
            and not GAMES[self.kind].solitaire
            and GAMES[self.kind].rated
            and not self.vs_computer
            and len(self.players) >= 2
        )

    def lang_of(self, user_id: int) -> str:
        """A human player's language as the game knew it ("": not recorded)."""
        langs = self.extra.get(LANGS)
        found = langs.get(str(user_id)) if isinstance(langs, dict) else None
        return found if isinstance(found, str) else ""

    def player(self, user_id: int) -> PlayerResult:
        for p in self.players:
            if p.user_id == user_id:
                return p
        raise KeyError(user_id)

    def to_dict(self) -> ResultDict:
        out: ResultDict = {
            "id": self.game_id,
            "kind": self.kind,
            "variant": self.variant,
            "players": [p.to_dict() for p in self.players],
            "moves": self.moves,
            "duration": self.duration,
            "at": self.finished_at,
            "date": self.date,
            "chat": self.chat_id,
            "undo": self.used_undo,
            "hint": self.used_hint,
            "daily": self.daily,
            "ranked": self.ranked,
            "vs_ai": self.vs_computer,  # derived; kept for whoever reads the stored JSON
            "rounds": self.rounds,
        }
        if self.par is not None:
            out["par"] = self.par
        if self.tier:
            out["tier"] = self.tier
        if self.late:
            out["late"] = True
        if self.extra:
            out["extra"] = self.extra
        return out

    @classmethod
    def from_dict(cls, d: ResultDict) -> GameResult:
        chat, daily, rounds, par = d.get("chat"), d.get("daily"), d.get("rounds"), d.get("par")
        return cls(
            game_id=str(d["id"]),
            kind=str(d["kind"]),
            variant=str(d.get("variant") or ""),
            players=tuple(PlayerResult.from_dict(p) for p in d["players"]),
            moves=int(d.get("moves") or 0),
            duration=int(d.get("duration") or 0),
            finished_at=float(d["at"]),
            date=str(d["date"]),
            chat_id=None if chat is None else int(chat),
            used_undo=bool(d.get("undo")),
            used_hint=bool(d.get("hint")),
            daily=None if daily is None else int(daily),
            ranked=bool(d.get("ranked", True)),
            rounds=None if rounds is None else int(rounds),
            par=None if par is None else int(par),
            tier=str(d.get("tier") or ""),
            late=bool(d.get("late")),
            extra=dict(d.get("extra") or {}),
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameResult:
        return cls.from_dict(json.loads(text))


def places(result: GameResult) -> dict[int, int]:
    """Each player's place (1 = first; equal places are ties), as the ratings take it: winners
    first, then draws, then those who lost, then those who left (resigned, timed out,
    abandoned); within a group, by score where the game ranks by a higher score."""
    by_score = spec(result.kind).ranking == "higher"

    def key(p: PlayerResult) -> tuple[int, int]:
        group = {"won": 0, "draw": 1, "lost": 2}.get(p.outcome, 3)
        return group, -(p.score or 0) if by_score and group >= 2 else 0

    keys = {p.user_id: key(p) for p in result.players}
    ordered = sorted(set(keys.values()))
    return {uid: ordered.index(k) + 1 for uid, k in keys.items()}
