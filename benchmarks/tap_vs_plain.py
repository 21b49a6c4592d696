"""A tap's answer and screen, and the CPU per reaction, of the real bot side by side with a
plain aiogram bot, in one run (issue 43).

Starts a real redis-server and, for each bot, a Bot API emulator (tests/e2e/emulator.py, its
flood limits on, as Telegram's) and the bot as a real process: the plain aiogram bot
(`benchmarks/plain_bot.py`: one Redis round trip, the answer, one edit per tap) and the real
one (`python -m bot`, on Redis). The same users (10 by default) open each bot's private chat
and tap the buttons of the newest message there (`benchmarks/tap_users.py`), in four runs:
  1. as fast as answers come, every button;
  2. the same, the solver's buttons (💡, the way back, the deal of the day) left out;
  3. a quick player: pauses of 0–1.5 s, every button;
  4. a person's pace: pauses of 0–2.5 s, every button.
The pauses are the same for both bots (one seed); the buttons are each bot's own.

Printed per run and bot: CPU per reaction (the bot process's CPU time and its children's — the
solver may run in worker processes — over the taps answered), the tap's answer p50/p95 (tap →
answerCallbackQuery), its screen p50/p95 (tap → the message changes), and for the real bot the
same split into taps that ask the solver and those that do not; the 429s Telegram answered.
The emulator and the users run in this script's process: on a machine with few cores they
compete with the bot for the CPU, and the latencies say so.

Usage:
    python benchmarks/tap_vs_plain.py                       # a minute or two
    python benchmarks/tap_vs_plain.py --taps 60 60 40 30    # taps per user in each run
    python benchmarks/tap_vs_plain.py --users 4 --taps 5 5 3 3 --runs 1 3   # a quick check
A script that prints figures, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(1, str(Path(__file__).resolve().parent))

from tap_users import Pace, Timed, User, figures, own_cpu, quiet, slowest, tree_cpu

from tests.e2e.botproc import BotProcess
from tests.e2e.emulator import Emulator
from tests.support.redis_server import RedisServer, start_redis

RUNS = (
    Pace("as fast as answers come, every button", 0.0, True),
    Pace("as fast as answers come, the solver's buttons left out", 0.0, False),
    Pace("a quick player (pauses 0–1.5 s), every button", 1.5, True),
    Pace("a person's pace (pauses 0–2.5 s), every button", 2.5, True),
)
DEFAULT_TAPS = (20, 20, 10, 8)  # per user in each run
WARM_UP = 5  # taps per user before the runs (imports, caches, first screens)


@dataclass
class Side:
    """One bot under test: its emulator, process and users."""

    name: str
    emu: Emulator
    process: BotProcess
    users: list[User]

    async def run(
        self, pace: Pace, taps: int, seed: int, index: int
    ) -> tuple[float, float, list[Timed]]:
        """Every user taps `taps` times at `pace`: (CPU seconds spent by the bot's processes,
        by its own process alone, the taps timed)."""
        for user in self.users:
            user.timed.clear()
        pid = self.process.pid
        assert pid is not None
        before, own = tree_cpu(pid), own_cpu(pid)
        await asyncio.gather(
            *(
                user.tap_away(
                    taps,
                    pace,
                    random.Random(f"{seed}:{index}:{n}"),  # pauses: the same for both bots
                    random.Random(f"{seed}:{index}:{n}:{self.name}"),
                )
                for n, user in enumerate(self.users)
            )
        )
        await self.settle()
        spent, own = tree_cpu(pid) - before, own_cpu(pid) - own
        return spent, own, [t for user in self.users for t in user.timed]

    async def settle(self) -> None:
        """What the taps left waiting (screens held by the chats' budgets) goes out."""
        await self.emu.wait_all_answered(60.0)
        with contextlib.suppress(AssertionError):  # a computer's move may keep it busy
            await self.emu.wait_idle(quiet=0.5, timeout=10.0)


async def start_side(
    name: str, module: str, server: RedisServer, db: int, users: int, tmp: Path, level: str
) -> Side:
    emu = Emulator(validate=False)
    await emu.start()
    process = BotProcess(
        emu,
        redis_url=f"redis://127.0.0.1:{server.port}/{db}",
        log_path=tmp / f"{name}.log",
        language="en",
        module=module,
        env={"LOG_LEVEL": level},
    )
    await process.start()
    people = [User(emu, emu.user(f"User {n}", language_code="en")) for n in range(users)]
    await asyncio.gather(*(user.open() for user in people))
    return Side(name, emu, process, people)


def report(
    name: str,
    spent: tuple[float, float],
    timed: list[Timed],
    floor: float | None,
    refused: int,
    wall: float,
) -> None:
    per, own = (s / len(timed) * 1000 if timed else 0.0 for s in spent)
    ratio = f" ({per / floor:.1f}×)" if floor else ""
    print(
        f"  {name:<13} {len(timed):4} taps in {wall:4.1f} s, CPU {per:5.1f} ms a reaction{ratio};"
        f" 429s {refused}"
    )
    if own < per * 0.99:  # (work in other processes: the searches)
        ratio = f" ({own / floor:.1f}×)" if floor else ""
        print(f"  {'':<13} of which the bot's own process {own:5.1f} ms{ratio}")
    print(f"  {'':<13} all: {figures(timed)}")
    if any(t.solver for t in timed):
        print(f"  {'':<13} not the solver: {figures(timed, lambda t: not t.solver)}")
        solver = sum(1 for t in timed if t.solver)
        print(f"  {'':<13} the solver ({solver}): {figures(timed, lambda t: t.solver)}")
        print(f"  {'':<13} slowest (answer/screen ms): {slowest(timed, lambda t: t.solver)}")


async def main_async(args: argparse.Namespace) -> int:
    server = start_redis()
    sides: list[Side] = []
    try:
        with tempfile.TemporaryDirectory(prefix="tap-vs-plain-") as scratch:
            tmp = args.logs or scratch
            level = "INFO" if args.logs else "WARNING"
            sides.append(
                await start_side(
                    "plain aiogram", "benchmarks.plain_bot", server, 2, args.users, Path(tmp), level
                )
            )
            sides.append(
                await start_side("this bot", "bot", server, 1, args.users, Path(tmp), level)
            )
            for side in sides:  # warm-up, not counted: the day's deals chosen (/daily), caches
                side.users[0].user.send("/daily")
                await side.run(RUNS[0], WARM_UP, args.seed, -1)
                assert side.process.pid is not None
                await quiet(side.process.pid)
            for number in args.runs:
                pace, taps = RUNS[number - 1], args.taps[number - 1]
                print(f"({number}) {pace.name}: {args.users} users × {taps} taps")
                floor = None
                for side in sides:
                    refused, began = side.emu.tg.limits.refused, time.monotonic()
                    spent, own, timed = await side.run(pace, taps, args.seed, number)
                    refused = side.emu.tg.limits.refused - refused
                    wall = time.monotonic() - began
                    report(side.name, (spent, own), timed, floor, refused, wall)
                    if floor is None and timed:
                        floor = spent / len(timed) * 1000
    finally:
        for side in sides:
            await side.process.stop()
            await side.emu.stop()
            for problem in side.process.problems:
                print(f"{side.name}: {problem}")
        server.stop()
    print("the emulators and the users ran in this process, beside the bots")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=10)
    parser.add_argument(
        "--taps", type=int, nargs=4, default=list(DEFAULT_TAPS), help="taps per user in each run"
    )
    parser.add_argument("--runs", type=int, nargs="+", default=[1, 2, 3, 4], choices=[1, 2, 3, 4])
    parser.add_argument("--seed", type=int, default=43)
    parser.add_argument("--logs", help="keep the bots' logs (at INFO) in this directory")
    args = parser.parse_args()
    raise SystemExit(asyncio.run(main_async(args)))


if __name__ == "__main__":
    main()
