"""/stats and /top (private chats and groups), /daily and /settings (private chats; typed in a
group they answer with a button that opens them here: `/start daily`, `/start settings`), their
menu buttons, and the inline query that shares a deal-of-the-day result card into any chat."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import (
    CallbackQuery,
    InlineQuery,
    InlineQueryResultArticle,
    InputTextMessageContent,
    Message,
)

from bot import commands
from bot.games.player_views import Players
from bot.games.ports import Messenger
from bot.games.solitaire.service import SolitaireService
from bot.games.table.service import TableService
from bot.i18n import Translator, t
from bot.registry import GAMES, kinds, spec
from bot.render import badges as badge_screens
from bot.render import daily as daily_screens
from bot.render import stats as screens
from bot.render.screen import Screen
from bot.stats.badges import by_id
from bot.stats.boards import Board
from bot.stats.daily_tiers import is_tier
from bot.stats.result import GameResult
from bot.telegram.answers import CallbackAnswer, ChatAnswer
from bot.telegram.filters import Menu
from bot.telegram.topics import topic_of
from bot.wire.callbacks import MenuCallback, is_game_id
from bot.wire.deeplinks import parse_daily

METRICS = ("wins", "streak", "rating", "days")


async def _group_table(message: Message, tg: Messenger, players: Players, _: Translator) -> None:
    viewer = message.from_user.id if message.from_user else None
    boards, solo, today = await players.group_table(message.chat.id, viewer)
    link = commands.private_link(await tg.username(), "daily")
    title = message.chat.title or ""
    text, markup = screens.group_top_screen(title, boards, solo, today, link, _)
    await tg.send(message.chat.id, text, markup, thread=topic_of(message))


async def stats_cmd(message: Message, tg: Messenger, players: Players, _: Translator) -> None:
    """Private: the user's own statistics. A group: the group's table."""
    if message.chat.type != "private":
        await _group_table(message, tg, players, _)
        return
    assert message.from_user is not None
    stats, rated = await players.stats(message.from_user.id)
    text, markup = screens.stats_screen(stats, rated, players.today()[0], _)
    await tg.send(message.chat.id, text, markup, thread=topic_of(message))


async def top_cmd(message: Message, tg: Messenger, players: Players, _: Translator) -> None:
    if message.chat.type != "private":
        await _group_table(message, tg, players, _)
        return
    text, markup = screens.top_screen(None, None, _)
    await tg.send(message.chat.id, text, markup, thread=topic_of(message))


async def daily_cmd(message: Message, tg: Messenger, players: Players, _: Translator) -> None:
    assert message.from_user is not None
    screen = await _daily(players, message.from_user.id, _)
    await tg.send(message.chat.id, *screen, thread=topic_of(message))


async def _daily(
    players: Players, user_id: int, _: Translator, kind: str = "", day: int | None = None
) -> Screen:
    """A game's deals of the day (default: today's, of the game last played so)."""
    page = await players.days.page(user_id, kind, day)
    return daily_screens.day_screen(page, _)


def _day_of(args: list[str], players: Players) -> tuple[str, int, str] | None:
    """`<game>[:<day>[:<tier>]]` of a /daily button (None: forged): a solitaire, a day of
    this month up to today (default today), a tier of that day's (default its first)."""
    days = players.days
    if not 1 <= len(args) <= 3 or args[0] not in kinds("solitaire"):
        return None
    day = days.today() if len(args) < 2 else int(args[1]) if args[1].isdigit() else 0
    if not days.first_late_day() <= day <= days.today():
        return None
    tiers = days.tiers_of(args[0], day)
    tier = args[2] if len(args) == 3 else tiers[0]
    return (args[0], day, tier) if tier in tiers else None


async def settings_cmd(message: Message, tg: Messenger, players: Players, _: Translator) -> None:
    assert message.from_user is not None
    screen = screens.settings_screen(*await players.settings(message.from_user.id), _)
    await tg.send(message.chat.id, *screen, thread=topic_of(message))


