"""An arena in a group, on both stores: a free player is paired at once (not with their last
opponent while another may come free), two wins in a row start a 🔥 streak in which wins count
double, a pause and the way back, a late join until half its time (and not after), the end of
its time (the games then being played count) and the podium; a Ryadki arena at a table of
four plays to its standings."""

from __future__ import annotations

import pytest

from bot import metrics
from bot.games.tournament.pairing import REMATCH_WAIT
from bot.stats.rating import Rating
from bot.storage.cells import Key
from tests.bot.handlers.tournament_support import (
    board_of,
    inline,
    join,
    live_games,
    play_ryadki,
    resign,
    set_up,
    stored,
    tid_of,
    tours,
)
from tests.support.recording import BotSession, TgMessage, bot_session  # noqa: F401  (fixture)
from tests.support.world import World

ARENA = ("🧩 Parquet", "⚡ 15 min", "⏱ 30 s", "▶ When I tap Start")


@pytest.fixture
def w(any_world: World) -> World:
    return inline(any_world)


async def started(w: World, *taps: str) -> tuple[TgMessage, str]:
    board = await set_up(w, w.alice, *taps)
    for user in (w.alice, w.bob, w.carol):
        await join(w, user, board)
    await w.tap(w.alice, w.session.message(w.group.id, board.message_id), "▶ Start")
    return w.session.message(w.group.id, board.message_id), tid_of(board)


async def test_an_arena_pairs_at_once_counts_streaks_pauses_and_takes_late_joins(
    w: World,
) -> None:
    games_before = metrics.TOURNAMENT_GAMES.values.get(("parquet", "arena"), 0.0)
    board, tid = await started(w, *ARENA)
    assert "Arena · 15 min" in board.text and "15 minutes left" in board.text
    [first] = await live_games(w, tid)  # three people: one table, one waits
    assert {p.name for p in first.table.players} == {"Alice", "Bob"}
    await w.tap(w.bob, board, "⏸ Pause")  # paused mid-game: this game goes on, no new one
    assert "⏸ Paused" in w.last(w.bob).text
    await resign(w, first, w.bob.id)
    [second] = await live_games(w, tid)  # Alice with the one who waited, at once
    assert {p.name for p in second.table.players} == {"Alice", "Carol"}
    await resign(w, second, w.carol.id)
    # Alice and Carol are free, each other's last opponent; nobody else can come free (Bob is
    # paused): they play again at once
    [third] = await live_games(w, tid)
    assert {p.name for p in third.table.players} == {"Alice", "Carol"}
    await resign(w, third, w.carol.id)
    t = await stored(w, tid)
    alice = t.entrant(w.alice.id)
    assert alice is not None and alice.points == 2 + 2 + 4 and alice.on_fire  # the third: double
    standings = w.session.message(w.group.id, board.message_id)
    assert "1. Alice — 8 (3) 🔥" in standings.text, standings.text
    assert "Bob — 0 (1) ⏸" in standings.text
    # Bob comes back from his pause, from his private chat
    await w.tap(w.bob, w.last(w.bob), "▶ Play on")
    assert w.session.answers()[-1]["text"] == "▶ You play on."
    # a late join before half its time is paired at once; after half it is refused
    w.clock.advance(6 * 60)
    assert "You are in" in await join(w, w.dave, board)
    live = await live_games(w, tid)
    assert sorted(len(g.table.players) for g in live) == [2, 2]  # the four of them, at once
    for game in live:
        assert all("arena" in board_of(w, game, p.user_id).text for p in game.table.players)
    w.clock.advance(2 * 60)
    eve = w.tg.add_user("Eve", language_code="en")
    w.group.members.add(eve.id)
    assert await join(w, eve, board) == "Past half its time: joining is over."
    # a game ends while others play: the free are not paired with their last opponent
    one = live[0]
    await resign(w, one, one.table.players[1].user_id)
    assert len(await live_games(w, tid)) == 1
    w.clock.advance(REMATCH_WAIT)  # they have waited long enough for another: a rematch
    await w.svc.timers.tick_once()
    assert len(await live_games(w, tid)) == 2
    # its time is up: no new pairings; the games being played count; then the podium
    w.clock.advance(8 * 60)
    await w.svc.timers.tick_once()
    t = await stored(w, tid)
    assert (
        t.phase == "running"
        and "last games" in w.session.message(w.group.id, board.message_id).text
    )
    for game in await live_games(w, tid):
        await resign(w, game, game.table.players[0].user_id)
    t = await stored(w, tid)
    assert t.phase == "over" and not list(t.live())
    podium = w.tg.last_message(w.group.id)
    assert podium is not None
    assert "🥇 Alice" in podium.text, podium.text
    assert metrics.TOURNAMENT_GAMES.values[("parquet", "arena")] == games_before + len(t.tables)
    assert not w.tg.unanswered_callbacks()


