"""What a deal of the day's board adds to a solitaire's board: whether the attempt is ranked,
a replay, or unranked by a hint; once it is over, the player's place on the day's board, the
card to post (a ranked attempt only) and the ways on: this deal again, a new deal, the menu."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.games.result_of import result_of
from bot.i18n import t, translator
from bot.render.common import button
from bot.render.daily import card_text, share_row
from bot.render.screen import Screen
from bot.stats.boards import Board
from bot.stats.result import GameResult
from bot.storage import GameRecord, Store, StoreUnavailable
from bot.wire.callbacks import menu_data
from bot.wire.keyboard import Keyboard

Standing = Literal["ranked", "replay", "unranked", "late"]


@dataclass(frozen=True, slots=True)
class Share:
    """How a finished ranked attempt is posted: by inline query (the bot's inline mode is on)
    or as text to copy; the bot's username for the card's link; the player's place today."""

    inline: bool
    bot_username: str
    place: tuple[int, int] | None  # (rank, players on the day's board)


def standing(record: GameRecord) -> Standing:
    meta = record.solo
    if meta.late:
        return "late"
    if not meta.ranked:
        return "replay"
    return "unranked" if meta.hints else "ranked"


def daily_board(record: GameRecord, screen: Screen, lang: str, share: Share | None) -> Screen:
    meta = record.solo
    day = meta.daily or 0
    tier = t(lang, "daily-tier", tier=meta.tier) if meta.tier else ""
    lines = [screen.text, t(lang, f"daily-{standing(record)}", day=day, tier=tier)]
    if not record.finished:
        return Screen("\n\n".join(lines), screen.keyboard)
    result = result_of(record, meta.ended or 0.0)
    posted = share if standing(record) == "ranked" else None  # only a ranked attempt is shared
    if posted is not None and posted.place is not None:
        lines[-1] += "\n" + t(lang, "daily-place", rank=posted.place[0], of=posted.place[1])
    if result.par is not None:
        lines.append(par_lines(result, lang))
    rows = []
    if posted is not None:
        _ = translator(lang)
        card = card_text(result, _, posted.place, posted.bot_username)
        rows.append(share_row(result, _, card, posted.inline))
    again = f"again:{record.kind}:{meta.variant}" if meta.variant else f"again:{record.kind}"
    play = f"dplay:{record.kind}:{day}" + (f":{meta.tier}" if meta.tier else "")
    rows.append([button(t(lang, "btn-daily-replay"), menu_data(play))])
    rows.append(
        [
            button(t(lang, "btn-new-deal"), menu_data(again)),
            button(t(lang, "btn-menu"), menu_data("menu")),
        ]
    )
    return Screen("\n\n".join(lines), Keyboard(rows))


def par_lines(result: GameResult, lang: str) -> str:
    """A finished deal of the day with a par: a win's moves against it, and what the par is."""
    par = result.par or 0
    about = t(lang, "par-about", par=par)
    if result.players[0].won:
        moves = t(lang, "moves-n", n=result.moves)
        return t(lang, "par-won", moves=moves, par=par) + "\n" + about
    return about


async def place_on_day(store: Store, record: GameRecord) -> tuple[int, int] | None:
    """The player's (rank, players) on the board of `record`'s deal of the day."""
    meta = record.solo
    assert meta.daily is not None
    day = Board.of_day(record.kind, meta.variant, meta.daily, meta.tier)
    try:
        page = await store.leaderboard(day, meta.uid, limit=0)
    except StoreUnavailable:
        return None
    return (page.own.rank, page.total) if page.own is not None else None
