"""A solitaire's board as its player sees it: the game's own renderer (bot.games.screens), the
first game's how-to, the question before a hint that would unrank the day's deal, and what a
deal of the day adds (bot.games.solitaire.daily_screen)."""

from __future__ import annotations

from bot.games.screens import solo_board
from bot.games.solitaire import model
from bot.games.solitaire.daily_screen import Share, daily_board
from bot.games.state import state_of, view_of
from bot.i18n import t
from bot.render.common import button
from bot.render.screen import Played, Screen, SoloCtx
from bot.storage import GameRecord
from bot.wire.keyboard import Keyboard
from rules.views import View


def asks_before_hint(game: GameRecord) -> bool:
    """A first hint in the day's ranked attempt makes it unranked: ask first."""
    meta = game.solo
    return meta.daily is not None and meta.ranked and not meta.hints


def board(
    record: GameRecord,
    lang: str,
    state: object | None = None,
    view: View | None = None,
    *,
    pick: str | None = None,
    hint: str | None = None,
    confirm: str | None = None,
    share: Share | None = None,
    guess: bool = False,
    lost: int | None = None,
) -> Screen:
    """The board of `record`; `state` (and its `view`) when the caller has them already;
    `pick`, `hint`, `confirm` as `SoloCtx` has them (and "hint": ask before a hint that makes
    the day's ranked attempt unranked); `share`: how a finished deal of the day is posted.
    `guess`: the hint is the computer player's guess (the solver found no sure line); `lost`:
    the solver proved the position lost, and the deal can be won again that many moves back
    (0: not within undo reach)."""
    if state is None:
        state, view = state_of(record), None
    if view is None:
        view = view_of(record, 0, state)
    meta = record.solo
    ctx = SoloCtx(
        lang=lang,
        game_id=record.id,
        version=record.version,
        events=meta.events,
        moves=model.legal_moves(record, state),
        can_undo=model.can_undo(record),
        variant=meta.variant,
        played=Played(meta.moves, meta.undos, model.elapsed(meta)),
        pick=pick,
        hint=hint,
        confirm=None if confirm == "hint" else confirm,
    )
    screen = solo_board(record.kind)(view, ctx)
    if confirm == "hint":
        rows = [[button(t(lang, "btn-yes-hint"), ctx.ui("hint", "y"))]]
        rows.append([button(t(lang, "btn-cancel"), ctx.ui("back"))])
        screen = Screen(screen.text + "\n\n" + t(lang, "hint-confirm"), Keyboard(rows))
    if guess:
        screen = Screen(screen.text + "\n" + t(lang, "hint-guess"), screen.keyboard)
    if lost is not None:
        screen = lost_board(screen, ctx, lost, free=asks_before_hint(record))
    if meta.howto and meta.moves == 0 and not record.finished:  # a first game: how to play
        screen = Screen(screen.text + "\n\n" + t(lang, f"first-how-{record.kind}"), screen.keyboard)
    if meta.daily is not None:
        screen = daily_board(record, screen, lang, share)
    return screen


def lost_board(screen: Screen, ctx: SoloCtx, back: int, *, free: bool = False) -> Screen:
    """The board of a position proved lost: says so, and offers to go `back` moves to the
    newest position that still wins (none when 0). `free`: the day's ranked attempt, which a
    hint that gives nothing leaves ranked (it has no undo: says that instead)."""
    if back:
        said = ctx.t("hint-lost", n=back)
    else:
        said = ctx.t("hint-lost-ranked" if free else "hint-lost-for-good")
    text = screen.text + "\n\n" + said
    rows = screen.keyboard.inline_keyboard if screen.keyboard else []
    if back:
        rows = [[button(ctx.t("btn-rewind", n=back), ctx.ui("rewind", str(back)))], *rows]
    return Screen(text, Keyboard(rows))