async def test_an_arena_ranks_equal_points_by_performance(w: World) -> None:
    """Alice beats a strong player, Bob a new one: both have 2 points and the same rating;
    Alice is ahead by her performance, though Bob joined first."""
    strong = Rating(35.0, 2.0).encode()  # shown as 2160
    await w.store.cells.put_field(Key("lb:parquet", "rt"), str(w.dave.id), strong)
    board = await set_up(w, w.alice, *ARENA)
    tid = tid_of(board)
    for user in (w.bob, w.carol, w.alice, w.dave):
        await join(w, user, board)
    await w.tap(w.alice, w.session.message(w.group.id, board.message_id), "▶ Start")
    games = await live_games(w, tid)
    tables = {frozenset(p.name for p in g.table.players): g for g in games}
    assert set(tables) == {frozenset({"Dave", "Alice"}), frozenset({"Bob", "Carol"})}
    await resign(w, tables[frozenset({"Dave", "Alice"})], w.dave.id)
    await resign(w, tables[frozenset({"Bob", "Carol"})], w.carol.id)
    text = w.session.message(w.group.id, board.message_id).text
    assert "1. Alice — 2 (1)" in text and "2. Bob — 2 (1)" in text, text


async def test_a_ryadki_arena_of_four_ends_with_its_standings(w: World) -> None:
    board = await set_up(w, w.alice, "🃏 Ryadki", "⚡ 15 min", "⏱ 60 s", "▶ When I tap Start")
    tid = tid_of(board)
    for user in (w.alice, w.bob, w.carol, w.dave):
        await join(w, user, board)
    await w.tap(w.alice, w.session.message(w.group.id, board.message_id), "▶ Start")
    [game] = await live_games(w, tid)
    assert len(game.table.players) == 4  # one table of four
    assert game.table.settings.get("deals") == 1  # a tournament game is a short one
    ended = await play_ryadki(w, game.id)
    t = await stored(w, tid)
    done = t.table(ended.id)
    assert done is not None and done.status == "done"
    assert sum(done.points.values()) == 4 * 3  # 2 × (3 + 2 + 1 + 0), ties sharing
    w.clock.advance(15 * 60)
    await w.svc.timers.tick_once()
    for game in await live_games(w, tid):  # a game dealt meanwhile ends too
        await play_ryadki(w, game.id)
    t = await stored(w, tid)
    assert t.phase == "over"
    final = w.session.message(w.group.id, board.message_id).text
    assert "Final standings" in final and all(n in final for n in ("Alice", "Bob", "Carol", "Dave"))
    assert "The Ryadki tournament is over!" in str(w.tg.last_message(w.group.id))


async def test_the_board_names_the_tournament_and_the_time_left(w: World) -> None:
    _, tid = await started(w, *ARENA)
    [game] = await live_games(w, tid)
    mine = board_of(w, game, w.alice.id)
    assert mine.text.startswith("🏆 Parquet · arena · 15 min left"), mine.text
    assert tours(w).owns(game) and game.table.turn == 30 and "30 s per move" in mine.text
