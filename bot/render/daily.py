"""The deal of the day's screens: /daily, the day's board with the deal's par, and the card a
player shares after the day's deal (its text and the button that posts it).

Only reads what bot.games.player_views gathered from the store (bot.stats models)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import Translator
from bot.render.calendar import calendar_block
from bot.render.common import button, rows_of
from bot.render.screen import Screen
from bot.render.stats import board_lines, board_title, game_name, signed
from bot.stats.boards import Board, BoardPage
from bot.stats.calendar import Day
from bot.stats.daily import cards_total, day_date
from bot.stats.result import GameResult
from bot.stats.share_card import Facts, card, clock, outcome_line
from bot.stats.stats import DayStreak, HistoryEntry
from bot.wire.callbacks import menu_data
from bot.wire.keyboard import Button, Keyboard


@dataclass(frozen=True)
class TierView:
    """One of a day's deals as a player sees it: its tier ("e", "m", "h"; "" a day with one
    deal), its par (None: none, or not chosen yet), the player's first attempt (its result;
    None: not over, or not played: `playing` says it is under way) and place on its board."""

    tier: str
    par: int | None
    result: GameResult | None
    place: tuple[int, int] | None = None
    playing: bool = False
    entry: HistoryEntry | None = None  # the first attempt, its result no longer kept


@dataclass(frozen=True)
class DayView:
    """A game's deal of the day `day` for a player: its deals, the month up to it, the
    player's day streak; `today` decides whether it is a late game; `games` the solitaires
    (a button to each other one)."""

    kind: str
    day: int
    today: int
    tiers: Sequence[TierView]
    month: Sequence[Day]
    tiered: Sequence[bool]  # the month's days: dealt in tiers
    streak: DayStreak | None
    games: Sequence[str]
    first_day: int  # the earliest day of the month a late game may be played


def _result_text(result: GameResult, _: Translator) -> str:
    text = outcome_line(facts_of(result), _) + " · " + clock(result.duration)
    if result.over_par is not None:  # a win of a deal with a par
        text += " · " + _("par-over", over=signed(result.over_par, _))
    if result.late:
        return text + " · " + _("daily-late-short")
    return text if result.ranked else text + " · " + _("daily-off-board")


def _tier_name(v: DayView, tier: str, _: Translator) -> str:
    return _(f"tier-name-{tier}") if tier else game_name(v.kind, _)


def _tier_lines(v: DayView, tv: TierView, _: Translator) -> str:
    head = _tier_name(v, tv.tier, _)
    if tv.par is not None:
        head += " · " + _("day-par", par=tv.par)
    if tv.result is not None:
        line = _("daily-played", game=head, result=_result_text(tv.result, _))
        if tv.place:
            line += _("daily-place-short", rank=tv.place[0], of=tv.place[1])
        return line
    if tv.entry is not None:
        e = tv.entry
        result = " · ".join((_(f"outcome-{e.outcome}"), _("moves-n", n=e.moves), clock(e.duration)))
        return _("daily-played", game=head, result=result)
    return _("daily-playing" if tv.playing else "daily-open", game=head)


def _play_button(v: DayView, tv: TierView, _: Translator) -> Button:
    name = _tier_name(v, tv.tier, _)
    done = tv.result is not None or tv.entry is not None
    key = "btn-day-continue" if tv.playing else "btn-day-again" if done else "btn-day-play"
    data = f"dplay:{v.kind}:{v.day}" + (f":{tv.tier}" if tv.tier else "")
    return button(_(key, tier=name), menu_data(data))


def day_screen(v: DayView, _: Translator) -> Screen:
    """/daily: a game's deals of the day (three on a day dealt in tiers), the player's
    standing on each, the month's calendar, the way to the day's boards, to the days before
    (a late game) and after, to the other games."""
    when = day_date(v.day).strftime("%d.%m.%Y")
    lines = [_("daily-title", day=v.day, date=when)]
    about = "day-about-tiers" if len(v.tiers) > 1 else "day-about-one"
    lines.append(_(about, game=game_name(v.kind, _)))
    if v.day < v.today:
        lines.append(_("day-late"))
    lines += [_tier_lines(v, tv, _) for tv in v.tiers]
    if v.month:
        lines.append(calendar_block(v.month, v.tiered, _))
    if v.streak is not None:
        lines.append(_("stats-days", n=v.streak.now(v.today), best=v.streak.best))
    rows = [[_play_button(v, tv, _)] for tv in v.tiers]
    tier = v.tiers[0].tier
    board = f"dtop:{v.kind}:{v.day}" + (f":{tier}" if tier else "")
    label = _("btn-day-boards") if tier else _("btn-day-board", game=game_name(v.kind, _))
    rows.append([button(label, menu_data(board))])
    steps = []
    if v.day > v.first_day:
        earlier = day_date(v.day - 1).strftime("%d.%m")
        steps.append(
            button(_("btn-day-prev", date=earlier), menu_data(f"dday:{v.kind}:{v.day - 1}"))
        )
    if v.day < v.today:
        later = day_date(v.day + 1).strftime("%d.%m")
        steps.append(button(_("btn-day-next", date=later), menu_data(f"dday:{v.kind}:{v.day + 1}")))
    if steps:
        rows.append(steps)
    others = [
        button(game_name(k, _), menu_data(f"dday:{k}:{v.day}")) for k in v.games if k != v.kind
    ]
    rows += rows_of(others, 2)
    rows.append([button(_("btn-menu"), menu_data("menu"))])
    return Screen("\n\n".join(lines), Keyboard(rows))


def daily_board_screen(
    board: Board, page: BoardPage, par: int | None, tiers: Sequence[str], _: Translator
) -> Screen:
    """A board of a deal of the day, with the deal's par (None: it has none), and on a day
    dealt in tiers a button to each other tier's board."""
    lines = [board_title(board, _)]
    if par is not None:
        lines.append(_("par-about", par=par))
    text = "\n\n".join(lines) + "\n\n" + "\n".join(board_lines(board, page, _))
    day = f"{board.kind}:{board.day}"
    rows = []
    if tiers:
        rows.append(
            [
                button(
                    ("• " if t == board.tier else "") + _(f"tier-name-{t}"),
                    menu_data(f"dtop:{day}:{t}"),
                )
                for t in tiers
            ]
        )
    rows.append(
        [button(_("btn-back"), menu_data(f"dday:{day}")), button(_("btn-menu"), menu_data("menu"))]
    )
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
        tier=result.tier,
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