async def _screen(
    name: str, args: list[str], uid: int, players: Players, _: Translator
) -> Screen | None:
    """The screen a stats menu button asks for (None: forged or unknown)."""
    if name == "stats":
        return screens.stats_screen(*await players.stats(uid), players.today()[0], _)
    if name == "st" and args and args[0] in GAMES:
        return screens.detail_screen(args[0], *await players.detail(uid, args[0]), _)
    if name == "top" and not args:
        return screens.top_screen(None, None, _)
    if name == "top" and len(args) in (2, 3) and args[1] in METRICS and args[2:] in ([], ["wk"]):
        week = players.week() if args[2:] else None
        try:
            board = Board(args[0], args[1], week=week)  # type: ignore[arg-type]  # checked
        except ValueError:  # a forged pair of game and metric (or a metric with no week)
            return None
        return screens.top_screen(board, await players.top(board, uid), _)
    if name == "daily":
        return await _daily(players, uid, _)
    if name == "dday" and (day := _day_of(args[:2], players)) is not None:
        return await _daily(players, uid, _, day[0], day[1])
    if name == "dtop" and (day := _day_of(args, players)) is not None:
        board, par = await players.days.board(*day)
        tiers = [t for t in players.days.tiers_of(day[0], day[1]) if t]
        page = await players.top(board, uid)
        return daily_screens.daily_board_screen(board, page, par, tiers, _)
    if name == "badges":
        return badge_screens.badges_screen(await players.badges(uid), _)
    if name == "set":
        if args[:1] == ["hide"] and args[1:] in (["0"], ["1"]):
            await players.set_hidden(uid, args[1] == "1")
        elif args[:1] == ["ping"] and args[1:] in (["0"], ["1"]):
            await players.set_pings(uid, args[1] == "1")
        elif args[:1] == ["hand"] and args[1:] in (["0"], ["1"]):
            await players.set_hands_in_group(uid, args[1] == "1")
        elif args[:1] == ["alias"] and args[1:] in (["0"], ["1"]):
            await players.set_alias(uid, args[1] == "1")
        return screens.settings_screen(*await players.settings(uid), _)
    return None


async def menu_screen(
    query: CallbackQuery,
    cb: MenuCallback,
    args: list[str],
    tg: Messenger,
    players: Players,
    _: Translator,
    answer: CallbackAnswer,
) -> None:
    """The buttons of these screens: `m:stats`, `m:st:<game>`, `m:top[:<game>:<metric>[:wk]]`,
    `m:daily`, `m:dtop:<game>`, `m:set[:hide|ping:<0|1>]`."""
    if query.message is None:
        return
    screen = await _screen(cb.parts()[0], args, query.from_user.id, players, _)
    if screen is None:
        await answer(_("error-stale"))
        return
    await tg.edit(query.message.chat.id, query.message.message_id, *screen)


async def daily_play(
    query: CallbackQuery,
    args: list[str],
    solitaires: SolitaireService,
    lang: str,
    answer: CallbackAnswer,
) -> None:
    """`m:dplay:<game>[:<day>[:<tier>]]`: the day's deal (default today's; of a tier) on this
    message (a second attempt is a replay, an earlier day's deal a late game)."""
    day = int(args[1]) if len(args) >= 2 and args[1].isdigit() and len(args[1]) <= 6 else None
    tier = args[2] if len(args) == 3 and is_tier(args[2]) else ""
    if (
        query.message is None
        or not 1 <= len(args) <= 3
        or args[0] not in kinds("solitaire")
        or (len(args) >= 2 and day is None)
        or (len(args) == 3 and not tier)
    ):
        await answer(t(lang, "error-stale"))
        return
    kind, where = args[0], (query.message.chat.id, query.message.message_id)
    await solitaires.new_game(
        kind,
        spec(kind).default_variant,
        query.from_user.id,
        where,
        lang,
        answer,
        name=query.from_user.full_name,
        daily=True,
        day=day,
        tier=tier,
    )


