"""The figures `group_pace.py` prints for one game, read after the game from what the players
did (their taps, the moves they completed, when each turn came and when its player acted) and
from the Bot API emulator's request log (every call with its time, its params and its status).

A tap is answered at the emulator's time of the bot's answerCallbackQuery for it. A group write
shows a *position* (`Game.position_of`): Parquet's, the version its buttons carry
(`parquet_position`); Ryadki's, how far the game has gone by the cards left in the hands and
the stock (`ryadki_position`; its board has no versioned button). A move is on the group's
board at the first successful group write after the move's tap whose position is the move's
or a later one. All times are the wall clock (`time.time()`) of this process, the emulator's
too.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import rules
from rules.ryadki_view import RyadkiView
from tests.e2e.emulator import Emulator, RequestLog
from tests.e2e.requests import chat_writes, keyboard_version
from tests.support.tg_model import shown_text

PING = "🔔"  # every turn ping and reminder starts so (bot/locales/*/pings.ftl)
OVER = 10**6  # the position of a finished game


@dataclass
class Tap:
    callback_id: str
    at: float


@dataclass
class Move:
    at: float  # the tap that made it
    position: int  # the game's position it leads to (see `Game.position_of`)


@dataclass
class Turn:
    user_id: int
    name: str
    began: float  # the previous move's tap (the game's first board for the first turn)
    acted: float  # the player's first tap of it


@dataclass
class Game:
    title: str
    group_id: int
    position_of: Callable[[dict[str, Any]], int | None]  # a group write's params → position
    first_request: int  # the emulator's request log from here on is this game's
    started: float
    ended: float = 0.0
    taps: list[Tap] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what went unexpectedly, with evidence


def shown(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.1f} s"


def parquet_position(params: dict[str, Any]) -> int | None:
    """The version the board's buttons carry (the group's other messages show none)."""
    text = shown_text(str(params.get("text", "")), params.get("parse_mode"))
    version = keyboard_version(params)
    return version if version >= 0 and text.startswith("🧩 Parquet") else None


def ryadki_position(params: dict[str, Any]) -> int | None:
    """How far the game is by the board's text: each card played takes one from the cards
    left in the hands and the stock (a refill moves stock cards to the hands)."""
    text = shown_text(str(params.get("text", "")), params.get("parse_mode"))
    if not text.startswith("🃏 Ryadki ·"):
        return None
    if "game over" in text.splitlines()[0]:
        return OVER
    hands = re.findall(r"\s(\d+|—)\s+\d+\s+-?\d+$", text, re.MULTILINE)
    stock = re.search(r"Stock: (\d+)", text)
    if not hands or stock is None:
        return None
    return 1000 - sum(int(h) for h in hands if h.isdigit()) - int(stock.group(1))


def ryadki_progress(state: object) -> int:
    mod = rules.GAMES["ryadki"]
    if mod.turn(state) is None:
        return OVER
    view = cast(RyadkiView, mod.view(state, -1))
    return 1000 - sum(view["hands"]) - view["stock"]


def spread(values: Sequence[float]) -> str:
    """p50 / p95 / max of seconds, in ms below 1 s."""
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"p50 {shown(statistics.median(ordered))}, p95 {shown(p95)}, max {shown(ordered[-1])}"


def requests_of(emu: Emulator, game: Game) -> list[RequestLog]:
    return emu.requests[game.first_request :]


def answer_delays(emu: Emulator, game: Game) -> tuple[list[float], list[str]]:
    """Seconds from each tap to the bot's answer, and the taps with no good answer."""
    answered: dict[str, RequestLog] = {}
    for r in requests_of(emu, game):
        if r.method == "answerCallbackQuery":
            answered.setdefault(str(r.params.get("callback_query_id")), r)
    delays, missing = [], []
    for tap in game.taps:
        got = answered.get(tap.callback_id)
        if got is None or got.status != 200:
            missing.append(f"tap {tap.callback_id}: {got.line() if got else 'never answered'}")
        else:
            delays.append(got.at - tap.at)
    return delays, missing


def group_writes(emu: Emulator, game: Game) -> list[RequestLog]:
    """The sends and edits that reached the group during the game."""
    return chat_writes(emu, game.group_id, game.first_request)


def board_shows(emu: Emulator, game: Game) -> list[tuple[float, int]]:
    """(time, position) of each successful group write that shows a position, in order."""
    out = []
    for r in group_writes(emu, game):
        position = game.position_of(r.params)
        if position is not None:
            out.append((r.at, position))
    return out


def caught_up(emu: Emulator, game: Game) -> bool:
    """The group's board shows the last move (or no move was made)."""
    last = game.moves[-1].position if game.moves else -1
    return any(pos >= last for _at, pos in board_shows(emu, game))


def board_lags(moves: Sequence[Move], shows: Sequence[tuple[float, int]]) -> list[float | None]:
    """Per move: seconds from its tap to the first board write showing it (None: never)."""
    lags: list[float | None] = []
    for move in moves:
        seen = next((at for at, pos in shows if at >= move.at and pos >= move.position), None)
        lags.append(None if seen is None else seen - move.at)
    return lags


