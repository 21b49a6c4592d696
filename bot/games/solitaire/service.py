"""Solitaires in a private chat: new games, taps on the board (moves, pick, hint, undo,
confirmations), continuing a game. Every change is one compare-and-set save of the record,
then one edit of the board message.

A rules move on a game this process remembers at the tapped version comes without a load
(`peeked`): the save is the check, and when it fails the board is re-shown as it is now.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from typing import NoReturn

import rules
from bot import metrics
from bot.config import Settings
from bot.games import howto
from bot.games.ports import Answer, Messenger
from bot.games.refusal import Refused
from bot.games.result_of import result_of
from bot.games.screens import confirms
from bot.games.solitaire import daily as solo_daily
from bot.games.solitaire import model
from bot.games.solitaire.daily_screen import Share, place_on_day
from bot.games.solitaire.hint_taps import HintTaps
from bot.games.solitaire.screen import asks_before_hint, board
from bot.games.solitaire.shown_on import vacate
from bot.games.solitaire.tap import Tap
from bot.games.state import current, position
from bot.i18n import t
from bot.registry import is_solitaire, kinds, spec
from bot.render.common import button
from bot.render.screen import Screen
from bot.stats.daily import day_number, utc_day
from bot.storage import GameRecord, Store, StoreUnavailable
from bot.wire.callbacks import is_game_id, menu_data
from bot.wire.flood import HELD, EditCoalescer
from bot.wire.keyboard import Keyboard
from rules.views import View

log = logging.getLogger(__name__)

REMEMBERED = 4096  # finished boards whose "play again" was tapped, remembered


class _Stale(Refused):
    """A tap on an old board: said, then the board is brought up to date (`current`)."""

    def __init__(self, key: str, current: GameRecord | None) -> None:
        super().__init__(key)
        self.current = current


class SolitaireService:
    def __init__(
        self, messenger: Messenger, store: Store, settings: Settings, screens: EditCoalescer
    ) -> None:
        self.tg = messenger
        self.store = store
        self.settings = settings
        # the private chats' coalescer (bot.app): a board waits for its chat's pace or a 429,
        # not the tap's answer; the newest screen of a message wins, one edit on its way
        self.flood = screens
        # finished boards whose "play again" was tapped: a tap answered at once may come again
        # before its board loses its buttons, and deals one new game
        self._again: OrderedDict[tuple[int, int], None] = OrderedDict()
        self.undo_depth = settings.undo_depth
        self.clock = time.time  # the wall clock that decides the day of the deal of the day
        self.hints = HintTaps(store, self._edit)

    async def stop(self) -> None:
        """Send the boards still waiting (a paused chat) once more before the process ends."""
        await self.flood.close(flush=True)

    async def _edit(
        self, chat_id: int, message_id: int, screen: Screen, record: GameRecord
    ) -> None:
        """`screen` on the board message, keyed by message and game, at the chat's pace (a newer
        screen of the message drops it); held back, it shows the store's newest position."""

        async def push() -> None:
            shown = screen
            if HELD.get() and (latest := await self._newer(record.id, record.version)):
                if latest.solo.msg not in (None, message_id):
                    return
                shown = await self._board(latest, latest.solo.lang)  # (its edit may be dropped)
            await self.tg.edit(chat_id, message_id, shown.text, shown.keyboard, retry=False)

        key = (message_id, record.id)
        await self.flood.submit(chat_id, key, record.version, push, message=message_id)

    async def _newer(self, game_id: str, version: int) -> GameRecord | None:
        """The game as stored when its position changed since `version` (a hint's save changes
        no position: `state.position`), else None."""
        try:
            latest = await self.store.load(game_id)
        except StoreUnavailable:  # cannot tell: show what we have
            return None
        return latest if latest is not None and position(latest) > version else None

    # -- the board's buttons ---------------------------------------------------------------------
    async def tap(self, tap: Tap) -> None:
        """A button of a solitaire board, answered once (a refusal, or silently)."""
        try:
            await self._tap(tap)
        except Refused as refused:
            await tap.answer(t(tap.lang, refused.key, **refused.args_), alert=refused.alert)
            current = refused.current if isinstance(refused, _Stale) else None
            if current is not None and tap.shown != current.version:  # (else it shows it)
                await self._show_current(tap, current)

    async def _tap(self, tap: Tap) -> None:
        game, cb = tap.game, tap.cb
        if game.solo.uid != tap.user_id:
            raise Refused("error-not-yours")
        if game.finished:  # a board left live (a crash before its last edit) shows the end
            raise _Stale("error-over", game)
        if not current(game, cb.version):
            # an old board (a double tap, an edit that never arrived; a hint's save leaves it
            # current): say so, and bring the board up to date so the next tap works
            raise _Stale("error-stale", game)
        if cb.is_ui:
            await self._ui(tap)
        else:
            await self._move(tap)

    async def _ui(self, tap: Tap) -> None:
        game = tap.game
        name, arg = tap.cb.ui()
        pick: str | None = None
        confirm: str | None = None
        if name == "pick":
            if not any(m.startswith(arg + ">") for m in model.legal_moves(game)):
                raise Refused("no-targets")
            pick = arg
        elif name == "hint" and arg != "y" and asks_before_hint(game):
            confirm = "hint"
        elif name == "hint":  # the solver's hint (bot.games.solitaire.hint_taps)
            await self.hints.hint(tap)
            return
        elif name == "rewind":  # back to the newest position that still wins
            await self.hints.rewind(tap, arg)
            return
        elif name == "ask" and arg in confirms(game.kind):
            confirm = arg
        elif name == "undo":
            if not model.undo(game):
                raise Refused("no-undo")
            game.solo.msg = tap.where[1]
            if not await self.store.save(game, game.version):
                raise Refused("error-busy")
        elif name != "back":
            raise Refused("error-stale")
        screen = await self._board(game, tap.lang, pick=pick, confirm=confirm)
        await asyncio.gather(self._edit(*tap.where, screen, game), tap.answer())

    async def _move(self, tap: Tap) -> None:
        game, cb = tap.game, tap.cb
        try:
            depth = 0 if game.solo.daily is not None and game.solo.ranked else self.undo_depth
            state, view = model.apply_move(game, cb.action, depth)
        except rules.IllegalMove:
            raise Refused("error-illegal") from None
        game.solo.msg = tap.where[1]
        loaded = game.version  # (the tapped one, or a later one that shows the same position)
        if game.finished:  # the game's end and its result, in one compare-and-set
            saved = await self.store.finish(game, loaded, result_of(game, time.time()))
        else:
            saved = await self.store.save(game, loaded)
        if not saved:
            await self._lost_race(tap)
        metrics.move(game.kind)
        what = (game.kind, game.id, game.version, cb.action)
        log.debug("event=move kind=%s game=%s version=%s move=%s", *what)
        if game.finished:
            metrics.game_finished(game.kind, spec(game.kind).game.status(state).result)
            log.info(
                "event=game_over kind=%s game=%s user=%s result=%s moves=%s",
                game.kind,
                game.id,
                tap.user_id,
                spec(game.kind).game.status(state).result,
                game.solo.moves,
            )
        # the move is saved: stop the button's spinner while the board is being edited
        screen = await self._board(game, tap.lang, state, view)
        await asyncio.gather(self._edit(*tap.where, screen, game), tap.answer())

    async def _board(
        self,
        record: GameRecord,
        lang: str,
        state: object | None = None,
        view: View | None = None,
        *,
        pick: str | None = None,
        confirm: str | None = None,
    ) -> Screen:
        """`board`, with how a finished deal of the day is shared (a ranked attempt only)."""
        share = None
        meta = record.solo
        if record.finished and meta.daily is not None and meta.ranked and not meta.hints:
            share = Share(
                await self.tg.inline_mode(),
                await self.tg.username(),
                await place_on_day(self.store, record),
            )
        return board(record, lang, state, view, pick=pick, confirm=confirm, share=share)

    async def _lost_race(self, tap: Tap) -> NoReturn:
        if not tap.peeked:
            raise Refused("error-busy")
        # the remembered game was not the latest: another tap (or process) changed it first,
        # or it expired. Show it as it is now.
        current = await self.store.load(tap.cb.game_id)
        if current is None:
            raise Refused("error-stale-game")
        raise _Stale("error-stale", current)

    async def _show_current(self, tap: Tap, game: GameRecord) -> None:
        """Re-show a game's current board on the tapped message (after a move lost a race)."""
        if not is_solitaire(game.kind) or game.solo.uid != tap.user_id:
            return
        if game.solo.msg not in (None, tap.where[1]):
            return  # the game moved to another message meanwhile; leave this one be
        if game.finished and await self._taken_over(game, tap):
            return
        await self._edit(*tap.where, await self._board(game, tap.lang), game)

    async def _taken_over(self, game: GameRecord, tap: Tap) -> bool:
        """A newer game of the player's lives on the tapped message (a game replaced by a new
        one on its own message, its board tapped before the new board showed): the old one is
        not shown over it."""
        unfinished = await self._unfinished(tap.user_id)
        return any(r.id != game.id and r.solo.msg == tap.where[1] for r in unfinished)

    # -- the menu --------------------------------------------------------------------------------
    async def active_games(self, user_id: int) -> list[tuple[str, str]]:
        """The user's unfinished solitaires as (kind, game_id), pruning finished/expired ones."""
        out = [(record.kind, record.id) for record in await self._unfinished(user_id)]
        out.sort(key=lambda kg: kinds("solitaire").index(kg[0]))
        return out

    async def _unfinished(self, user_id: int) -> list[GameRecord]:
        """The user's unfinished solitaires (the finished and expired leave their list)."""
        out = []
        for game_id in await self.store.user_games(user_id):
            record = await self.store.load(game_id)
            if record is None or record.finished:
                await self.store.remove_user_game(user_id, game_id)
            elif is_solitaire(record.kind):
                out.append(record)
        return out

    async def active(self, user_id: int, kind: str) -> str | None:
        return next((g for k, g in await self.active_games(user_id) if k == kind), None)

    async def new_game(
        self,
        kind: str,
        variant: str,
        user_id: int,
        where: tuple[int, int],
        lang: str,
        answer: Answer,
        *,
        below: bool = False,
        name: str = "",
        daily: bool = False,
        day: int | None = None,
        tier: str = "",
    ) -> None:
        """A new game on the menu's message, or (`below`: "play again") in a new message under
        the finished board, which keeps its text and loses its buttons. An unfinished game of
        the same kind is abandoned (lost once a move was made in it). `daily`: the deal of the
        day `day` (default today; an earlier day's is a late game, unranked), of `tier`."""
        try:
            days = (day, tier) if daily else None
            await self._new_game(kind, variant, user_id, where, lang, below, name, days)
        except Refused as refused:
            await answer(t(lang, refused.key), alert=refused.alert)

    async def _new_game(
        self,
        kind: str,
        variant: str,
        user_id: int,
        where: tuple[int, int],
        lang: str,
        below: bool,
        name: str,
        days: tuple[int | None, str] | None,
    ) -> None:
        if not is_solitaire(kind) or variant not in spec(kind).variants:
            raise Refused("error-stale", alert=True)  # forged: nothing is created
        if below and not self._first_again(where):
            return  # its new deal is on its way
        if days is None:
            record = model.new_record(kind, variant, user_id, lang)
        else:  # the deal of the day (default today's)
            today = day_number(utc_day(self.clock()))
            number = today if days[0] is None else days[0]
            if not 1 <= number <= today:
                raise Refused("daily-not-yet", alert=True)  # a day to come: no deal yet
            args = (kind, variant, user_id, lang, number, days[1], today)
            record = await solo_daily.day_record(self.store, *args)
        if record.solo.daily is not None and not record.solo.late:  # the first is ranked
            held = await solo_daily.claim(self.store, record)
            if held is not None:  # being played: a second tap on ▶ brings it here
                await self._bring(held, where, lang)
                return
        for game_id in [g for k, g in await self.active_games(user_id) if k == kind]:
            if game_id != record.id:  # (a claimed day's game that another tap created)
                await self._abandon(game_id, lang, where)
                await self.store.remove_user_game(user_id, game_id)
        record.solo.name = name
        record.solo.howto = await howto.is_first(self.store, user_id, kind)
        screen = board(record, lang)
        chat_id, message_id = where
        if below:
            await self.tg.retire(chat_id, message_id)
            record.solo.msg = await self.tg.send(chat_id, screen.text, screen.keyboard)
        else:
            record.solo.msg = message_id
        if not await self.store.create(record):
            current = await solo_daily.of_collision(self.store, record)
            if current is None:  # an id collision: practically never
                raise Refused("error-generic", alert=True)
            await self._bring(current, where, lang)  # the day's game, another tap's
            return
        await self.store.add_user_game(user_id, record.id)
        await vacate(self.store, await self._unfinished(user_id), record)  # (a menu's message)
        metrics.game_started(kind)
        log.info(
            "event=new_game kind=%s variant=%s game=%s user=%s", kind, variant, record.id, user_id
        )
        if not below:
            await self._edit(chat_id, message_id, screen, record)

    def _first_again(self, where: tuple[int, int]) -> bool:
        if where in self._again:
            return False
        self._again[where] = None
        if len(self._again) > REMEMBERED:
            self._again.popitem(last=False)
        return True

    async def _abandon(self, game_id: str, lang: str, where: tuple[int, int]) -> None:
        """A game replaced by a new one ends (counted as lost once a move was made in it) and
        its old board loses its buttons, so no tap on it plays on."""
        record = await self.store.load(game_id)
        if record is None or record.finished:
            return
        expected, meta = record.version, record.solo
        now = time.time()
        record.finished, meta.ended = True, now
        if meta.moves == 0:
            await self.store.save(record, expected)
        elif await self.store.finish(record, expected, result_of(record, now, abandoned=True)):
            metrics.game_finished(record.kind, "abandoned")
        if meta.msg is not None and meta.msg != where[1]:
            way_on = Keyboard([[button(t(lang, "btn-menu"), menu_data("menu"))]])
            await self.tg.retire(where[0], meta.msg, t(lang, "board-replaced"), way_on)

    async def resume(
        self, game_id: str, user_id: int, where: tuple[int, int], lang: str, answer: Answer
    ) -> None:
        """ "Continue": the game moves to this message (the old board says where it went)."""
        try:
            await self._resume(game_id, user_id, where, lang)
        except Refused as refused:
            await answer(t(lang, refused.key), alert=refused.alert)

    async def _resume(self, game_id: str, user_id: int, where: tuple[int, int], lang: str) -> None:
        record = await self.store.load(game_id) if is_game_id(game_id) else None
        if record is None or not solo_daily.playing(record, user_id):
            raise Refused("error-stale-game")
        await self._show_here(record, where, lang)

    async def _bring(self, record: GameRecord, where: tuple[int, int], lang: str) -> None:
        """The day's ranked game, started by another tap (which may have died before it listed
        the game among the user's), shown here."""
        await self.store.add_user_game(record.solo.uid, record.id)
        await self._show_here(record, where, lang)

    async def _show_here(self, record: GameRecord, where: tuple[int, int], lang: str) -> None:
        """An unfinished game moves to this message (its old board says where it went)."""
        chat_id, message_id = where
        old = record.solo.msg
        if old != message_id:
            record.solo.msg = message_id
            if not await self.store.save(record, record.version):
                raise Refused("error-busy", alert=True)
            if old:
                await self.tg.retire(chat_id, old, t(lang, "moved-below"))
            await vacate(self.store, await self._unfinished(record.solo.uid), record)
        await self._edit(chat_id, message_id, await self._board(record, lang), record)
