"""Group games at a person's pace, at Telegram's real limits: how soon each tap is answered, how
soon the group's board shows each move, what the group is sent per move, who is reminded of a
turn that waits, and how often "Telegram" answers 429.

The real `python -m bot` (the bot's default settings: every setting it reads from the
environment is removed but the token, the API URL, the Redis URL, the data path and the
language) polls the Bot API emulator of tests/e2e, which enforces Telegram's limits (its
defaults, tests/support/tg_limits.py: a group ≤ 20 writes a minute, sends and edits alike; any
chat about 1 a second with a burst of 3; the bot 30 a second; 429 with retry_after past them),
with a redis-server started here on a free loopback port. Each game has its own emulator, bot
process and Redis database; everything started is stopped at the end, every wait is bounded.

- Parquet, 2 players in a group (Alice has opened the bot's private chat, Bob has not), at 5 s
  and at 1.5 s a tap. A move is two taps on one version of the board: a card (`~pick:`,
  answered to that player alone), then its ✅ cell (`~to:`), which makes the move and the
  group's one edit. The mover reads the game from Redis and plays the rules engine's `normal`
  suggestion when its card and cell are on the board, else a seeded choice among the legal
  moves the board offers.
- Ryadki, 4 players, 1 deal (set in the lobby, so a game lasts minutes), 4 s a card: the player
  whose private hand says "Your turn" taps a seeded choice of its ✅ cards.

Pace: a tap comes `pace` seconds after the later of the player's previous tap (the previous
move's, for a new turn) and the moment what they tap (the group's board, the private hand)
showed the position: a player never taps what they cannot see. How the figures are read:
`pace_figures.py`.

Usage:
    python benchmarks/group_pace.py                    # all three games, ~12 minutes
    python benchmarks/group_pace.py --only parquet1.5  # or parquet5, ryadki4
    python benchmarks/group_pace.py --quick            # 4 Parquet moves, 6 Ryadki cards

Needs redis-server (apt). A script that prints figures, not a test: it asserts no timing.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(1, str(Path(__file__).resolve().parent))  # the sibling module, also under -m

from pace_figures import (
    Game,
    Move,
    Tap,
    Turn,
    caught_up,
    parquet_position,
    report,
    ryadki_position,
    ryadki_progress,
)

import rules
from bot.config import Settings
from bot.games.state import position
from bot.storage import GameRecord
from bot.storage.redis_store import RedisStore
from tests.e2e.botproc import REPO_ROOT, BotProcess
from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.requests import keyboard_version, version_of
from tests.e2e.test_ryadki_limits import start_game
from tests.support import parquet_taps, tg_limits
from tests.support.recording import TgChat, TgMessage
from tests.support.redis_server import start_redis
from tests.support.tg_model import shown_text

GAMES = {"parquet5": ("parquet", 5.0), "parquet1.5": ("parquet", 1.5), "ryadki4": ("ryadki", 4.0)}
QUICK = {"parquet": 4, "ryadki": 6}  # moves played with --quick
BOARD_WAIT = 90.0  # a move held back by the group's budget shows within its minute
# of what BotProcess sets, these stay; every other setting (its 1 s polling timeout too) is
# left to the bot's default
KEPT = {"BOT_TOKEN", "TELEGRAM_API_URL", "REDIS_URL", "DATA_PATH", "DEFAULT_LANGUAGE"}
DEFAULTS = Settings.model_fields
REMINDER = float(DEFAULTS["turn_reminder_seconds"].default)


@dataclass
class Table:
    emu: Emulator
    store: RedisStore
    pace: float
    rng: random.Random
    limit: int | None  # moves to play (None: the whole game)
    game: Game | None = None

    def more(self) -> bool:
        return self.game is not None and (self.limit is None or len(self.game.moves) < self.limit)


async def sleep_until(at: float) -> None:
    await asyncio.sleep(max(0.0, at - time.time()))  # a person's pace, not a synchronisation


async def tap(table: Table, user: EmuUser, message: TgMessage, data: str) -> tuple[float, str]:
    """Tap a button and wait for the answer: (when tapped, the toast's text or '')."""
    assert table.game is not None
    at = time.time()
    callback = user.tap_data(message, data)
    table.game.taps.append(Tap(callback, at))
    answer = await table.emu.wait_answer(callback, timeout=30)
    return at, str(answer.get("text", ""))


async def saved_after(store: RedisStore, gid: str, version: int) -> GameRecord:
    """The game once a move after the position at `version` is saved (bounded)."""
    deadline = time.monotonic() + 15
    while True:
        record = await store.load(gid)
        if record is not None and position(record) > version:
            return record
        if time.monotonic() > deadline:
            raise AssertionError(f"game {gid} was not saved after version {version}")
        await asyncio.sleep(0.02)


def shown_since(table: Table, chat_id: int, ok: Callable[[dict[str, Any]], bool]) -> float:
    """When a successful write to `chat_id` in this game first satisfied `ok` (now if never)."""
    assert table.game is not None
    for r in table.emu.requests[table.game.first_request :]:
        if r.status == 200 and r.params.get("chat_id") == chat_id and ok(r.params):
            return r.at
    return time.time()


async def wait_shown(
    table: Table, find: Callable[[], TgMessage | None], what: str
) -> TgMessage | None:
    """The message `find` returns, waited for up to BOARD_WAIT; None (noted) when it never came."""
    try:
        return await table.emu.wait_for(find, BOARD_WAIT, what)
    except AssertionError as err:
        assert table.game is not None
        table.game.notes.append(str(err).splitlines()[0])
        return None


# -- Parquet --------------------------------------------------------------------------------------
def carries(version: int) -> Callable[[dict[str, Any]], bool]:
    """A write whose buttons carry `version` or a later one."""
    return lambda params: keyboard_version(params) >= version


def parquet_board(emu: Emulator, group: TgChat) -> TgMessage | None:
    boards = [m for m in emu.messages(group) if parquet_position(m.api()) is not None]
    return boards[-1] if boards else None


def parquet_choice(
    state: object, seat: int, board: TgMessage, gid: str, version: int, rng: random.Random
) -> tuple[str, str]:
    """The (card, cell) taps of a legal move whose buttons are both on the board."""
    mod = rules.GAMES["parquet"]
    offered = set(board.callback_data())
    options = [
        taps
        for move in mod.legal_moves(state, seat)
        if (taps := parquet_taps.taps(gid, version, move))[0] in offered and taps[1] in offered
    ]
    best = mod.suggest(state, seat, rng.randrange(1 << 30), "normal")
    choice = parquet_taps.taps(gid, version, best)
    if choice in options:
        return choice
    assert options, f"no legal move can be tapped on {board.describe()}"
    return rng.choice(options)


async def play_parquet(table: Table, title: str) -> None:
    emu = table.emu
    alice = emu.user("Alice", language_code="en", started=True)
    bob = emu.user("Bob", language_code="en")
    users = {u.id: u for u in (alice, bob)}
    group = emu.group("Card Club", owner=alice, members=[bob])
    alice.send(group, "/newgame parquet")
    lobby = await emu.wait_message(group, "gathering players")
    bob.tap(lobby, "✋ Join")
    board = await emu.wait_message(group, "cross phase")
    gid = board.callback_data()[0].split(":")[0]
    table.game = game = Game(title, group.id, parquet_position, len(emu.requests), time.time())
    last_tap = began = game.started
    record = await table.store.load(gid)
    assert record is not None
    mod = rules.GAMES["parquet"]
    while table.more() and len(game.notes) < 5:
        version = position(record)

        def current(v: int = version) -> TgMessage | None:
            found = parquet_board(emu, group)
            return found if found is not None and version_of(found) >= v else None

        if (shown := await wait_shown(table, current, f"the board at version {version}")) is None:
            return
        state = mod.from_json(record.state)
        seat = mod.turn(state)
        if seat is None:
            return
        user = users[record.table.players[seat].user_id]
        pick, cell = parquet_choice(state, seat, shown, gid, version, table.rng)
        seen = shown_since(table, group.id, carries(version))
        await sleep_until(max(last_tap, seen) + table.pace)
        first, said = await tap(table, user, shown, pick)
        game.turns.append(Turn(user.id, user.name, began, first))
        if "now tap" not in said:
            game.notes.append(f"{user.name}'s card {pick} was answered {said!r}")
        else:
            await sleep_until(first + table.pace)
            last_tap, said = await tap(table, user, shown, cell)
            if said:
                game.notes.append(f"{user.name}'s cell {cell} was answered {said!r}")
            else:
                record = await saved_after(table.store, gid, version)
                game.moves.append(Move(last_tap, position(record)))
                began = last_tap
                continue
        record = await table.store.load(gid) or record


# -- Ryadki ---------------------------------------------------------------------------------------
def turn_in(version: int) -> Callable[[dict[str, Any]], bool]:
    """A hand's write that says it is its player's turn at `version` (or later)."""

    def said(params: dict[str, Any]) -> bool:
        text = shown_text(str(params.get("text", "")), params.get("parse_mode"))
        return keyboard_version(params) >= version and "Your turn" in text

    return said


def turn_of(emu: Emulator, user: EmuUser, version: int) -> Callable[[], TgMessage | None]:
    return lambda: hand_at(emu, user, version)


async def play_ryadki(table: Table, title: str) -> None:
    emu = table.emu
    names = ("Ann", "Ben", "Cat", "Dan")
    players = [emu.user(n, language_code="en", started=True) for n in names]
    users = {u.id: u for u in players}
    group = emu.group("Card Club", owner=players[0], members=players[1:])
    await start_game(emu, group, players, deals=1)
    game = Game(title, group.id, ryadki_position, len(emu.requests), time.time())
    table.game = game
    hand = await emu.wait_for(
        lambda: next((h for u in players if (h := hand_at(emu, u, 0)) is not None), None),
        what="the first player's hand",
    )
    gid = hand.callback_data()[0].split(":")[0]
    last_tap = began = game.started
    record = await table.store.load(gid)
    assert record is not None
    mod = rules.GAMES["ryadki"]
    while table.more() and len(game.notes) < 5:
        seat = mod.turn(mod.from_json(record.state))
        if seat is None:
            return
        user, version = users[record.table.players[seat].user_id], position(record)
        shown = await wait_shown(table, turn_of(emu, user, version), f"{user.name}'s turn")
        if shown is None:
            return
        marked = [str(b["callback_data"]) for b in shown.buttons() if b["text"].startswith("✅")]
        seen = shown_since(table, user.id, turn_in(version))
        await sleep_until(max(last_tap, seen) + table.pace)
        at, said = await tap(table, user, shown, table.rng.choice(marked))
        game.turns.append(Turn(user.id, user.name, began, at))
        if said:
            game.notes.append(f"{user.name}'s card was answered {said!r}")
            record = await table.store.load(gid) or record
            continue
        record = await saved_after(table.store, gid, version)
        game.moves.append(Move(at, ryadki_progress(mod.from_json(record.state))))
        last_tap = began = at


def hand_at(emu: Emulator, user: EmuUser, version: int) -> TgMessage | None:
    """The user's hand when it says it is their turn at `version` (or later)."""
    hands = [m for m in emu.messages(user) if m.text.startswith("🃏 Ryadki ·")]
    if hands and "Your turn" in hands[-1].text and version_of(hands[-1]) >= version:
        return hands[-1]
    return None


# -- running --------------------------------------------------------------------------------------
def default_bot(emu: Emulator, redis_url: str, log: Path) -> BotProcess:
    # a fresh interpreter, as in production (not forked warm as in the tests)
    bot = BotProcess(emu, redis_url=redis_url, log_path=log, language="en", warm=False)
    for name in DEFAULTS:  # the bot's defaults, whatever this shell has set
        if name.upper() not in KEPT:
            bot.env.pop(name.upper(), None)
    return bot


async def run_game(name: str, args: argparse.Namespace, redis_url: str, logs: Path) -> bool:
    kind, pace = GAMES[name]
    title = (
        f"Parquet, 2 players (Alice opened the bot's chat, Bob did not), {pace:g} s a tap"
        if kind == "parquet"
        else f"Ryadki, 4 players, 1 deal, {pace:g} s a card"
    )
    play: Callable[[Table, str], Awaitable[None]] = (
        play_parquet if kind == "parquet" else play_ryadki
    )
    emu = await Emulator().start()
    bot = default_bot(emu, redis_url, logs / f"{name}.log")
    store = await RedisStore(redis_url).open()
    limit = QUICK[kind] if args.quick else None
    table = Table(emu, store, pace, random.Random(args.seed), limit)
    try:
        await bot.start()
        try:
            await play(table, title)
            if table.game is not None:
                shown = table.game
                await emu.wait_for(lambda: caught_up(emu, shown), BOARD_WAIT, "the last move")
                await emu.wait_idle(quiet=2.0, timeout=BOARD_WAIT)
        except AssertionError as err:
            if table.game is None:
                raise
            table.game.notes.append("stopped: " + str(err).splitlines()[0])
        game = table.game
        assert game is not None
        game.ended = time.time()
        lines = report(emu, game, REMINDER, lag_detail=True)
        if "Traceback" in bot.log_text():
            lines.append(f"  NOTE: a Traceback in the bot's log ({bot.log_path})")
        lines += [f"  NOTE: Bot API violation: {v}" for v in emu.violations[:5]]
        print("\n".join(lines), flush=True)
        return "NOTE" in "".join(lines)
    finally:
        await store.close()
        await bot.stop()
        await emu.stop()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=list(GAMES), action="append")
    parser.add_argument("--quick", action="store_true", help="a few moves of each game")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--keep-logs", action="store_true", help="keep the bot's logs")
    args = parser.parse_args()
    if (REPO_ROOT / ".env").exists():
        print(f"warning: {REPO_ROOT / '.env'} may change the bot's settings", flush=True)
    print(
        f"Telegram's limits (emulated): a group {tg_limits.GROUP_PER_MINUTE} writes a minute, "
        f"a chat {tg_limits.CHAT_PER_SECOND:g} a second (burst {tg_limits.CHAT_BURST}), the bot "
        f"{tg_limits.BOT_PER_SECOND} a second. The bot's defaults: reminder after {REMINDER:g} s, "
        f"turn timeout {DEFAULTS['turn_timeout_seconds'].default} s, "
        f"{DEFAULTS['edits_per_minute_per_group'].default} group writes a minute."
        + (" --quick: a few moves of each game." if args.quick else ""),
        flush=True,
    )
    server = start_redis()
    logs = Path(tempfile.mkdtemp(prefix="cardbot-pace-"))
    noted = False
    try:
        for db, name in enumerate(args.only or list(GAMES), start=1):
            noted |= await run_game(name, args, f"{server.url.rsplit('/', 1)[0]}/{db}", logs)
    finally:
        server.stop()
        if args.keep_logs or noted:
            print(f"the bot's logs: {logs}")
        else:
            shutil.rmtree(logs, ignore_errors=True)


if __name__ == "__main__":
    from bot.__main__ import run_loop

    run_loop(main())
