"""The deal of the day's screens: /daily, the day's board with the deal's par, and the card a
player shares after the day's deal (its text and the button that posts it).

Only reads what bot.games.player_views gathered from the store (bot.stats models)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import Translator
from bot.render.common import button
from bot.render.screen import Screen
from bot.render.stats import board_lines, board_title, game_name, signed
from bot.stats.boards import Board, BoardPage
from bot.stats.daily import cards_total
from bot.stats.result import GameResult
from bot.stats.share_card import Facts, card, clock, outcome_line
from bot.stats.stats import DayStreak
from bot.wire.callbacks import menu_data
from bot.wire.keyboard import Button, Keyboard


@dataclass(frozen=True)
class DailyGame:
    """A user's standing on today's deal of one game: their result (None: not over yet, or
    not played: `playing` says the ranked attempt is under way)."""

    kind: str
    result: GameResult | None
    place: tuple[int, int] | None = None  # (rank, players) on the day's board
    playing: bool = False


def _result_text(result: GameResult, _: Translator) -> str:
    text = outcome_line(facts_of(result), _) + " · " + clock(result.duration)
    if result.over_par is not None:  # a win of a deal with a par
        text += " · " + _("par-over", over=signed(result.over_par, _))
    return text if result.ranked else text + " · " + _("daily-off-board")


def daily_screen(
    day: int, date: str, games: Sequence[DailyGame], streak: DayStreak | None, _: Translator
) -> Screen:
    """/daily: today's deal for each solitaire, played or not, with its board; the player's
    day streak."""
    lines = [_("daily-title", day=day, date=date), _("daily-about")]
    rows: list[list[Button]] = []
    for g in games:
        name = game_name(g.kind, _)
        if g.result is None:
            lines.append(_("daily-playing" if g.playing else "daily-open", game=name))
            label = "btn-daily-continue" if g.playing else "btn-daily-play"
            rows.append([button(_(label, game=name), menu_data(f"dplay:{g.kind}"))])
        else:
            lines.append(
                _(
                    "daily-played",
                    game=name,
                    result=_result_text(g.result, _),
                )
                + (_("daily-place-short", rank=g.place[0], of=g.place[1]) if g.place else "")
            )
            rows.append([button(_("btn-daily-again", game=name), menu_data(f"dplay:{g.kind}"))])
        rows.append([button(_("btn-daily-board", game=name), menu_data(f"dtop:{g.kind}"))])
    if streak is not None:
        lines.append(_("stats-days", n=streak.now(day), best=streak.best))
    rows.append([button(_("btn-menu"), menu_data("menu"))])
    return Screen("\n\n".join(lines), Keyboard(rows))


def daily_board_screen(board: Board, page: BoardPage, par: int | None, _: Translator) -> Screen:
    """Today's board of a deal of the day, with the deal's par (None: it has none)."""
    lines = [board_title(board, _)]
    if par is not None:
        lines.append(_("par-about", par=par))
    text = "\n\n".join(lines) + "\n\n" + "\n".join(board_lines(board, page, _))
    rows = [[button(_("btn-back"), menu_data("daily")), button(_("btn-menu"), menu_data("menu"))]]
    return Screen(text, Keyboard(rows))


def facts_of(result: GameResult, place: tuple[int, int] | None = None) -> Facts:
    """What the share card says of a deal of the day's result (`place`: rank, players)."""
    player = result.players[0]
    return Facts(
        kind=result.kind,
        day=result.daily or 0,
        won=player.won,
        score=player.score or 0,
        total=cards_total(result.kind, result.variant),
        moves=result.moves,
        seconds=result.duration,
        rounds=result.rounds,
        place=place,
        par=result.par,
    )


def card_text(
    result: GameResult, _: Translator, place: tuple[int, int] | None = None, bot_username: str = ""
) -> str:
    """The shareable result card of a deal of the day (bot.stats.share_card)."""
    return card(facts_of(result, place), _, bot_username)


COPY_LIMIT = 256  # CopyTextButton.text


def share_row(result: GameResult, _: Translator, card_text: str, inline: bool) -> list[Button]:
    """Post the card: through an inline query when the bot's inline mode is on (BotFather's
    /setinline), else as text to copy (the link line goes first when it does not fit)."""
    if inline:
        return [Button(text=_("btn-share"), switch_chosen=f"daily {result.game_id}")]
    text = card_text
    while len(text) > COPY_LIMIT and "\n" in text:
        text = text.rsplit("\n", 1)[0]
    return [Button(text=_("btn-copy"), copy=text[:COPY_LIMIT])]
