"""The users of `benchmarks/tap_vs_plain.py`: each taps the buttons of the newest message in
their private chat with the bot (on the Bot API emulator), at a pace, and times each tap.

A tap's answer: from the tap until the bot's answerCallbackQuery (the button's spinner stops).
Its screen: from the tap until the tapped message changes or a new message comes in the chat
(the tap's own screen, or a newer one that superseded it); a tap after which nothing changes
within `HORIZON` seconds (a toast, a screen Telegram refused with 429) has no screen time.
A tap "asks the solver" when it is 💡 (or its confirmation), the way back to a winnable
position, or a deal of the day.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.wire.callbacks import GameCallback, MenuCallback, parse
from tests.e2e.botproc import BotProcessError
from tests.e2e.emulator import Emulator, EmuUser
from tests.support.recording import TgMessage

HORIZON = 5.0  # seconds a tap's screen is waited for
ANSWER_TIMEOUT = 60.0
IDLE = 60.0  # seconds a user may find nothing to tap before the run fails


@dataclass(frozen=True)
class Timed:
    solver: bool
    answer: float  # seconds
    screen: float | None  # seconds (None: nothing changed within HORIZON)
    button: str = ""  # the tapped button's label


@dataclass
class Pace:
    """How a user taps: pauses drawn from [0, `most`] seconds between an answer and the next
    tap (0: as fast as answers come), with or without the solver's buttons."""

    name: str
    most: float
    solver: bool

    def pause(self, rng: random.Random) -> float:
        return rng.uniform(0.0, self.most) if self.most else 0.0


def asks_solver(data: str) -> bool:
    cb = parse(data)
    if isinstance(cb, GameCallback):
        return cb.is_ui and cb.ui()[0] in ("hint", "rewind")
    if isinstance(cb, MenuCallback):
        return cb.parts()[0] == "dplay"
    return False


@dataclass
class User:
    emu: Emulator
    user: EmuUser
    timed: list[Timed] = field(default_factory=list)

    def screen(self) -> TgMessage | None:
        """The newest message with buttons to tap."""
        for msg in reversed(self.emu.tg.messages_in(self.user.id)):
            if msg.callback_data():
                return msg
        return None

    def newest(self) -> int:
        return max(self.emu.tg.messages.get(self.user.id, {}), default=0)

    async def open(self) -> None:
        """/start: the first message with buttons."""
        self.user.send("/start")
        await self.emu.wait_for(self.screen, 60.0, f"{self.user.name}'s first screen")

    async def tap_away(
        self, taps: int, pace: Pace, pauses: random.Random, picks: random.Random
    ) -> None:
        """`taps` taps on buttons drawn (`picks`) from what the screen shows, `pace` apart."""
        watching: list[asyncio.Task[None]] = []
        tapped, idle_since = 0, time.monotonic()
        while tapped < taps:
            screen = self.screen()
            choices = [] if screen is None else screen.callback_data()
            if not pace.solver:
                choices = [d for d in choices if not asks_solver(d)]
            if screen is None or not choices:  # nothing to tap now (a screen on its way)
                if time.monotonic() - idle_since > IDLE:
                    raise RuntimeError(f"{self.user.name}: nothing to tap for {IDLE:g} s")
                await asyncio.sleep(0.05)
                continue
            data = picks.choice(choices)
            edits, newest = screen.edits, self.newest()
            began = time.perf_counter()
            await self.emu.wait_answer(self.user.tap_data(screen, data), ANSWER_TIMEOUT)
            answered = time.perf_counter() - began
            label = next(
                (b["text"] for b in screen.buttons() if b.get("callback_data") == data), data
            )
            tap = Timed(asks_solver(data), answered, None, str(label))
            watching.append(asyncio.create_task(self._screen(tap, screen, edits, newest, began)))
            tapped, idle_since = tapped + 1, time.monotonic()
            if pause := pace.pause(pauses):
                await asyncio.sleep(pause)
        await asyncio.gather(*watching)

    async def _screen(
        self, tap: Timed, screen: TgMessage, edits: int, newest: int, began: float
    ) -> None:
        """The tap's screen time: until its message changes or a new one comes."""
        chat, message = self.user.id, screen.message_id

        def changed() -> bool:
            now = self.emu.tg.messages.get(chat, {}).get(message)
            return (now is not None and now.edits > edits) or self.newest() > newest

        try:
            await self.emu.wait_for(changed, HORIZON, "a screen")
            tap = Timed(tap.solver, tap.answer, time.perf_counter() - began, tap.button)
        except BotProcessError:
            raise
        except AssertionError:  # nothing changed: a toast, or a screen refused
            pass
        self.timed.append(tap)


def own_cpu(pid: int) -> float:
    """CPU seconds (user and system) of the process itself, its threads included (Linux /proc);
    0 when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(v) for v in fields[11:13]) / os.sysconf("SC_CLK_TCK")


def tree_cpu(pid: int) -> float:
    """CPU seconds (user and system) of a process and its descendants, the live ones and
    those it has waited for (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    spent: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        spent[int(entry)] = sum(int(v) for v in fields[11:15]) / tick
    tree, grown = {pid}, True
    while grown:
        more = {p for p, parent in parents.items() if parent in tree} - tree
        tree |= more
        grown = bool(more)
    return sum(spent.get(p, 0.0) for p in tree)


async def quiet(pid: int, most: float = 120.0) -> None:
    """Until the process tree spends under a tenth of a core (its start-up work done: the
    deals of the day chosen, caches filled), at most `most` seconds."""
    deadline = time.monotonic() + most
    spent = tree_cpu(pid)
    while time.monotonic() < deadline:
        await asyncio.sleep(0.5)
        now = tree_cpu(pid)
        if now - spent < 0.05:
            return
        spent = now


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def slowest(timed: list[Timed], pick: Callable[[Timed], bool], count: int = 5) -> str:
    """The `count` taps `pick` takes whose screens came last: `label answer/screen ms`."""
    taps = sorted(
        (t for t in timed if pick(t) and t.screen is not None),
        key=lambda t: t.screen or 0.0,
        reverse=True,
    )
    return ", ".join(
        f"{t.button} {t.answer * 1000:.0f}/{(t.screen or 0.0) * 1000:.0f}" for t in taps[:count]
    )


def figures(timed: list[Timed], pick: Callable[[Timed], bool] = lambda t: True) -> str:
    """`answer p50/p95 · screen p50/p95` in ms of the taps `pick` takes."""
    taps = [t for t in timed if pick(t)]
    if not taps:
        return "no taps"
    answers = [t.answer * 1000 for t in taps]
    screens = [t.screen * 1000 for t in taps if t.screen is not None]
    line = f"answer p50 {quantile(answers, 0.5):6.1f} p95 {quantile(answers, 0.95):7.1f} ms"
    if screens:
        line += (
            f" · screen p50 {quantile(screens, 0.5):6.1f} p95 {quantile(screens, 0.95):7.1f} ms"
            f" ({len(screens)} of {len(taps)} changed it)"
        )
    return line
