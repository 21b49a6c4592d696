"""The taps of 💡 Hint and of "↩️ Back N moves to a winnable position" on a solitaire's board.

💡 first reads the record: on a winning line the solver proved earlier (`proved`, kept with the
game), its next move, with no search. Else it asks the solver (`bot.games.solitaire.hints`, in
the pool of search workers: `bot.games.searches`), marks a move on the winning line it proves
and keeps that line in the record; a position proved lost says so and offers to go back to the
newest earlier position the solver wins, within undo reach (that position's line kept too); a
search out of budget marks the computer player's move and says it is a guess. A search that
takes longer than THINK_AFTER answers the tap with "🤔 Thinking…" first (a tap is answered once:
`Answer` ignores a second answer) and edits the board when it is done; a search the pool cannot
answer (it is full, its worker died, it ran past HINT_SECONDS) gives the computer's guess, said
so, after "Thinking…".

A hint that gives nothing (no move, no way back: a position proved lost for good) costs nothing:
it does not count as the game's hint (a ranked deal of the day stays ranked). A hint's save
changes nothing the board shows, so the board it was tapped on stays current
(`SoloMeta.settled`): a card tapped while "Thinking…" plays. The way back says how far it
went, and that the deal can be won from there (`bot.events.Rewind`).

The back button carries its count (`~rewind:<n>`) under the board's game version, as every
button does. On the tap the count is checked again: within undo reach now, and the way back the
record keeps (from the hint that showed the button, in any process), or, when it keeps none (a
record of an older bot), found again; anything else is refused and changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable

from bot.events import rewind_event
from bot.games import searches
from bot.games.refusal import Refused
from bot.games.solitaire import hints, model, proved
from bot.games.solitaire.hints import Advice
from bot.games.solitaire.screen import board
from bot.games.solitaire.tap import Tap
from bot.games.state import position, state_of
from bot.i18n import t
from bot.render.screen import Screen
from bot.storage import GameRecord, Store

log = logging.getLogger(__name__)

THINK_AFTER = 0.25  # seconds: a search not done by then answers the tap with "Thinking…" first
HINT_SECONDS = 10.0  # a hint's search (with its walk back) on its worker at most: then a guess
_COUNT = re.compile(r"[1-9][0-9]{0,2}")

Edit = Callable[[int, int, Screen, GameRecord], Awaitable[None]]


class HintTaps:
    def __init__(self, store: Store, edit: Edit) -> None:
        self.store = store
        self.edit = edit  # the service's board edit (its flood control)

    async def hint(self, tap: Tap) -> None:
        game = tap.game
        advice = proved.next_move(game)  # on a line proved earlier: no search
        changed, searched, began = False, advice is None, time.perf_counter()
        if advice is None:
            advice = await self._think(tap)
            changed = proved.keep(game, advice)
        took = time.perf_counter() - began
        if game.solo.hints == 0 and _gives(advice):  # the first that gives something is
            game.solo.hints, changed = 1, True  # remembered (a hinted deal of the day is
            # unranked); later ones change nothing else
        if changed:  # (nothing the board shows: the buttons before it stay current)
            game.solo.settled = position(game)
            if not await self.store.save(game, game.version):
                raise Refused("error-busy")  # (the player moved meanwhile: the hint is stale)
        if advice.verdict == hints.LOST:
            await self._show(tap, lost=advice.back)
        elif advice.move is None:
            await self._show(tap, toast="no-hint")
        else:
            guess = advice.verdict == hints.UNDECIDED
            pick = model.picked_for(game, advice.move)
            toast = "hint-guess" if guess else "hint-toast"
            await self._show(tap, toast=toast, hint=advice.move, pick=pick, guess=guess)
        log.info(
            "event=hint kind=%s game=%s verdict=%s searched=%s seconds=%.2f",
            *(game.kind, game.id, advice.verdict, searched, took),
        )

    async def rewind(self, tap: Tap, arg: str) -> None:
        """Back `arg` moves to the newest position the solver wins, in one save."""
        game = tap.game
        back = int(arg) if _COUNT.fullmatch(arg) else 0
        if not 1 <= back <= _reach(game):
            raise Refused("no-rewind", alert=False)
        found = proved.way_back(game)
        if found is None:  # the record keeps no way back (an older bot's): find it again
            advice = await self._think(tap, guess=False)
            found = advice.back if advice.verdict == hints.LOST else 0
            proved.keep(game, advice)
        if found != back:
            if found:  # the board shows the count found now (the tap may be answered already)
                await self._show(tap, toast="no-rewind", lost=found)
                return
            raise Refused("no-rewind", alert=False)
        if not model.undo(game, back):
            raise Refused("no-rewind", alert=False)
        game.solo.events = [rewind_event(back)]  # (how far, and that it wins from here)
        game.solo.msg = tap.where[1]
        if not await self.store.save(game, game.version):
            raise Refused("error-busy")
        await self._show(tap)

    async def _think(self, tap: Tap, *, guess: bool = True) -> Advice:
        """The solver's advice in the game's position, from the pool of searches; "Thinking…"
        when it is not done at once. When the pool gives no answer: the computer's guess (or,
        not to `guess`, Refused: the player may tap again)."""
        task = asyncio.ensure_future(_consult(tap.game))
        done, _ = await asyncio.wait({task}, timeout=THINK_AFTER)
        if not done:
            await tap.answer(t(tap.lang, "hint-thinking"))
        try:
            return await task
        except searches.Unanswered:
            if not guess:
                raise Refused("hint-busy") from None
            await tap.answer(t(tap.lang, "hint-thinking"))  # (once: said already, or now)
            kind, state = tap.game.kind, state_of(tap.game)
            move = await asyncio.to_thread(hints.computer_move, kind, state)
            return Advice(hints.UNDECIDED, move)

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


def _gives(advice: Advice) -> bool:
    """A hint gives something: a move, or a way back to a position that wins (one proved lost
    for good, or with no move at all, tells the player nothing to play and costs nothing)."""
    return advice.move is not None or (advice.verdict == hints.LOST and advice.back > 0)


def _reach(game: GameRecord) -> int:
    """How many moves back undo can go now."""
    if not model.can_undo(game) or not game.solo.s0:
        return 0
    return min(game.solo.undo_left, len(game.solo.history.split()))


async def _consult(game: GameRecord) -> Advice:
    """`hints.consult` in `game`'s position, in the pool (on what the record holds now: its
    strings and its rules state; the record itself stays here), within the game's budgets."""
    meta, kind = game.solo, game.kind
    budgets = (hints.HINT_BUDGET.get(kind, 0), hints.WALK_BUDGET.get(kind, 0))
    state, moves = state_of(game), meta.history.split()
    return await searches.attempt(
        kind, HINT_SECONDS, hints.consult, kind, state, meta.s0 or "", moves, _reach(game), budgets
    )
