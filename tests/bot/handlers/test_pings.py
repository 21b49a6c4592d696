"""Turn pings through Dispatcher.feed_update: one notifying message when the turn passes to a
person (Ryadki: in their private chat; Parquet: in the group, mentioning them), the previous
one deleted, none for the player who just moved or a computer seat, none when turned off."""

from __future__ import annotations

import re

import rules
from tests.support import parquet_taps
from tests.support.recording import TgMessage, TgUser
from tests.support.world import World, hand_of, open_lobby, play_ryadki_turn, start_ryadki

PING = re.compile(r"^🔔")


def pings(w: World, chat: TgUser | int) -> list[TgMessage]:
    """The ping messages in a chat that are still there."""
    return [m for m in w.session.messages(chat) if PING.match(m.text) and not m.deleted]


def sent_pings(w: World, chat_id: int) -> int:
    calls = w.tg.calls
    return sum(
        1
        for c in calls
        if c.method == "sendMessage"
        and c.params.get("chat_id") == chat_id
        and str(c.params.get("text", "")).startswith("🔔")
    )


def turn_holder(w: World, players: list[TgUser]) -> TgUser | None:
    return next((u for u in players if "Your turn" in hand_of(w, u).text), None)


async def test_ryadki_pings_a_player_who_looked_away_at_once_and_one_playing_now_later(
    any_world: World,
) -> None:
    """The first mover (who has not played yet) is pinged at once; players tapping away (a turn
    comes back within the reminder's delay of their last move) get no ping — their hand says
    "Your turn"; a turn that then waits the delay gets one reminder, a reply to the hand in the
    private chat, and the previous ping goes."""
    w = any_world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    await w.drain()
    first = turn_holder(w, players)
    assert first is not None
    assert [sent_pings(w, u.id) for u in players] == [int(u == first) for u in players]
    moved: set[int] = set()
    for _ in range(10):  # a second a tap: each is pinged at their first turn only
        holder = turn_holder(w, players)
        assert holder is not None
        assert sent_pings(w, holder.id) == 1  # told once, though the turn came back
        moved.add(holder.id)
        assert await play_ryadki_turn(w, players)
        await w.drain()
    assert len(moved) == 3
    waiting = turn_holder(w, players)  # the turn waits: its player is reminded, on their hand
    assert waiting is not None and sent_pings(w, waiting.id) == 1
    await w.remind()  # (earlier turns' reminders are due too, and find their turn gone)
    assert sent_pings(w, waiting.id) == 2
    alive = pings(w, waiting)
    assert len(alive) == 1 and "Card Club" in alive[0].text  # the first ping was deleted
    sent = [c for c in w.tg.calls if c.method == "sendMessage"][-1].params
    assert sent["reply_parameters"]["message_id"] == hand_of(w, waiting).message_id
    assert await w.remind() == 0  # one reminder a turn
    assert await play_ryadki_turn(w, players)
    await w.drain()
    nxt = turn_holder(w, players)
    assert nxt is not None
    if nxt != waiting:  # the others looked away meanwhile: pinged at once
        assert sent_pings(w, nxt.id) == 2
    else:  # she keeps the turn (her card took the row): playing now, reminded if she waits
        assert sent_pings(w, nxt.id) == 2
        await w.remind()
        assert sent_pings(w, nxt.id) == 3
    for user in players:
        assert len(pings(w, user)) <= 1


async def parquet_move(w: World) -> bool:
    """The mover plays the computer's move by taps (card, then cell); False at the end."""
    board = w.board()
    gid = next(d.split(":")[0] for d in board.callback_data() if not d.startswith("m:"))
    game = await w.store.load(gid)
    assert game is not None
    mod = rules.GAMES["parquet"]
    state = mod.from_json(game.state)
    if mod.status(state).over:
        return False
    seat = mod.turn(state)
    assert seat is not None
    user = next(u for u in (w.alice, w.bob) if u.id == game.table.players[seat].user_id)
    move = mod.suggest(state, seat, 1)
    for data in parquet_taps.taps(gid, game.version, move):
        await w.tap_data(user, board, data)
    await w.drain()
    return True


async def mover_of(w: World) -> TgUser:
    gid = await w.store.get_chat_game(w.group.id)
    game = await w.store.load(gid or "")
    assert game is not None
    seat = rules.GAMES["parquet"].turn(rules.GAMES["parquet"].from_json(game.state))
    assert seat is not None
    return w.alice if game.table.players[seat].user_id == w.alice.id else w.bob


async def test_parquet_reminds_only_a_turn_that_waits_in_the_group_when_no_private_chat(
    any_world: World,
) -> None:
    w = any_world
    w.alice.started = False  # she plays from the group only: the bot cannot write to her
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    for _ in range(6):  # both move at once: nobody needs telling, the group gets boards only
        assert await parquet_move(w)
    assert sent_pings(w, w.group.id) == sent_pings(w, w.bob.id) == 0
    for _ in range(4):  # now each turn waits: its player is reminded, once
        waiting = await mover_of(w)
        group_before, bob_before = sent_pings(w, w.group.id), sent_pings(w, w.bob.id)
        await w.remind()
        alive = pings(w, w.group.id)
        assert len(alive) <= 1  # the previous reminder is deleted
        if waiting == w.alice:  # in the group, a reply to the board that mentions her
            assert sent_pings(w, w.group.id) == group_before + 1
            assert f"tg://user?id={w.alice.id}" in (alive[0].raw or "")
            sent = [c for c in w.tg.calls if c.method == "sendMessage"][-1].params
            assert sent["reply_parameters"]["message_id"] == w.board().message_id
        else:  # Bob started the bot: his reminder is private and the group is spared
            assert sent_pings(w, w.bob.id) == bob_before + 1
            assert sent_pings(w, w.group.id) == group_before
        assert await w.remind() == 0  # one reminder a turn
        assert await parquet_move(w)


