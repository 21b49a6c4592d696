"""Kosa and Raspad in a private chat: menu entries, new games, moves, pick, hint, undo.

Every game button carries `<gid>:<version>:<action>`; CallbackMiddleware has loaded the game
(or, for a move on a game this process remembers at that version, taken it from memory).
A move = at most 1 Store load + 1 compare-and-set save, then one edit of the board, with the
callback answered alongside the edit.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from aiogram import Bot, Router
from aiogram.types import CallbackQuery

import rules
from bot.config import Settings
from bot.games.solitaire import model as solitaire
from bot.i18n import Translator
from bot.render import kosa as kosa_render
from bot.render import raspad as raspad_render
from bot.render.common import RenderCtx, button, markup
from bot.storage import GameRecord, Store
from bot.telegram.callbacks import GameCallback, menu_data
from bot.telegram.filters import GameKind, Menu
from bot.telegram.io import CallbackAnswer, edit, send
from bot.telegram.keyboard import Keyboard

log = logging.getLogger(__name__)

RENDERERS = {"kosa": kosa_render.render, "raspad": raspad_render.render}


def render_game(
    record: GameRecord,
    lang: str,
    state: Any | None = None,
    view: dict[str, Any] | None = None,
    **extra: Any,
) -> tuple[str, Keyboard]:
    """The board of `record`; `state` (and its `view`) when the caller has them already."""
    if state is None:
        state = solitaire.state_of(record)
        view = None
    if view is None:
        view = solitaire.view_of(record, state)
    ctx = RenderCtx(
        lang=lang,
        game_id=record.id,
        version=record.version,
        moves=solitaire.legal_moves(record, state),
        events=record.meta.get("event") or [],
        meta=record.meta,
        can_undo=solitaire.can_undo(record),
        **extra,
    )
    return RENDERERS[record.kind](view, ctx)


def variant_menu(kind: str, lang: str, _: Translator, active: str | None) -> tuple[str, Keyboard]:
    rows = []
    text = _(f"new-{kind}-title")
    if active:
        label = _("btn-continue", game=_(f"game-{kind}"))
        rows.append([button(label, menu_data(f"cont:{active}"))])
        text += "\n" + _("new-abandons")
    for variant in solitaire.VARIANTS[kind]:
        rows.append([button(_(f"variant-{kind}-{variant}"), menu_data(f"new:{kind}:{variant}"))])
    rows.append([button(_("btn-back"), menu_data("menu"))])
    return text, markup(rows)


async def _abandon_active(store: Store, user_id: int, kind: str) -> None:
    for k, game_id in await solitaire.active_games(store, user_id):
        if k == kind:
            await store.remove_user_game(user_id, game_id)


def make_router() -> Router:
    router = Router(name="solitaire")

    # ------------------------------------------------ game buttons (first: the busiest route)

    @router.callback_query(GameKind(*solitaire.KINDS))
    async def game_button(
        query: CallbackQuery,
        cb: GameCallback,
        game: GameRecord,
        bot: Bot,
        store: Store,
        settings: Settings,
        lang: str,
        answer: CallbackAnswer,
        _: Translator,
        peeked: bool = False,
    ) -> None:
        if query.message is None:
            await answer(_("error-stale"), alert=True)
            return
        if game.meta.get("uid") != query.from_user.id:
            await answer(_("error-not-yours"), alert=True)
            return
        if game.finished:
            await answer(_("error-over"), alert=True)
            return
        chat_id, message_id = query.message.chat.id, query.message.message_id
        if cb.version != game.version:
            # an old board (a double tap, or an edit that never arrived): say so, and bring
            # the board up to date so the next tap works
            await answer(_("error-stale"), alert=True)
            await _show_current(bot, game, query.from_user.id, chat_id, message_id, lang)
            return
        if cb.is_ui:
            name, arg = cb.ui()
            extra: dict[str, Any] = {}
            toast: str | None = None
            if name == "pick":
                moves = solitaire.legal_moves(game)
                if not any(m.startswith(arg + ">") for m in moves):
                    await answer(_("no-targets"))
                    return
                extra["pick"] = arg
            elif name == "hint":
                move = solitaire.hint(game)
                if move is None:
                    await answer(_("no-hint"))
                    return
                extra["hint"] = move
                if ">" in move and move.split(">")[1] != "" and _needs_pick(game, move):
                    extra["pick"] = move.split(">")[0]
                toast = _("hint-toast")
            elif name == "ask" and arg in ("fail", "r", "resign"):
                extra["confirm"] = arg
            elif name == "undo":
                if not solitaire.undo(game):
                    await answer(_("no-undo"))
                    return
                game.meta["msg"] = message_id
                if not await store.save(game, cb.version):
                    await answer(_("error-busy"), alert=True)
                    return
            elif name != "back":
                await answer(_("error-stale"), alert=True)
                return
            text, kb = render_game(game, lang, **extra)
            await edit(bot, chat_id, message_id, text, kb)
            if toast:
                await answer(toast)
            return
        # a rules move
        try:
            state, view = solitaire.apply_move(game, cb.action, settings.undo_depth)
        except rules.IllegalMove:
            await answer(_("error-illegal"), alert=True)
            return
        game.meta["msg"] = message_id
        if not await store.save(game, cb.version):
            if not peeked:
                await answer(_("error-busy"), alert=True)
                return
            # the remembered game was not the latest: another tap (or process) changed it
            # first, or it expired. Show it as it is now.
            current = await store.load(cb.game_id)
            if current is None:
                await answer(_("error-stale-game"), alert=True)
                return
            await answer(_("error-stale"), alert=True)
            await _show_current(bot, current, query.from_user.id, chat_id, message_id, lang)
            return
        log.debug(
            "event=move kind=%s game=%s version=%s move=%s",
            game.kind,
            game.id,
            game.version,
            cb.action,
        )
        if game.finished:
            log.info(
                "event=game_over kind=%s game=%s user=%s result=%s moves=%s",
                game.kind,
                game.id,
                query.from_user.id,
                rules.GAMES[game.kind].status(state).result,
                game.meta.get("moves"),
            )
        text, kb = render_game(game, lang, state, view)
        # the move is saved: stop the button's spinner while the board is being edited
        await asyncio.gather(edit(bot, chat_id, message_id, text, kb), answer())

    # ------------------------------------------------------------------ menu entries

    @router.callback_query(Menu(*solitaire.KINDS))
    async def choose_variant(
        query: CallbackQuery, cb: Any, bot: Bot, store: Store, lang: str, _: Translator
    ) -> None:
        if query.message is None:
            return
        kind = cb.parts()[0]
        active = next(
            (g for k, g in await solitaire.active_games(store, query.from_user.id) if k == kind),
            None,
        )
        text, kb = variant_menu(kind, lang, _, active)
        await edit(bot, query.message.chat.id, query.message.message_id, text, kb)

    @router.callback_query(Menu("new", "again"))
    async def new_game(
        query: CallbackQuery,
        cb: Any,
        args: list[str],
        bot: Bot,
        store: Store,
        lang: str,
        answer: CallbackAnswer,
        _: Translator,
    ) -> None:
        if query.message is None or not args or args[0] not in solitaire.KINDS:
            return
        kind = args[0]
        variant = args[1] if len(args) > 1 else solitaire.DEFAULT_VARIANT[kind]
        if variant not in solitaire.VARIANTS[kind]:
            variant = solitaire.DEFAULT_VARIANT[kind]
        user_id = query.from_user.id
        chat_id = query.message.chat.id
        await _abandon_active(store, user_id, kind)
        record = solitaire.new_record(kind, variant, user_id, lang)
        again = cb.parts()[0] == "again"
        text, kb = render_game(record, lang)
        if again:
            # keep the finished board as it is (without buttons), start below it
            await _strip_keyboard(bot, chat_id, query.message.message_id)
            record.meta["msg"] = await send(bot, chat_id, text, kb)
        else:
            record.meta["msg"] = query.message.message_id
        if not await store.create(record):  # an id collision: practically never
            await answer(_("error-generic"), alert=True)
            return
        await store.add_user_game(user_id, record.id)
        log.info(
            "event=new_game kind=%s variant=%s game=%s user=%s", kind, variant, record.id, user_id
        )
        if not again:
            await edit(bot, chat_id, query.message.message_id, text, kb)

    @router.callback_query(Menu("cont"))
    async def continue_game(
        query: CallbackQuery,
        args: list[str],
        bot: Bot,
        store: Store,
        lang: str,
        answer: CallbackAnswer,
        _: Translator,
    ) -> None:
        if query.message is None or not args:
            return
        record = await store.load(args[0])
        if (
            record is None
            or record.finished
            or record.kind not in solitaire.KINDS
            or record.meta.get("uid") != query.from_user.id
        ):
            await answer(_("error-stale-game"), alert=True)
            return
        chat_id, message_id = query.message.chat.id, query.message.message_id
        old = record.meta.get("msg")
        if old != message_id:
            record.meta["msg"] = message_id
            if not await store.save(record, record.version):
                await answer(_("error-busy"), alert=True)
                return
            if old:
                await _strip_keyboard(bot, chat_id, int(old), _("moved-below"))
        text, kb = render_game(record, lang)
        await edit(bot, chat_id, message_id, text, kb)

    return router


async def _show_current(
    bot: Bot, game: GameRecord, user_id: int, chat_id: int, message_id: int, lang: str
) -> None:
    """Re-show a game's current board on its message (after a move lost a race)."""
    if game.kind not in solitaire.KINDS or game.meta.get("uid") != user_id:
        return
    if game.meta.get("msg") not in (None, message_id):
        return  # the game moved to another message meanwhile; leave this one be
    text, kb = render_game(game, lang)
    await edit(bot, chat_id, message_id, text, kb)


def _needs_pick(game: GameRecord, move: str) -> bool:
    """A hinted move whose source has several targets is shown with that source picked."""
    src = move.split(">")[0]
    return sum(1 for m in solitaire.legal_moves(game) if m.startswith(src + ">")) > 1


async def _strip_keyboard(bot: Bot, chat_id: int, message_id: int, text: str | None = None) -> None:
    try:
        if text is not None:
            await bot.edit_message_text(text=text, chat_id=chat_id, message_id=message_id)
        else:
            await bot.edit_message_reply_markup(
                chat_id=chat_id, message_id=message_id, reply_markup=None
            )
    except Exception as err:  # best effort: the old message may be gone or too old
        log.info(
            "event=strip_keyboard_failed chat=%s message=%s error=%s", chat_id, message_id, err
        )
