"""A Swiss in a group, through Dispatcher.feed_update on both stores: set up by its creator's
taps, joined by the button and by the link (one who never started the bot is taken to its
private chat and joined from there), started; each round's games are dealt into the players'
private chats, the odd one sits out with a bye worth a win, nobody meets twice; the group sees
one standings message and, at the end, the podium; /stats and /top remember it."""

from __future__ import annotations

import pytest

from bot import metrics
from bot.stats.boards import Board
from tests.bot.handlers.tournament_support import (
    board_of,
    inline,
    join,
    live_games,
    pairs,
    resign,
    set_up,
    stored,
    tid_of,
)
from tests.support.recording import BotSession, bot_session  # noqa: F401  (fixture)
from tests.support.world import World

SWISS = ("🧩 Parquet", "🔁 3", "⏱ 60 s", "▶ When I tap Start")


@pytest.fixture
def w(any_world: World) -> World:
    return inline(any_world)


async def test_a_swiss_of_five_plays_three_rounds_with_byes_to_its_podium(w: World) -> None:
    counted = {
        event: metrics.TOURNAMENTS.values.get(("parquet", "swiss", event), 0.0)
        for event in ("created", "started", "finished")
    }
    joined = metrics.TOURNAMENT_PLAYERS.values.get(("parquet",), 0.0)
    eve = w.tg.add_user("Eve", language_code="en", started=False)  # never started the bot
    w.group.members.add(eve.id)
    board = await set_up(w, w.alice, *SWISS)
    assert "Swiss · 3 rounds" in board.text and "60 s per move" in board.text
    assert "Starts when Alice taps Start" in board.text and "Players: 0" in board.text
    tid = tid_of(board)
    link = f"?start=tour-{tid}"
    assert link in board.text  # the link to share
    for user in (w.alice, w.bob, w.carol):
        assert (
            await join(w, user, board)
            == "✅ You are in! Your games come to the bot's private chat."
        )
        assert "You are in the Parquet tournament in “Card Club”" in w.last(user).text
    await w.say(w.dave, None, f"/start tour-{tid}")  # by the link
    assert "You are in the Parquet tournament" in w.last(w.dave).text
    opened = await join(w, eve, board)  # the bot may not write to her: its chat opens
    assert opened.endswith(link), opened
    assert (await stored(w, tid)).entrant(eve.id) is None  # not in until she is reachable
    await w.say(eve, None, f"/start tour-{tid}")
    assert "You are in the Parquet tournament" in w.last(eve).text
    board = w.session.message(w.group.id, board.message_id)
    assert "Players: 5" in board.text and "5. Eve" in board.text
    await w.tap(w.bob, board, "▶ Start")
    assert w.session.answers()[-1]["text"] == "Only the one who created it can do that."
    await w.tap(w.alice, board, "▶ Start")
    seen: list[frozenset[int]] = []
    byes: list[int] = []
    people = [w.alice, w.bob, w.carol, w.dave, eve]
    for round_ in (1, 2, 3):
        t = await stored(w, tid)
        assert t.round == round_
        games = await live_games(w, tid)
        assert len(games) == 2  # five people: two tables and a bye
        seated = {u for g in games for u in (p.user_id for p in g.table.players)}
        [bye] = {u.id for u in people} - seated
        assert bye not in byes  # a bye goes to someone who has not had one
        byes.append(bye)
        for game in games:
            for p in game.table.players:  # each plays on a board in their own chat
                mine = board_of(w, game, p.user_id)
                assert f"Parquet · round {round_} of 3" in mine.text, mine.describe()
            seen += [frozenset(p.user_id for p in game.table.players)]
            loser = max(p.user_id for p in game.table.players)  # the later one resigns
            await resign(w, game, loser, [eve])
            ended = board_of(w, game, loser)
            key = "⏳ The next round" if round_ < 3 else "🏁 That was your last game"
            assert key in ended.text, ended.describe()
    assert len(seen) == len(set(seen)) == 6  # nobody met twice
    t = await stored(w, tid)
    assert t.phase == "over" and t.podium
    assert sorted(e.byes for e in t.entrants) == [0, 0, 1, 1, 1]
    assert len(pairs(t)) == len(set(pairs(t))) == 6
    final = w.session.message(w.group.id, board.message_id)
    assert "Final standings" in final.text and not final.buttons()
    lines = [x for x in final.text.splitlines() if x[:2] in ("1.", "2.", "3.", "4.", "5.")]
    points = [int(x.split(" — ")[1].split()[0]) for x in lines]
    assert points == sorted(points, reverse=True) and sum(points) == 3 * (2 * 2 + 2)
    podium = w.tg.last_message(w.group.id)
    assert podium is not None and "The Parquet tournament is over!" in podium.text
    assert podium.text.count("🥇") == 1 and lines[0].split(" — ")[0][3:] in podium.text
    # every game was played in private chats: the group got its set-up (which became the
    # standings) and the podium, never a message per game
    assert [m.message_id for m in w.tg.messages_in(w.group.id)] == [
        board.message_id,
        podium.message_id,
    ]
    # remembered: each player's tournaments, and the group's tournaments board
    for user in people:
        assert (await w.store.user_stats(user.id)).tours[0] == 1
    page = await w.store.leaderboard(Board.tours("parquet", w.group.id))
    [first] = page.entries
    assert first.score == 1 and first.name == lines[0].split(" — ")[0][3:]
    assert (await w.store.user_stats(first.user_id)).tours == (1, 1)
    for event, before in counted.items():  # metrics: tournaments, players, games
        assert metrics.TOURNAMENTS.values[("parquet", "swiss", event)] == before + 1, event
    assert metrics.TOURNAMENT_PLAYERS.values[("parquet",)] == joined + 5
    assert not w.tg.unanswered_callbacks()