async def test_parquet_no_reminder_for_a_player_who_turned_them_off(any_world: World) -> None:
    w = any_world
    await w.say(w.bob, None, "/settings")
    await w.tap(w.bob, w.session.last_message(w.bob), re.compile("No turn pings"))
    assert "my turn: no" in w.session.last_message(w.bob).text
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    for _ in range(4):
        await w.remind()
        assert await parquet_move(w)
    assert sent_pings(w, w.bob.id) == 0 and sent_pings(w, w.group.id) == 0
    assert sent_pings(w, w.alice.id) == 2  # Alice, who did not, was reminded of her turns


async def test_a_player_in_two_games_keeps_the_ping_of_each(any_world: World) -> None:
    """A Ryadki ping and a Parquet reminder in one private chat: the reminder of one game
    leaves the other game's ping where it is."""
    w = any_world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)  # in Card Club
    await w.drain()
    holder = turn_holder(w, players)
    while holder not in (w.alice, w.bob):  # the Ryadki turn comes to one of the two
        assert await play_ryadki_turn(w, players)
        await w.drain()
        holder = turn_holder(w, players)
    if not pings(w, holder):  # they moved just now: the waiting turn is reminded
        await w.remind()
    before = [m.text for m in pings(w, holder)]
    assert len(before) == 1 and "Ryadki" in before[0], before
    w.group = w.tg.add_group("Chess Club", owner=w.alice, members=[w.bob])
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    while await mover_of(w) != holder:
        assert await parquet_move(w)
    await w.remind()  # the Parquet turn waits: reminded in the private chat
    alive = [m.text for m in pings(w, holder)]
    assert len(alive) == 2, alive
    assert any("Ryadki" in t for t in alive) and any("Parquet" in t for t in alive), alive


async def test_a_player_choosing_a_cell_is_not_reminded_until_they_wait(any_world: World) -> None:
    """A Parquet card picked (the first tap) is a player at work: the turn's reminder waits its
    whole delay again from the pick, and comes only if the move is not finished by then."""
    w = any_world
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    for _ in range(2):
        assert await parquet_move(w)
    mover = await mover_of(w)
    delay = w.settings.turn_reminder_seconds
    w.clock.advance(delay - 5)  # they look at the board a while, then pick a card
    gid = await w.store.get_chat_game(w.group.id)
    game = await w.store.load(gid or "")
    assert game is not None
    mod = rules.GAMES["parquet"]
    state = mod.from_json(game.state)
    move = mod.suggest(state, mod.turn(state) or 0, 1)
    pick, cell = parquet_taps.taps(game.id, game.version, move)
    await w.tap_data(mover, w.board(), pick)
    sent = sent_pings(w, mover.id) + sent_pings(w, w.group.id)

    async def tick(seconds: float) -> None:
        w.clock.advance(seconds)
        await w.svc.timers.tick_once()
        await w.drain()

    await tick(6)  # the turn's reminder is due, but they are choosing the cell
    assert sent_pings(w, mover.id) + sent_pings(w, w.group.id) == sent
    await tick(delay)  # the pick waits too long: reminded now
    assert sent_pings(w, mover.id) + sent_pings(w, w.group.id) == sent + 1
    await w.tap_data(mover, w.board(), cell)  # the move is made all the same
    assert await mover_of(w) != mover


def board_link(w: World) -> str:
    """The t.me link to the group's board (a supergroup's message)."""
    return f"https://t.me/c/{-w.group.id - 1_000_000_000_000}/{w.board().message_id}"


async def test_a_reminder_names_its_group_leads_to_the_board_and_goes_with_its_turn(
    any_world: World,
) -> None:
    w = any_world
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    waiting = await mover_of(w)
    await w.remind()
    [ping] = pings(w, waiting)
    assert ping.text == "🔔 Your move in Parquet — Card Club"
    assert [b.get("url") for b in ping.buttons()] == [board_link(w)]
    assert ping.button_texts() == ["🎯 To the board"]
    assert await parquet_move(w)  # they move: the reminder has done its work
    assert pings(w, waiting) == []


async def test_a_ryadki_ping_leads_to_the_board_and_goes_once_the_card_is_played(
    any_world: World,
) -> None:
    w = any_world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    await w.drain()
    first = turn_holder(w, players)
    assert first is not None
    [ping] = pings(w, first)
    assert ping.text == "🔔 Your turn in Ryadki — Card Club"
    assert [b.get("url") for b in ping.buttons()] == [board_link(w)]
    assert await play_ryadki_turn(w, players)
    await w.drain()
    if turn_holder(w, players) != first:  # the turn has passed: so has its ping
        assert pings(w, first) == []
