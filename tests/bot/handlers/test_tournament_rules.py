"""A tournament's rules around its games, on both stores: a reminder before a start at a time,
too few at the start (cancelled, saying so), its creator's (or an admin's) cancel, one at a
time in a group, admins who keep it to themselves, a forum topic of its own, a Swiss's late
join and withdrawal, a player who blocked the bot (withdrawn, no error in the log), a game whose
end no process heard (scored by the clock), and two replicas at once (nobody paired twice)."""

from __future__ import annotations

import asyncio
import logging

import pytest
from aiogram import Dispatcher

from bot.games.tournament import flow
from bot.games.tournament.desk import TourDesk
from bot.games.tournament.service import tour_key
from bot.storage import GameRecord
from tests.bot.handlers.tournament_support import (
    inline,
    join,
    live_games,
    resign,
    set_up,
    stored,
    tid_of,
    tours,
)
from tests.support.recording import BotSession, bot_session  # noqa: F401  (fixture)
from tests.support.world import World

SWISS = ("🧩 Parquet", "🔁 3", "⏱ 60 s", "▶ When I tap Start")


@pytest.fixture
def w(any_world: World) -> World:
    return inline(any_world)


async def test_a_reminder_then_too_few_at_its_time_cancel_it_saying_so(w: World) -> None:
    board = await set_up(w, w.alice, "🧩 Parquet", "⚡ 15 min", "⏱ 60 s", "🕐 In 5 min")
    assert "Starts in 5 minutes" in board.text and "▶ Start" not in board.button_texts()
    for user in (w.alice, w.bob):
        await join(w, user, board)
    await w.tap(w.bob, w.session.message(w.group.id, board.message_id), "🚪 Leave")
    assert w.session.answers()[-1]["text"] == "You have left the tournament."
    w.clock.advance(4 * 60)
    await w.svc.timers.tick_once()
    reminder = w.tg.last_message(w.group.id)
    assert reminder is not None and "starts in a minute! 1 player so far" in reminder.text
    sent = w.session.last_call("sendMessage")
    assert sent["reply_parameters"]["message_id"] == board.message_id  # a reply to the standings
    assert reminder.has_button("✋ Join")
    w.clock.advance(60)
    await w.svc.timers.tick_once()
    done = w.session.message(w.group.id, board.message_id)
    assert "Cancelled: too few players (at least 3 are needed)." in done.text
    assert not done.buttons()
    await w.say(w.bob, w.group, "/tournament")  # the group may hold the next one
    assert "Which game?" in str(w.tg.last_message(w.group.id))


async def test_one_never_started_is_cancelled_after_a_while(w: World) -> None:
    board = await set_up(w, w.alice, *SWISS)
    w.clock.advance(flow.OPEN_FOR)
    await w.svc.timers.tick_once()
    assert (
        "Cancelled: it was never started." in w.session.message(w.group.id, board.message_id).text
    )


async def test_one_at_a_time_its_creator_or_an_admin_cancels_and_admins_may_keep_it(
    w: World,
) -> None:
    board = await set_up(w, w.bob, *SWISS)
    await w.say(w.carol, w.group, "/tournament")
    assert "A tournament is on here already." in str(w.tg.last_message(w.group.id))
    await w.tap(w.carol, w.session.message(w.group.id, board.message_id), "✖️ Cancel")
    assert w.session.answers()[-1]["text"] == "Only the one who created it can do that."
    await w.tap(w.alice, w.session.message(w.group.id, board.message_id), "✖️ Cancel")  # admin
    assert "Cancelled by its creator." in w.session.message(w.group.id, board.message_id).text
    await w.say(w.bob, w.group, "/tournament")
    picker = w.tg.last_message(w.group.id)
    assert picker is not None and "Which game?" in picker.text
    await w.tap(w.carol, picker, "🧩 Parquet")  # someone else's set-up
    assert w.session.answers()[-1]["text"] == "Only the one who typed /tournament sets this one up."
    await w.tap(w.bob, picker, "👥 Anyone may create")
    assert w.session.alerts(w.bob)[-1] == "Only admins can change that."
    await w.tap(w.alice, picker, "👥 Anyone may create")
    assert w.session.alerts(w.alice)[-1] == "From now on only admins can create tournaments here."
    await w.tap(w.bob, picker, "✖️ Close")
    await w.say(w.carol, w.group, "/tournament")
    said = w.tg.last_message(w.group.id)
    assert said is not None and said.text == "Only the group's admins can create tournaments here."
    await w.say(w.alice, w.group, "/tournament")
    assert "Only admins create" in " ".join(w.tg.last_message(w.group.id).button_texts())  # type: ignore[union-attr]


async def test_in_a_forum_it_gets_a_topic_of_its_own_where_the_bot_may_create_one(
    w: World,
) -> None:
    forum, (games,) = w.add_forum("Card Forum", "Games")
    await set_up(w, w.alice, *SWISS, chat=forum, topic=games)  # the bot is no admin here
    assert "Players: 0" in w.board_in(forum, games).text  # it stays in the topic
    assert w.session.calls("createForumTopic")  # (asked; refused: no right)
    other = w.tg.add_group("Admin Forum", owner=w.alice, members=[w.bob], forum=True)
    other.bot_status = "administrator"
    topic = w.tg.add_topic(other, "Games")
    setup = await set_up(w, w.alice, *SWISS, chat=other, topic=topic)
    [own] = [t for t in other.topics.values() if t.name == "🏆 Tournament · Parquet"]
    standings = w.board_in(other, own)
    assert "Players: 0" in standings.text and standings.has_button("✋ Join")
    assert "The tournament has a topic of its own" in setup.text
    assert f"/{standings.message_id}" in setup.text  # a link to it
    assert not w.session.violations