async def daily_link(
    message: Message,
    command: CommandObject,
    tg: Messenger,
    solitaires: SolitaireService,
    players: Players,
    tables: TableService,
    lang: str,
    _: Translator,
) -> None:
    """`/start daily-<game>-<n>` (a share card's link): that day's deal of that game, for
    whoever opened it (today's: the ranked attempt, if it is their first; an earlier day's: a
    replay). A day to come, or a link that names no game, gets a short word and /daily."""
    assert message.from_user is not None
    link = parse_daily(command.args)
    today, _day = players.today()
    if link is None or link[0] not in kinds("solitaire") or not 1 <= link[1] <= today:
        if await tables.may_answer_link(message.chat.id):  # (once in a while: forged links)
            await tg.send(message.chat.id, _("daily-link-bad"))
            await tg.send(message.chat.id, *await _daily(players, message.from_user.id, _))
        return
    kind, day, tier = link
    sent = await tg.send(message.chat.id, _("daily-link-opening", day=day))
    if sent is None:
        return
    chat_id = message.chat.id
    await solitaires.new_game(
        kind,
        spec(kind).default_variant,
        message.from_user.id,
        (chat_id, sent),
        lang,
        ChatAnswer(tg, chat_id),
        name=message.from_user.full_name,
        daily=True,
        day=day,
        tier=tier,
    )


async def inline_card(query: InlineQuery, tg: Messenger, players: Players, _: Translator) -> None:
    """`daily <game id>` from the Share button: the result card, to post in the chosen chat."""
    words = query.query.split()
    result = None
    if len(words) == 2 and words[0] == "daily" and is_game_id(words[1]):
        result = await players.result(words[1])
    mine = result is not None and result.players[0].user_id == query.from_user.id
    if result is None or result.daily is None or not result.ranked or not mine:  # (a replay: no)
        await query.answer([], cache_time=5, is_personal=True)
        return
    article = await daily_article(result, await players.days.place(result), tg, _)
    await query.answer([article], cache_time=30, is_personal=True)


async def inline_badge(query: InlineQuery, tg: Messenger, players: Players, _: Translator) -> None:
    """`badge <id>` from a badge's Share button: its card, to post in the chosen chat (a
    badge the user holds only)."""
    words = query.query.split()
    found = by_id(words[1]) if len(words) == 2 and words[0] == "badge" else None
    mine = {e.badge.id: e for e in await players.badges(query.from_user.id)} if found else {}
    if found is None or found.id not in mine:
        await query.answer([], cache_time=5, is_personal=True)
        return
    card = badge_screens.card(found, mine[found.id].day, await tg.username(), _)
    article = InlineQueryResultArticle(
        id=f"badge-{found.id}",
        title=_("inline-badge-title", name=badge_screens.name(found, _)),
        description=badge_screens.rule(found, _),
        input_message_content=InputTextMessageContent(message_text=card),
    )
    await query.answer([article], cache_time=30, is_personal=True)


async def daily_article(
    result: GameResult, place: tuple[int, int] | None, tg: Messenger, _: Translator
) -> InlineQueryResultArticle:
    """A ranked deal-of-the-day result as an inline result: its card, posted into the chat."""
    card = daily_screens.card_text(result, _, place, await tg.username())
    return InlineQueryResultArticle(
        id=result.game_id,
        title=_("inline-daily-title", day=result.daily or 0)
        + (_("daily-tier", tier=result.tier) if result.tier else ""),
        description=card.splitlines()[-1],
        input_message_content=InputTextMessageContent(message_text=card),
    )


async def todays_shares(
    user_id: int, players: Players, tg: Messenger, _: Translator
) -> list[InlineQueryResultArticle]:
    """The user's ranked results on today's deals, as inline results (what Share posts)."""
    return [await daily_article(r, place, tg, _) for r, place in await players.days.todays(user_id)]


def make_router() -> Router:
    router = Router(name="stats")
    router.message.register(stats_cmd, Command("stats"))
    router.message.register(top_cmd, Command("top"))
    private = F.chat.type == "private"
    router.message.register(daily_cmd, Command("daily"), private)
    router.message.register(settings_cmd, Command("settings"), private)
    # the private-chat buttons of these commands typed in a group (bot.commands.private_link)
    router.message.register(daily_cmd, commands.opened_by("daily"), private)
    daily_deal = CommandStart(deep_link=True, magic=F.args.startswith("daily-"))
    router.message.register(daily_link, daily_deal, private)
    router.message.register(settings_cmd, commands.opened_by("settings"), private)
    for name in ("stats", "st", "top", "daily", "dday", "dtop", "set", "badges"):
        router.callback_query.register(menu_screen, Menu(name), F.message.chat.type == "private")
    router.callback_query.register(daily_play, Menu("dplay"), F.message.chat.type == "private")
    router.inline_query.register(inline_card, F.query.startswith("daily"))
    router.inline_query.register(inline_badge, F.query.startswith("badge"))
    return router
