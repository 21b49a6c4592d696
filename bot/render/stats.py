"""Statistics, leaderboards and the settings screen (text + keyboard); the deal of the day's
screens are in bot.render.daily.

Only reads what bot.games.player_views gathered from the store (bot.stats models)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.i18n import Translator
from bot.registry import kinds, spec
from bot.render import badges as badge_screens
from bot.render.common import button, esc, rows_of
from bot.render.screen import Screen
from bot.stats.badges import held
from bot.stats.boards import WEEKLY, Board, BoardPage
from bot.stats.daily import cards_total, decode_daily_score
from bot.stats.rating import shown
from bot.stats.share_card import clock
from bot.stats.stats import HistoryEntry, KindStats, UserStats
from bot.wire.callbacks import menu_data
from bot.wire.keyboard import Button, Keyboard

ROW_GAMES = 2  # game buttons a row: two fit a phone's width, whatever the number of games
# a solitaire's boards in the global top: each button's text and the board it opens
SOLITAIRE_BOARDS = (
    ("top-btn-wins", "wins"),
    ("top-btn-streak", "streak"),
    ("top-btn-days", "days:wk"),
)


def game_name(kind: str, _: Translator) -> str:
    game = spec(kind)
    return f"{game.icon} " + _(game.title_key)


@dataclass(frozen=True)
class Rated:
    """A user's rating in a group game as shown (None: never rated) and place on the board."""

    rating: int | None
    rank: int | None


def _best(kind: str, ks: KindStats, _: Translator) -> str | None:
    best = ks.best
    if best is None:
        return None
    moves = _("moves-n", n=best.moves)
    cards = _cards(best.score, _)  # the game's own text says what its score counts
    return _(
        f"stats-best-{kind}",
        won="yes" if best.won else "no",
        moves=moves,
        home=cards,
        hand=cards,
        left=best.score or 0,
        kons=best.rounds or 0,
    )


def _cards(n: int | None, _: Translator) -> str:
    return _("cards-n", n=n or 0)


def _line(kind: str, stats: UserStats, rated: Rated | None, _: Translator) -> str:
    ks = stats.of(kind)
    game = game_name(kind, _)
    if not ks.played:
        return _("stats-unplayed", game=game)
    played = _("stats-played", n=ks.played)
    if rated is not None:
        rank = _("stats-rank", rank=rated.rank) if rated.rank else ""
        rating = rated.rating if rated.rating is not None else "—"
        return _("stats-line-rated", game=game, played=played, won=ks.won, rating=rating, rank=rank)
    line = _(
        "stats-line",
        game=game,
        played=played,
        won=ks.won,
        rate=round(ks.win_rate * 100),
        streak=ks.streak,
        best=ks.best_streak,
    )
    best = _best(kind, ks, _)
    par = _par(ks, _)
    return line + "".join("\n   " + extra for extra in (best, par) if extra)


def signed(n: float, _: Translator) -> str:
    """+7, −2, 0, +12.3 (one decimal where it is not whole; the language's decimal mark)."""
    text = f"{abs(n):.1f}".removesuffix(".0").replace(".", _("decimal-mark"))
    return ("+" if n > 0 else "−" if n < 0 else "") + text


def _par(ks: KindStats, _: Translator) -> str | None:
    """Wins of a deal with a par (the deals of the day): the best and the mean over par."""
    mean = ks.mean_over_par
    if mean is None or ks.best_over_par is None:
        return None
    return _("stats-par", n=ks.par_won, best=signed(ks.best_over_par, _), mean=signed(mean, _))


def stats_screen(stats: UserStats, rated: dict[str, Rated], today: int, _: Translator) -> Screen:
    """/stats in a private chat: a line per game, the day streak (as it stands on `today`, the
    number of today's deal), a button per game."""
    lines = [_("stats-title")]
    if not stats.kinds:
        lines.append(_("stats-none"))
    else:
        lines += [_line(k, stats, rated.get(k), _) for k in (*kinds("solitaire"), *kinds("table"))]
    if stats.day is not None:
        lines.append(_("stats-days", n=stats.day.now(today), best=stats.day.best))
    if stats.tours[0]:
        lines.append(_("stats-tours", played=stats.tours[0], won=stats.tours[1]))
    lines.append(badge_screens.stats_lines(held(stats.fields), _))
    solitaires, tables = kinds("solitaire"), kinds("table")
    rows = [
        *rows_of([button(game_name(k, _), menu_data(f"st:{k}")) for k in solitaires], ROW_GAMES),
        *rows_of([button(game_name(k, _), menu_data(f"st:{k}")) for k in tables], ROW_GAMES),
        [button(_("btn-top"), menu_data("top")), button(_("btn-daily"), menu_data("daily"))],
        [button(_("btn-badges"), menu_data("badges")), button(_("btn-menu"), menu_data("menu"))],
    ]
    return Screen("\n\n".join(lines), Keyboard(rows))


