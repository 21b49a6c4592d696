"""The taps of 💡 Hint and of "↩️ Back N moves to a winnable position" on a solitaire's board.

💡 asks the solver (`bot.games.solitaire.hints`, in a worker thread: the event loop goes on
serving other chats meanwhile) and marks a move on a winning line; a position proved lost says
so and offers to go back to the newest earlier position the solver wins, within undo reach;
a search out of budget marks the computer player's move and says it is a guess. A search that
takes longer than THINK_AFTER answers the tap with "🤔 Thinking…" first (a tap is answered once:
`Answer` ignores a second answer) and edits the board when it is done.

The back button carries its count (`~rewind:<n>`) under the board's game version, as every
button does. On the tap the count is checked again: within undo reach now, and the one this
process found for that very version (remembered), or, when it is not remembered (another
process showed the board, or a restart), found again; anything else is refused and changes
nothing.
"""

from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TypeVar

from bot.games.refusal import Refused
from bot.games.solitaire import hints, model
from bot.games.solitaire.hints import Advice
from bot.games.solitaire.screen import board
from bot.games.solitaire.tap import Tap
from bot.games.state import state_of
from bot.i18n import t
from bot.render.screen import Screen
from bot.storage import GameRecord, Store

THINK_AFTER = 0.25  # seconds: a search not done by then answers the tap with "Thinking…" first
# searches at once per process: each holds the GIL, and the event loop waits for it at every
# await (one search beside the loop: its lag p95 5.8 ms against 0.3 ms idle; two: 15.7 ms,
# max 42 ms); more hints at once wait their turn ("Thinking…")
SEARCHES = 1
REMEMBERED = 4096  # walks back remembered, by (game id, version), for the back button's check
_COUNT = re.compile(r"[1-9][0-9]{0,2}")

Edit = Callable[[int, int, Screen, GameRecord], Awaitable[None]]
T = TypeVar("T")


class HintTaps:
    def __init__(self, store: Store, edit: Edit) -> None:
        self.store = store
        self.edit = edit  # the service's board edit (its flood control)
        self._backs: OrderedDict[tuple[str, int], int] = OrderedDict()
        self._searching = asyncio.Semaphore(SEARCHES)

    async def hint(self, tap: Tap) -> None:
        game = tap.game
        if game.solo.hints == 0:  # the first is remembered (a hinted deal of the day is
            game.solo.hints = 1  # unranked); later ones change nothing stored
            if not await self.store.save(game, tap.cb.version):
                raise Refused("error-busy")
        advice = await self._think(tap, _consult(game))
        if advice.verdict == hints.LOST:
            self._remember(game, advice.back)
            await self._show(tap, lost=advice.back)
            return
        if advice.move is None:
            await self._show(tap, toast="no-hint")
            return
        guess = advice.verdict == hints.UNDECIDED
        pick = model.picked_for(game, advice.move)
        toast = "hint-guess" if guess else "hint-toast"
        await self._show(tap, toast=toast, hint=advice.move, pick=pick, guess=guess)

    async def rewind(self, tap: Tap, arg: str) -> None:
        """Back `arg` moves to the newest position the solver wins, in one save."""
        game = tap.game
        back = int(arg) if _COUNT.fullmatch(arg) else 0
        if not 1 <= back <= _reach(game):
            raise Refused("no-rewind", alert=False)
        found = self._backs.get((game.id, game.version))
        if found is None:  # not shown by this process (or forgotten): find it again
            advice = await self._think(tap, _consult(game))
            found = advice.back if advice.verdict == hints.LOST else 0
            self._remember(game, found)
        if found != back:
            if found:  # the board shows the count found now (the tap may be answered already)
                await self._show(tap, toast="no-rewind", lost=found)
                return
            raise Refused("no-rewind", alert=False)
        if not model.undo(game, back):
            raise Refused("no-rewind", alert=False)
        game.solo.msg = tap.where[1]
        if not await self.store.save(game, tap.cb.version):
            raise Refused("error-busy")
        await self._show(tap)

    async def _think(self, tap: Tap, work: Callable[[], T]) -> T:
        """`work()` in a worker thread (SEARCHES at once); "Thinking…" when it is not done at
        once."""

        async def search() -> T:
            async with self._searching:
                return await asyncio.to_thread(work)

        task = asyncio.ensure_future(search())
        done, _ = await asyncio.wait({task}, timeout=THINK_AFTER)
        if not done:
            await tap.answer(t(tap.lang, "hint-thinking"))
        return await task

    def _remember(self, game: GameRecord, back: int) -> None:
        self._backs[(game.id, game.version)] = back
        while len(self._backs) > REMEMBERED:
            self._backs.popitem(last=False)

    async def _show(
        self,
        tap: Tap,
        *,
        toast: str | None = None,
        hint: str | None = None,
        pick: str | None = None,
        guess: bool = False,
        lost: int | None = None,
    ) -> None:
        game = tap.game
        screen = board(game, tap.lang, pick=pick, hint=hint, guess=guess, lost=lost)
        said = tap.answer(t(tap.lang, toast) if toast else None)
        await asyncio.gather(self.edit(*tap.where, screen, game), said)


def _reach(game: GameRecord) -> int:
    """How many moves back undo can go now."""
    if not model.can_undo(game) or not game.solo.s0:
        return 0
    return min(game.solo.undo_left, len(game.solo.history.split()))


def _consult(game: GameRecord) -> Callable[[], Advice]:
    """The solver's advice in `game`'s position, to run in a worker thread (on what the record
    holds now: its strings and its immutable rules state; the record itself stays here)."""
    meta = game.solo
    moves = meta.history.split()
    return partial(hints.consult, game.kind, state_of(game), meta.s0 or "", moves, _reach(game))
