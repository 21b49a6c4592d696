"""Tap latency: how long a player waits, with the real bot process over HTTP.

Starts a real redis-server, the Bot API emulator (tests/e2e/emulator.py) and `python -m bot`
against them, opens a Raspad or Kosa game as a player would and taps random moves (a direct
move button, or a card and then its target). For each move it times, on the wall clock, the tap
until the callback is answered (the button's spinner stops) and until the board shows the move.
That is what the player feels minus the network to Telegram: update delivery by long polling,
the bot's work, its Redis round trip and its two Bot API requests over HTTP. The emulator runs
in this script's process, so its own work is included too.

Usage:
    python benchmarks/tap_latency.py                 # 300 moves per game
    python benchmarks/tap_latency.py --moves 100 --games kosa
    python benchmarks/tap_latency.py --loop asyncio  # the bot on the standard library's loop

A script that prints figures, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.wire.callbacks import GameCallback, parse
from tests.e2e.botproc import BotProcess
from tests.e2e.emulator import Emulator, EmuUser
from tests.support.recording import TgMessage
from tests.support.redis_server import start_redis

OPEN = {  # (game button, variant button) in English
    "raspad": ("💥 Raspad (Decay)", "🂠 52 cards"),
    "kosa": ("🪢 Kosa (Braid)", "♾ Unlimited redeals"),
}


def game_buttons(msg: TgMessage) -> tuple[list[str], list[str]]:
    """(rules moves, picks of cards that have targets) among the message's buttons, as
    callback data."""
    moves, picks = [], []
    for button in msg.buttons():
        cb = parse(button.get("callback_data"))
        if not isinstance(cb, GameCallback):
            continue
        if not cb.is_ui and cb.action not in ("resign", "fail", "r"):
            moves.append(cb.pack())
        elif cb.action.startswith("~pick:") and not str(button.get("text")).startswith("·"):
            picks.append(cb.pack())  # a card with targets ("·" marks one with none)
    return moves, picks


class Player:
    def __init__(self, emu: Emulator, user: EmuUser, rng: random.Random) -> None:
        self.emu = emu
        self.user = user
        self.rng = rng
        self.answered: list[float] = []  # seconds from a move's tap to its answer
        self.shown: list[float] = []  # seconds from a move's tap to the board showing it
        self.board: TgMessage | None = None

    def current(self) -> TgMessage:
        assert self.board is not None
        return self.emu.message(self.user, self.board.message_id)

    async def open(self, kind: str) -> None:
        self.user.send("/start")
        menu = await self.emu.wait_message(self.user, contains="Card games", newer_than=self.board)
        game, variant = OPEN[kind]
        await self.emu.wait_answer(self.user.tap(menu, game))
        await self.emu.wait_answer(
            self.user.tap(self.emu.message(self.user, menu.message_id), variant)
        )
        self.board = self.emu.message(self.user, menu.message_id)

    async def tap(self, data: str, timed: bool) -> None:
        before = self.current()
        t0 = time.perf_counter()
        cq = self.user.tap(before, data)

        async def answered() -> float:
            await self.emu.wait_answer(cq)
            return time.perf_counter()

        answer_task = asyncio.create_task(answered())
        edits = before.edits
        await self.emu.wait_message(
            self.user, predicate=lambda m: m.message_id == before.message_id and m.edits > edits
        )
        shown = time.perf_counter() - t0
        answered_at = await answer_task
        if timed:
            self.shown.append(shown)
            self.answered.append(answered_at - t0)

    async def play(self, kind: str, n_moves: int) -> None:
        await self.open(kind)
        while len(self.shown) < n_moves:
            moves, picks = game_buttons(self.current())
            if not moves and not picks:
                await self.open(kind)  # the game ended (or only a losing step is left)
                continue
            if moves and (not picks or self.rng.random() < 0.7):
                await self.tap(self.rng.choice(moves), True)
            else:
                await self.tap(self.rng.choice(picks), False)
                targets, _ = game_buttons(self.current())
                if targets:
                    await self.tap(self.rng.choice(targets), True)


def ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000


async def main_async(args: argparse.Namespace) -> int:
    server = start_redis()
    emu = Emulator()
    await emu.start()
    with tempfile.TemporaryDirectory(prefix="tap-latency-") as tmp:
        bot = BotProcess(
            emu,
            redis_url=server.url,
            log_path=Path(tmp) / "bot.log",
            language="en",
            env={"EVENT_LOOP": args.loop, "LOG_LEVEL": "WARNING"},
            warm=False,  # a fresh interpreter, as in production (not forked as in the tests)
        )
        try:
            await bot.start()
            for kind in args.games:
                user = emu.user(f"Player {kind}", language_code="en")
                player = Player(emu, user, random.Random(args.seed))
                await player.play(kind, args.warmup)  # imports, caches, first games
                player.answered.clear()
                player.shown.clear()
                await player.play(kind, args.moves)
                print(
                    f"{kind:<6}: {len(player.shown)} moves | tap → answer median "
                    f"{ms(player.answered, 0.5):5.1f} ms, p95 {ms(player.answered, 0.95):5.1f}"
                    f" ms | tap → board shows the move median {ms(player.shown, 0.5):5.1f} ms,"
                    f" p95 {ms(player.shown, 0.95):5.1f} ms, max {max(player.shown) * 1000:5.1f}"
                    f" ms"
                )
        finally:
            await bot.stop()
            await emu.stop()
            server.stop()
    print(f"bot event loop: {args.loop}; the network to Telegram is not included")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument(
        "--games", nargs="+", default=["raspad", "kosa"], choices=["raspad", "kosa"]
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--loop", choices=["auto", "uvloop", "asyncio"], default="auto")
    args = parser.parse_args()
    raise SystemExit(asyncio.run(main_async(args)))


if __name__ == "__main__":
    main()
