"""One game as stored: the rules state (JSON text) plus the bot's own data, as typed models.

A record's `meta` is a `SoloMeta` (a solitaire in a private chat) or a
`TableMeta` (a lobby, then a table in a group). Both serialise to a plain dict
with a schema version `v`; a dict saved by the code before these models (no `v`) is migrated
when it is read, so games stored by an older bot load and play on.

Whether a game is over has one source of truth, `GameRecord.finished`. A table's phase is
derived from it: a lobby has no rules state yet; a finished lobby was closed (`closed` names
why); a finished table is over.
"""

from __future__ import annotations

import json
import secrets
import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.events import Event
from bot.registry import is_solitaire
from bot.storage.fields import opt_float, opt_int, place
from rules.views import View

ID_ALPHABET = string.ascii_letters + string.digits
ID_LENGTH = 10
SCHEMA = 3  # the meta dicts' layout; 1 (no "v" key) and 2 are migrated on read

Phase = Literal["lobby", "play", "over", "cancelled"]
Place = tuple[int, int]  # (chat_id, message_id) of a message the bot keeps up to date


def new_id(length: int = ID_LENGTH) -> str:
    """A short unguessable id: `length` characters of [A-Za-z0-9] (62^10 ≈ 8·10^17)."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(length))


JSONObject = dict[str, object]  # what a meta dict becomes (json.dumps writes it)
# a record's payload: compact JSON, the text as is; one encoder made once (json.dumps with these
# options would make one per call), no cycle check (a payload is a tree of plain values)
_PAYLOAD = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False)


@dataclass(slots=True)
class Player:
    """A seat at a table: who sits there and the language of their private messages. A
    computer seat (`ai`) has a negative user id no Telegram user has."""

    user_id: int
    name: str
    lang: str = "ru"
    ai: bool = False

    def to_dict(self) -> JSONObject:
        data: JSONObject = {"user_id": self.user_id, "name": self.name, "lang": self.lang}
        if self.ai:
            data["ai"] = True
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Player:
        lang = str(data.get("lang") or "ru")
        return cls(int(data["user_id"]), str(data["name"]), lang, bool(data.get("ai")))


@dataclass(slots=True)
class SoloMeta:
    """A solitaire's bot data. Undo history: `s0` is a state JSON (the opening state, moved
    forward in long games), `history` every move since (space-separated), `undo_left` how many
    steps back are allowed. `events` are those of the last change (shown on the board)."""

    uid: int
    lang: str
    variant: str
    msg: int | None = None  # the board message
    moves: int = 0
    undos: int = 0
    s0: str | None = None
    history: str = ""
    undo_left: int = 0
    started: float = 0.0
    ended: float | None = None
    events: list[Event] = field(default_factory=list)
    name: str = ""  # the player's name (leaderboards)
    hints: int = 0
    daily: int | None = None  # the number of the deal of the day this is
    tier: str = ""  # which of the day's three deals ("e", "m", "h"; "" a day with one)
    late: bool = False  # an earlier day's deal (never ranked)
    par: int | None = None  # the deal of the day's par (`bot.stats.daily_winnable`)
    ranked: bool = True  # counts on the leaderboards (a replay of the day's deal does not)
    howto: bool = False  # the player's first game of this kind: the board says how to play
    # a winning line the solver proved (space-separated moves) and the position it starts from,
    # "<moves of the history>:<digest of s0 and those moves>" (`bot.games.solitaire.proved`)
    line: str = ""
    line_at: str = ""
    settled: int | None = None  # a version still showing this position (`state.position`)

    def to_dict(self) -> JSONObject:
        data: JSONObject = {
            "v": SCHEMA,
            "name": self.name,
            "hints": self.hints,
            "daily": self.daily,
            "par": self.par,
            "ranked": self.ranked,
            "howto": self.howto,
            "uid": self.uid,
            "lang": self.lang,
            "variant": self.variant,
            "msg": self.msg,
            "moves": self.moves,
            "undos": self.undos,
            "s0": self.s0,
            "history": self.history,
            "undo_left": self.undo_left,
            "started": self.started,
            "ended": self.ended,
            "events": self.events,
        }
        if self.tier:  # (only a deal of the day dealt in tiers)
            data["tier"] = self.tier
        if self.late:
            data["late"] = True
        if self.line:  # (only while there is one: most saves carry none)
            data["line"], data["line_at"] = self.line, self.line_at
        return data if self.settled is None else {**data, "settled": self.settled}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SoloMeta:
        if d.get("v") is None:  # schema 1: `log` was the move history, `event` locale lines
            d = {**d, "history": d.get("log") or "", "events": []}
        return cls(
            uid=int(d["uid"]),
            lang=str(d.get("lang") or "ru"),
            variant=str(d.get("variant") or ""),
            msg=opt_int(d.get("msg")),
            moves=int(d.get("moves") or 0),
            undos=int(d.get("undos") or 0),
            s0=d.get("s0"),
            history=str(d.get("history") or ""),
            undo_left=int(d.get("undo_left") or 0),
            started=float(d.get("started") or 0.0),
            ended=opt_float(d.get("ended")),
            events=list(d.get("events") or []),
            name=str(d.get("name") or ""),
            hints=int(d.get("hints") or 0),
            daily=opt_int(d.get("daily")),
            tier=str(d.get("tier") or ""),
            late=bool(d.get("late")),
            par=opt_int(d.get("par")),
            ranked=bool(d.get("ranked", True)),
            howto=bool(d.get("howto")),
            line=str(d.get("line") or ""),
            line_at=str(d.get("line_at") or ""),
            settled=opt_int(d.get("settled")),
        )


@dataclass(slots=True)
class TableMeta:
    """A group game's bot data: the lobby (seats, creator, settings), where its messages are,
    and the bookkeeping of play (deadline, timeouts, the events shown under the table)."""

    creator: int
    players: list[Player] = field(default_factory=list)
    # the lobby settings the creator chose (`bot.registry.GameSpec.settings`; absent: default)
    settings: dict[str, int] = field(default_factory=dict)
    code: str = ""  # the invite code
    lang: str = "ru"  # the language of the public messages
    title: str | None = None  # the group's title
    group: int | None = None  # the group chat (None until the lobby is opened in one)
    # the forum topic (message_thread_id) the game lives in; None: no topic (or General)
    thread: int | None = None
    board: Place | None = None  # the one public message: the lobby, then the table
    invite: Place | None = None  # the creator's private invite message
    hands: dict[int, Place] = field(default_factory=dict)  # seat → private hand (hidden hands)
    # seat → the hand shown in the group to that player alone (a Bot API 10.2 ephemeral
    # message's id; the chat is `group`): a player the bot may not write to, or who prefers it
    ephemeral: dict[int, int] = field(default_factory=dict)
    # seat → that player's own copy of the board in their private chat (a quick match between
    # strangers: no group, each plays in their own chat; bot.games.places.SeatBoard)
    boards: dict[int, Place] = field(default_factory=dict)
    # the inline message the game lives in (inline mode: any chat, edited by this id, no chat)
    inline: str | None = None
    dm_failed: list[int] = field(default_factory=list)  # seats whose hand could not be sent
    expires: float | None = None  # lobby expiry
    due: float | None = None  # turn deadline
    timeouts: list[int] = field(default_factory=list)  # consecutive timeouts per seat
    events: list[Event] = field(default_factory=list)  # shown under the table
    events_at: float | None = None
    pick: str | None = None  # a two-tap move's first tap (a hand card or board cell)
    # how the game ended when not by the rules' own end: "timeout" | "resign" (the move that
    # ended it), "abandoned" (no person left playing), "replaced"
    why: str | None = None
    closed: str | None = None  # a closed lobby: the locale key saying why
    migrating: tuple[int, float] | None = None  # (new chat, since): moving to a supergroup
    rematch: bool = False  # a rematch was opened from this finished table
    level: str = "normal"  # how well the computer seats play ("easy" | "normal" | "strong")
    private: bool = False  # against the computer in the creator's private chat (no group)
    started: float | None = None  # when the game was dealt
    left: dict[int, str] = field(default_factory=dict)  # seat → "resigned" | "timeout"
    # seat → when that person last made a move of their own (a turn ping waits for one who is
    # playing now: bot.games.table.pings)
    acted: dict[int, float] = field(default_factory=dict)
    # the version at which the position (the rules' state, a pick) last changed: the buttons
    # carry it, so a save that changes nothing a player sees (a hand message re-sent, a setting)
    # makes no screen stale (bot.games.state.position; None: every version is a position)
    settled: int | None = None
    tour: str = ""  # the tournament this table is a game of (its owner: bot.games.tournament)
    turn: int | None = None  # seconds a turn may take here (None: TURN_TIMEOUT_SECONDS)

    def to_dict(self) -> JSONObject:
        return {
            "v": SCHEMA,
            "creator": self.creator,
            "players": [p.to_dict() for p in self.players],
            "settings": self.settings,
            "code": self.code,
            "lang": self.lang,
            "title": self.title,
            "group": self.group,
            "thread": self.thread,
            "board": self.board,
            "invite": self.invite,
            "hands": {str(k): v for k, v in self.hands.items()},
            "ephemeral": {str(k): v for k, v in self.ephemeral.items()},
            "boards": {str(k): v for k, v in self.boards.items()},
            "inline": self.inline,
            "dm_failed": self.dm_failed,
            "expires": self.expires,
            "due": self.due,
            "timeouts": self.timeouts,
            "events": self.events,
            "events_at": self.events_at,
            "pick": self.pick,
            "why": self.why,
            "closed": self.closed,
            "migrating": self.migrating,
            "rematch": self.rematch,
            "level": self.level,
            "private": self.private,
            "started": self.started,
            "left": {str(k): v for k, v in self.left.items()},
            "acted": {str(k): v for k, v in self.acted.items()},
            "settled": self.settled,
            "tour": self.tour,
            "turn": self.turn,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> TableMeta:
        if d.get("v") is None:  # schema 1: `log` was the events, a `phase` key
            d = {**d, "events": d.get("log") or [], "events_at": d.get("log_at")}
        if d.get("v") == 2:  # schema 2: the settings were fields (Ryadki's deck and deals)
            d = {**d, "settings": {k: d[k] for k in ("deck", "deals") if d.get(k) is not None}}
        migrating = d.get("migrating")
        return cls(
            creator=int(d["creator"]),
            players=[Player.from_dict(p) for p in d.get("players") or []],
            settings={
                str(k): int(v) for k, v in (d.get("settings") or {}).items() if v is not None
            },
            code=str(d.get("code") or ""),
            lang=str(d.get("lang") or "ru"),
            title=d.get("title"),
            group=opt_int(d.get("group")),
            thread=opt_int(d.get("thread")),
            board=place(d.get("board")),
            invite=place(d.get("invite")),
            hands={int(k): (int(v[0]), int(v[1])) for k, v in (d.get("hands") or {}).items()},
            ephemeral={int(k): int(v) for k, v in (d.get("ephemeral") or {}).items()},
            boards={int(k): (int(v[0]), int(v[1])) for k, v in (d.get("boards") or {}).items()},
            inline=d.get("inline") or None,
            dm_failed=[int(s) for s in d.get("dm_failed") or []],
            expires=opt_float(d.get("expires")),
            due=opt_float(d.get("due")),
            timeouts=[int(n) for n in d.get("timeouts") or []],
            events=list(d.get("events") or []),
            events_at=opt_float(d.get("events_at")),
            pick=d.get("pick"),
            why=d.get("why"),
            closed=d.get("closed"),
            migrating=(int(migrating[0]), float(migrating[1])) if migrating else None,
            rematch=bool(d.get("rematch")),
            level=str(d.get("level") or "normal"),
            private=bool(d.get("private")),
            started=opt_float(d.get("started")),
            left={int(k): str(v) for k, v in (d.get("left") or {}).items()},
            acted={int(k): float(v) for k, v in (d.get("acted") or {}).items()},
            settled=opt_int(d.get("settled")),
            tour=str(d.get("tour") or ""),
            turn=opt_int(d.get("turn")),
        )

    @property
    def humans(self) -> list[int]:
        """The seats of people (not computer players)."""
        return [i for i, p in enumerate(self.players) if not p.ai]

    def is_ai(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.players) and self.players[seat].ai

    def seat_of(self, user_id: int) -> int | None:
        for i, p in enumerate(self.players):
            if p.user_id == user_id:
                return i
        return None


Meta = SoloMeta | TableMeta


@dataclass(slots=True)
class Decoded:
    """A rules state decoded from its JSON `text`, with its view once someone computed it.
    Both are only read (rules states are immutable; renderers never change a view)."""

    text: str
    state: object  # a rules state: opaque here, read by its engine
    view: View | None = None
    viewer: int = 0  # the seat `view` is for (-1: the public view)


@dataclass
class GameRecord:
    """One game as stored: the rules state (JSON text, "" for a lobby) plus the bot's data."""

    id: str
    kind: str
    chat_id: int
    state: str
    meta: Meta
    version: int = 0
    finished: bool = False
    # not stored: the rules state decoded from `state` (and its view), kept by whoever decoded
    # it, so a record that stays in memory is decoded only once
    decoded: Decoded | None = field(default=None, repr=False, compare=False)

    @property
    def solo(self) -> SoloMeta:
        """The meta of a solitaire (TypeError for a table: a bug, never user input)."""
        if not isinstance(self.meta, SoloMeta):
            raise TypeError(f"game {self.id} ({self.kind}) is not a solitaire")
        return self.meta

    @property
    def table(self) -> TableMeta:
        """The meta of a group game (TypeError for a solitaire)."""
        if not isinstance(self.meta, TableMeta):
            raise TypeError(f"game {self.id} ({self.kind}) is not a group game")
        return self.meta

    @property
    def phase(self) -> Phase:
        if self.finished:
            return "cancelled" if isinstance(self.meta, TableMeta) and self.meta.closed else "over"
        return "lobby" if not self.state else "play"

    def payload(self) -> str:
        """Everything but id and version, as compact JSON (what a backend stores)."""
        return _PAYLOAD.encode(
            {
                "k": self.kind,
                "c": self.chat_id,
                "s": self.state,
                "m": self.meta.to_dict(),
                "f": self.finished,
            }
        )

    @classmethod
    def from_payload(cls, game_id: str, version: int, payload: str | bytes) -> GameRecord:
        data = json.loads(payload)
        kind = str(data["k"])
        raw = data.get("m") or {}
        meta: Meta = SoloMeta.from_dict(raw) if is_solitaire(kind) else TableMeta.from_dict(raw)
        return cls(
            id=game_id,
            kind=kind,
            chat_id=int(data["c"]),
            state=data["s"],
            meta=meta,
            version=version,
            finished=bool(data.get("f")),
        )