async def test_a_swiss_takes_no_late_join_and_plays_on_without_who_withdrew(w: World) -> None:
    board = await set_up(w, w.alice, *SWISS)
    tid = tid_of(board)
    for user in (w.alice, w.bob, w.carol, w.dave):
        await join(w, user, board)
    await w.tap(w.alice, w.session.message(w.group.id, board.message_id), "▶ Start")
    eve = w.tg.add_user("Eve", language_code="en")
    w.group.members.add(eve.id)
    assert await join(w, eve, board) == "It has started: joining is over."
    await w.tap(w.carol, w.session.message(w.group.id, board.message_id), "🚪 Leave")
    for game in await live_games(w, tid):  # round 1 ends
        await resign(w, game, game.table.players[1].user_id)
    t = await stored(w, tid)
    assert t.round == 2
    seated = {p.user_id for g in await live_games(w, tid) for p in g.table.players}
    carol = t.entrant(w.carol.id)
    assert w.carol.id not in seated and carol is not None and carol.status == "out"
    assert "Carol — " in w.session.message(w.group.id, board.message_id).text  # still listed
    assert len(seated) == 2 and sum(e.byes for e in t.entrants) == 1  # three left: a bye


async def test_one_who_blocked_the_bot_is_withdrawn_without_an_error_in_the_log(
    w: World, caplog: pytest.LogCaptureFixture
) -> None:
    board = await set_up(w, w.alice, *SWISS)
    tid = tid_of(board)
    for user in (w.alice, w.bob, w.carol, w.dave):
        await join(w, user, board)
    w.dave.blocked = True
    with caplog.at_level(logging.INFO):
        await w.tap(w.alice, w.session.message(w.group.id, board.message_id), "▶ Start")
    t = await stored(w, tid)
    dave = t.entrant(w.dave.id)
    assert dave is not None and dave.status == "out"
    void = [tb for tb in t.tables if tb.status == "void"]
    assert len(void) == 1 and w.dave.id in void[0].users
    partner = next(u for u in void[0].users if u != w.dave.id)
    assert (await stored(w, tid)).entrant(partner).byes == 1  # type: ignore[union-attr]
    assert len(await live_games(w, tid)) == 1
    bad = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not bad, [r.getMessage() for r in bad]
    assert "event=tour_unreachable" in caplog.text


async def test_a_game_whose_end_no_process_heard_is_scored_by_the_clock(
    w: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = await set_up(w, w.alice, *SWISS)
    tid = tid_of(board)
    for user in (w.alice, w.bob, w.carol, w.dave):
        await join(w, user, board)
    await w.tap(w.alice, w.session.message(w.group.id, board.message_id), "▶ Start")

    async def deaf(record: GameRecord) -> None:  # the process died right after the save
        return None

    monkeypatch.setattr(tours(w), "ended", deaf)
    for game in await live_games(w, tid):
        await resign(w, game, game.table.players[0].user_id)
    t = await stored(w, tid)
    assert t.round == 1 and all(tb.status == "play" for tb in t.tables)  # nothing counted
    w.clock.advance(flow.TICK)
    await w.svc.timers.tick_once()
    t = await stored(w, tid)
    assert [tb.status for tb in t.tables[:2]] == ["done", "done"] and t.round == 2
    assert sum(e.points for e in t.entrants) == 2 * 2


async def test_two_replicas_at_once_never_pair_a_player_twice(
    replicas: tuple[World, Dispatcher], monkeypatch: pytest.MonkeyPatch
) -> None:
    w, other = replicas
    inline(w)
    theirs = other["tournaments"]
    assert isinstance(theirs, TourDesk)
    theirs.tours.background = False
    board = await set_up(w, w.alice, "🧩 Parquet", "⚡ 15 min", "⏱ 60 s", "▶ When I tap Start")
    tid = tid_of(board)
    for user in (w.alice, w.bob, w.carol, w.dave):
        await join(w, user, board)
    await w.tap(w.alice, w.session.message(w.group.id, board.message_id), "▶ Start")

    async def deaf(record: GameRecord) -> None:
        return None

    for desk in (tours(w), theirs.tours):  # neither hears the ends: both clocks find them
        monkeypatch.setattr(desk, "ended", deaf)
    for _ in range(3):
        for game in await live_games(w, tid):
            await resign(w, game, game.table.players[0].user_id)
        w.clock.advance(flow.TICK)
        now = w.clock()
        key = tour_key(tid)
        await asyncio.gather(tours(w).due(key, now), theirs.tours.due(key, now))
        t = await stored(w, tid)
        busy = [u for tb in t.live() for u in tb.users]
        assert len(busy) == len(set(busy)), t.tables  # nobody at two tables
        assert len(list(t.live())) == 2
        for e in t.entrants:
            assert e.busy in {tb.gid for tb in t.live()}
    assert len({tb.gid for tb in t.tables}) == len(t.tables) == 8