def most_behind(moves: Sequence[Move], lags: Sequence[float | None], end: float) -> int:
    """The most moves made and not yet on the board at one moment (each move's own tap
    included: 1 when each move was shown before the next was made)."""
    shown = [m.at + lag if lag is not None else end for m, lag in zip(moves, lags, strict=True)]
    return max(
        (sum(1 for m, s in zip(moves, shown, strict=True) if m.at <= t.at < s) for t in moves),
        default=0,
    )


def going_back(shows: Sequence[tuple[float, int]], started: float) -> list[str]:
    """Board writes that showed an older position than an earlier write had."""
    out, best = [], -1
    for at, pos in shows:
        if pos < best:
            out.append(f"+{at - started:.1f} s: position {pos} after {best}")
        best = max(best, pos)
    return out


def pings(emu: Emulator, game: Game) -> list[RequestLog]:
    return [
        r
        for r in requests_of(emu, game)
        if r.status == 200
        and r.method == "sendMessage"
        and shown_text(str(r.params.get("text", "")), r.params.get("parse_mode")).startswith(PING)
    ]


def notified(turn: Turn, sent: Sequence[RequestLog], group_id: int) -> bool:
    """A ping or reminder for this turn's player reached them (or the group, naming them)
    while the turn waited."""
    for r in sent:
        if not turn.began <= r.at <= turn.acted:
            continue
        chat = r.params.get("chat_id")
        text = shown_text(str(r.params.get("text", "")), r.params.get("parse_mode"))
        if chat == turn.user_id or (chat == group_id and turn.name in text):
            return True
    return False


def refusals(emu: Emulator, game: Game) -> tuple[int, int, int]:
    """429s answered by "Telegram": (in the group, in private chats, elsewhere or chatless)."""
    group = private = other = 0
    for r in requests_of(emu, game):
        if r.status != 429:
            continue
        chat = r.params.get("chat_id")
        if chat == game.group_id:
            group += 1
        elif isinstance(chat, int) and chat > 0:
            private += 1
        else:
            other += 1
    return group, private, other


def report(emu: Emulator, game: Game, reminder_delay: float, *, lag_detail: bool) -> list[str]:
    """The lines printed for one game."""
    moves = len(game.moves)
    lines = [
        f"{game.title}: {moves} moves, {len(game.taps)} taps, {game.ended - game.started:.0f} s"
    ]
    delays, missing = answer_delays(emu, game)
    lines.append(f"  taps answered:            {spread(delays)} ({len(delays)} taps)")
    game.notes += missing
    shows = board_shows(emu, game)
    lags = board_lags(game.moves, shows)
    seen = [lag for lag in lags if lag is not None]
    never = moves - len(seen)
    lines.append(
        f"  move → the group's board: {spread(seen)} ({len(seen)} moves"
        + (f"; {never} never shown)" if never else ")")
    )
    if lag_detail:
        back = going_back(shows, game.started)
        lines.append(
            f"  the board's lag:          max {shown(max(seen, default=0.0))}, moves made and not "
            f"yet shown at once: at most {most_behind(game.moves, lags, game.ended)}; an older "
            f"position after a newer one: {'never' if not back else f'{len(back)} times'}"
        )
        game.notes += [f"older position shown at {b}" for b in back]
    writes = group_writes(emu, game)
    sent = pings(emu, game)
    in_group = [r for r in sent if r.params.get("chat_id") == game.group_id]
    board = sum(1 for r in writes if game.position_of(r.params) is not None)
    edits = sum(1 for r in writes if r.method != "sendMessage")
    lines.append(
        f"  group messages:           {len(writes)} for {moves} moves = "
        f"{len(writes) / max(moves, 1):.2f} per move ({edits} edits, "
        f"{len(writes) - edits} sends; showing the board {board}, pings {len(in_group)}, "
        f"other {len(writes) - board - len(in_group)})"
    )
    waited = [t for t in game.turns if t.acted - t.began > reminder_delay]
    told = [t for t in waited if notified(t, sent, game.group_id)]
    lines.append(
        f"  turns that waited > {reminder_delay:g} s:  {len(waited)}, notified: {len(told)} "
        f"(of {len(game.turns)} turns; pings sent: {len(sent) - len(in_group)} private, "
        f"{len(in_group)} in the group)"
    )
    game.notes += [
        f"{t.name}'s turn at +{t.began - game.started:.1f} s waited {t.acted - t.began:.1f} s "
        "with no ping or reminder"
        for t in waited
        if t not in told
    ]
    group, private, other = refusals(emu, game)
    lines.append(
        f"  429s from Telegram:       in the group {group}, in private chats {private}"
        + (f", elsewhere {other}" if other else "")
    )
    lines += [f"  NOTE: {n}" for n in game.notes]
    return lines