def _history_line(h: HistoryEntry, _: Translator) -> str:
    day = datetime.fromtimestamp(h.finished_at, UTC).strftime("%d.%m")
    parts = [day, _(f"outcome-{h.outcome}")]
    if h.players > 1:
        parts.append(_("hist-place", place=h.place, of=h.players))
    parts.append(_("moves-n", n=h.moves))
    parts.append(clock(h.duration))
    if h.vs_computer:
        parts.append(_("hist-vs-ai"))
    if h.daily:
        parts.append(_("hist-daily", day=h.daily))
    return " · ".join(parts)


def detail_screen(
    kind: str, stats: UserStats, rated: Rated | None, history: Sequence[HistoryEntry], _: Translator
) -> Screen:
    """One game's statistics and its last 10 results."""
    lines = [_("stats-detail-title", game=game_name(kind, _)), _line(kind, stats, rated, _)]
    games = [h for h in history if h.kind == kind][:10]
    lines.append(
        _("stats-last") + "\n" + "\n".join(_history_line(h, _) for h in games)
        if games
        else _("stats-no-games")
    )
    rows = [[button(_("btn-back"), menu_data("stats")), button(_("btn-menu"), menu_data("menu"))]]
    return Screen("\n\n".join(lines), Keyboard(rows))


def _score(board: Board, score: float, _: Translator) -> str:
    if board.metric == "daily":
        won, home, moves, seconds = decode_daily_score(score)
        if won:
            return _("daily-result-won", moves=_("moves-n", n=moves), time=clock(seconds))
        total = cards_total(board.kind, board.variant)
        scoring = spec(board.kind).scoring
        if scoring is not None and scoring.lost == "left":  # a game with no home
            return _("daily-result-left", left=total - (home or 0))
        return _("daily-result-lost", home=home or 0, total=total)
    if board.metric == "rating":
        return str(shown(score))
    return str(int(score))


def board_lines(board: Board, page: BoardPage, _: Translator, *, you: bool = True) -> list[str]:
    if not page.entries:
        return [_("top-empty")]
    lines = [f"{e.rank}. {esc(e.name or '?')} — {_score(board, e.score, _)}" for e in page.entries]
    if you:
        own = page.own
        if own is None:
            lines.append(_("top-you-none"))
        elif own.rank > len(page.entries):
            lines.append(_("top-you", rank=own.rank, score=_score(board, own.score, _)))
    return lines


def board_title(board: Board, _: Translator) -> str:
    what = _(f"top-what-{board.metric}", day=board.day or 0)
    if board.tier:
        what += _("daily-tier", tier=board.tier)
    if board.week is not None:
        what += " · " + _("top-this-week")
    return _("top-title", game=game_name(board.kind, _), what=what)


def top_screen(board: Board | None, page: BoardPage | None, _: Translator) -> Screen:
    """The global top from the private menu: a game's board (or the picker), and for a board
    with a weekly one, "This week" / "All time"."""
    text = (
        _("top-pick")
        if board is None or page is None
        else board_title(board, _) + "\n\n" + "\n".join(board_lines(board, page, _))
    )
    rows = []
    if board is not None and board.metric in WEEKLY and board.metric != "days":
        whole = f"top:{board.kind}:{board.metric}"
        rows.append(
            [
                button(("• " if board.week else "") + _("top-btn-week"), menu_data(whole + ":wk")),
                button(("" if board.week else "• ") + _("top-btn-all"), menu_data(whole)),
            ]
        )
    for key, metric in SOLITAIRE_BOARDS:
        boards = [
            button(_(key, game=game_name(k, _)), menu_data(f"top:{k}:{metric}"))
            for k in kinds("solitaire")
        ]
        rows += rows_of(boards, ROW_GAMES)
    ratings = [button(game_name(k, _), menu_data(f"top:{k}:rating")) for k in kinds("table")]
    rows += rows_of(ratings, ROW_GAMES)
    rows.append(
        [button(_("btn-back"), menu_data("stats")), button(_("btn-menu"), menu_data("menu"))]
    )
    return Screen(text, Keyboard(rows))


def group_top_screen(
    title: str,
    boards: Sequence[tuple[Board, BoardPage]],
    solo: Sequence[tuple[str, Sequence[tuple[str, int]]]],
    today: Sequence[tuple[Board, BoardPage]],
    daily_link: str,
    _: Translator,
) -> Screen:
    """/top (and /stats) in a group: its rating boards, its players' solitaire wins, the board
    of today's deal among them, and a button to play today's deal (`daily_link`, a link to
    the bot's private chat)."""
    raced = [
        board_title(b, _) + "\n" + "\n".join(_raced_lines(b, p, _)) for b, p in today if p.entries
    ]
    text = group_top_text(title, boards, solo, _, raced=bool(raced))
    if raced:
        text += "\n\n" + _("top-group-today") + "\n\n" + "\n\n".join(raced)
    rows = [[Button(text=_("btn-group-daily"), url=daily_link)]] if daily_link else []
    return Screen(text, Keyboard(rows) if rows else None)


def _raced_lines(board: Board, page: BoardPage, _: Translator) -> list[str]:
    """A group's people on the day's board, placed among themselves; the one who asked, when
    beyond the lines shown, by name with their place among how many."""
    lines = board_lines(board, page, _, you=False)
    own = page.own
    if own is not None and all(e.user_id != own.user_id for e in page.entries):
        score = _score(board, own.score, _)
        name = esc(own.name or "?")
        lines.append(_("top-group-you", name=name, rank=own.rank, of=page.total, score=score))
    return lines


def group_top_text(
    title: str,
    boards: Sequence[tuple[Board, BoardPage]],
    solo: Sequence[tuple[str, Sequence[tuple[str, int]]]],
    _: Translator,
    *,
    raced: bool = False,
) -> str:
    """/top (and /stats) in a group: its rating boards, and its players' solitaire wins (with
    nothing at all to show, not even a race on today's deal (`raced`), the way to a game)."""
    lines = [_("top-group-title", group=esc(title))]
    shown = [(b, p) for b, p in boards if p.entries]
    for board, page in shown:
        lines.append(
            board_title(board, _) + "\n" + "\n".join(board_lines(board, page, _, you=False))
        )
    solo_lines = [
        game_name(kind, _)
        + "\n"
        + "\n".join(f"{i}. {esc(n)} — {w}" for i, (n, w) in enumerate(rows, 1))
        for kind, rows in solo
        if rows
    ]
    if solo_lines:
        lines.append(_("top-group-solo") + "\n" + "\n\n".join(solo_lines))
    if not (shown or solo_lines or raced):
        lines.append(_("top-group-empty"))
    return "\n\n".join(lines)


def settings_screen(
    hidden: bool, pings: bool, in_group: bool, alias: bool, _: Translator
) -> Screen:
    """/settings: turn pings (on by default), where a hidden hand is shown (the private chat by
    default, or the group, to the player alone), the name strangers see in a quick match and
    whether the global boards show the user."""
    lines = [
        _("settings-title"),
        _("settings-pings-on" if pings else "settings-pings-off"),
        _("settings-hand-group" if in_group else "settings-hand-private"),
        _("settings-alias-on" if alias else "settings-alias-off"),
        _("settings-hidden-on" if hidden else "settings-hidden-off"),
        _("settings-hidden-note"),
    ]
    rows = [
        [
            button(
                _("btn-pings-off" if pings else "btn-pings-on"),
                menu_data("set:ping:" + ("0" if pings else "1")),
            )
        ],
        [
            button(
                _("btn-hand-private" if in_group else "btn-hand-group"),
                menu_data("set:hand:" + ("0" if in_group else "1")),
            )
        ],
        [
            button(
                _("btn-alias-off" if alias else "btn-alias-on"),
                menu_data(f"set:alias:{+(not alias)}"),
            )
        ],
        [
            button(
                _("btn-show" if hidden else "btn-hide"),
                menu_data("set:hide:" + ("0" if hidden else "1")),
            )
        ],
        [button(_("btn-menu"), menu_data("menu"))],
    ]
    return Screen("\n\n".join(lines), Keyboard(rows))
