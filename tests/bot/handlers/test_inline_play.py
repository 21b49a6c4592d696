"""Parquet in any chat through inline mode: `@bot` offers a challenge, the user's client posts
it, the first other player's tap starts the game on that same message (edited by its
`inline_message_id`), and it plays to the end there — results, ratings, rematch, the computer."""

from __future__ import annotations

import asyncio
import re

import rules
from bot.games.table.inline import game_id
from bot.storage import GameRecord
from bot.wire import challenge
from tests.support import parquet_taps
from tests.support.recording import TgChat, TgMessage, TgUser
from tests.support.world import World

CHALLENGE = "challenge-parquet"


async def post_challenge(w: World, by: TgUser, chat: TgChat) -> TgMessage:
    """`by` types @bot in `chat` and picks the Parquet challenge: their client posts it."""
    w.tg.inline_mode = True
    await w.dp.feed_update(w.bot, w.session.inline_query(by, ""))
    return w.tg.choose_inline_result(by, chat, CHALLENGE)


async def tap(w: World, user: TgUser, msg: TgMessage, button: str | re.Pattern[str]) -> None:
    await w.dp.feed_update(w.bot, w.session.tap_inline(user, msg, button))
    await w.settle()


async def tap_data(w: World, user: TgUser, msg: TgMessage, data: str) -> None:
    await w.dp.feed_update(w.bot, w.session.tap_inline_data(user, msg, data))
    await w.settle()


async def game_on(w: World, msg: TgMessage) -> GameRecord:
    data = next(d for d in msg.callback_data() if not d.startswith("m:"))
    game = await w.store.load(data.split(":")[0])
    assert game is not None, msg.describe()
    return game


async def parquet_move(w: World, msg: TgMessage, users: dict[int, TgUser]) -> bool:
    """The player to move makes the suggested move by its two taps; False when it is over."""
    mod = rules.GAMES["parquet"]
    game = await game_on(w, msg)
    state = mod.from_json(game.state)
    if mod.status(state).over:
        return False
    seat = mod.turn(state)
    assert seat is not None
    user = users[game.table.players[seat].user_id]
    move = mod.suggest(state, seat, 1)
    for data in parquet_taps.taps(game.id, game.version, move):
        await tap_data(w, user, msg, data)
    return True


def one_answer(w: World) -> list[dict[str, object]]:
    results = w.tg.inline_answers[-1]["results"]
    assert isinstance(results, list)
    return results


async def test_inline_mode_offers_a_parquet_challenge_in_the_users_language(world: World) -> None:
    w = world
    w.tg.inline_mode = True
    await w.dp.feed_update(w.bot, w.session.inline_query(w.alice, ""))
    (article,) = one_answer(w)
    assert article["id"] == CHALLENGE and article["title"] == "🧩 Parquet — challenge"
    assert w.tg.inline_answers[-1].get("is_personal") is True
    buttons = [b["text"] for row in article["reply_markup"]["inline_keyboard"] for b in row]  # type: ignore[index]
    assert buttons == ["⚔️ Play", "🤖 Play the computer"]
    w.alice.language_code = "ru"
    await w.dp.feed_update(w.bot, w.session.inline_query(w.alice, "паркет"))
    (article,) = one_answer(w)
    assert article["title"] == "🧩 Паркет — вызов"
    await w.dp.feed_update(w.bot, w.session.inline_query(w.alice, "chess"))
    assert one_answer(w) == []  # nothing of that name


async def test_a_whole_inline_game_between_two_friends_in_their_chat(any_world: World) -> None:
    w = any_world
    chat = w.tg.dialog(w.alice, w.bob)  # the bot is not in it
    msg = await post_challenge(w, w.alice, chat)
    assert "Alice challenges you" in msg.text and msg.inline_message_id
    await tap(w, w.alice, msg, "⚔️ Play")  # her own challenge: she waits
    assert "Waiting for an opponent" in w.last_alert(w.alice)
    assert await w.store.load(game_id(msg.inline_message_id)) is None  # nothing created
    await tap(w, w.bob, msg, "⚔️ Play")
    assert "The game is on" in w.last_alert(w.bob)
    assert "Parquet" in msg.text and "Alice" in msg.text and "Bob" in msg.text
    assert "s per move" in msg.text  # the board says for how long
    assert w.tg.messages_in(chat.id, by_bot=None)[-1] is msg  # the same message became the board
    users = {w.alice.id: w.alice, w.bob.id: w.bob}
    moves = 0
    while await parquet_move(w, msg, users):
        moves += 1
        assert moves < 400
    await w.drain()
    assert "wins!" in msg.text or "draw" in msg.text
    assert "Rematch" in " ".join(msg.button_texts())
    game = await game_on(w, msg)
    result = await w.store.load_result(game.id)
    assert result is not None and result.chat_id is None and result.ranked
    await w.say(w.alice, None, "/stats")
    assert re.search(r"Parquet: 1 game", w.session.last_message(w.alice).text)
    assert w.tg.unanswered_callbacks() == []
    assert not [c for c in w.tg.calls if c.error and c.error.code == 429]


async def test_a_stranger_the_challenger_and_a_forged_button_change_nothing(
    world: World,
) -> None:
    w = world
    msg = await post_challenge(w, w.alice, w.group)  # posted in a group the bot is in
    assert msg.inline_message_id
    forged = challenge.challenge_data(
        challenge.key_of("1:other-token"), "parquet", "en", w.carol.id, "j"
    )
    await tap_data(w, w.bob, msg, forged)  # a button no challenge of this bot has
    assert "board has changed" in w.last_alert(w.bob)
    assert await w.store.load(game_id(msg.inline_message_id)) is None
    await tap(w, w.bob, msg, "🤖 Play the computer")  # the challenger's button
    assert "for the challenger" in w.last_alert(w.bob)
    assert await w.store.load(game_id(msg.inline_message_id)) is None
    join = str(msg.button("⚔️ Play")["callback_data"])
    await tap(w, w.bob, msg, "⚔️ Play")
    game = await game_on(w, msg)
    await tap_data(w, w.carol, msg, join)  # the old button, on a screen not yet redrawn
    assert "already started" in w.last_alert(w.carol)
    pick = next(d for d in msg.callback_data() if "~pick:" in d)
    await tap_data(w, w.carol, msg, pick)  # a spectator's tap on the board
    assert "not playing" in w.last_alert(w.carol)
    after = await w.store.load(game.id)
    assert after is not None and after.version == game.version
    assert [p.user_id for p in after.table.players] == [w.alice.id, w.bob.id]
    assert w.tg.unanswered_callbacks() == []


async def test_two_first_taps_at_once_seat_one_opponent(any_world: World) -> None:
    w = any_world
    msg = await post_challenge(w, w.alice, w.group)
    taps = [w.session.tap_inline(u, msg, "⚔️ Play") for u in (w.bob, w.carol)]
    await asyncio.gather(*(w.dp.feed_update(w.bot, t) for t in taps))
    await w.drain()
    game = await game_on(w, msg)
    seated = [p.user_id for p in game.table.players]
    assert seated[0] == w.alice.id and seated[1] in (w.bob.id, w.carol.id) and len(seated) == 2
    assert w.tg.unanswered_callbacks() == []


async def test_the_challenger_plays_the_computer_on_the_message(world: World) -> None:
    w = world
    chat = w.tg.dialog(w.alice, w.bob)
    msg = await post_challenge(w, w.alice, chat)
    await tap(w, w.alice, msg, "🤖 Play the computer")
    game = await game_on(w, msg)
    assert game.table.players[1].ai and "🤖" in msg.text
    users = {w.alice.id: w.alice}
    for _ in range(6):  # Alice moves, the computer answers after its pause
        state = rules.GAMES["parquet"].from_json((await game_on(w, msg)).state)
        if rules.GAMES["parquet"].turn(state) == 0:
            assert await parquet_move(w, msg, users)
        w.clock.advance(w.settings.ai_pause_seconds + 0.1)
        await w.svc.timers.tick_once()
        await w.drain()
    later = await game_on(w, msg)
    assert later.id == game.id and later.version > game.version + 4


async def test_resign_asks_twice_and_a_rematch_deals_on_the_same_message(world: World) -> None:
    w = world
    chat = w.tg.dialog(w.alice, w.bob)
    msg = await post_challenge(w, w.alice, chat)
    await tap(w, w.bob, msg, "⚔️ Play")
    first = await game_on(w, msg)
    await tap(w, w.alice, msg, re.compile("Resign"))
    assert "again" in w.last_alert(w.alice).lower()  # asked first
    assert (await game_on(w, msg)).phase == "play"
    await tap(w, w.alice, msg, re.compile("Resign"))
    await w.drain()
    assert "wins" in msg.text and "Bob" in msg.text
    await tap(w, w.bob, msg, re.compile("Rematch"))
    await w.drain()
    second = await game_on(w, msg)
    assert second.id != first.id and second.phase == "play"
    assert "Rematch" not in " ".join(msg.button_texts())
    assert w.tg.messages_in(chat.id, by_bot=None)[-1] is msg  # no new message in their chat


async def test_the_turn_reminder_goes_to_the_private_chat(world: World) -> None:
    w = world
    chat = w.tg.dialog(w.alice, w.bob)
    await w.say(w.bob, None, "/start")  # Bob has the bot's private chat; Alice has too
    await w.say(w.alice, None, "/start")
    msg = await post_challenge(w, w.alice, chat)
    await tap(w, w.bob, msg, "⚔️ Play")
    game = await game_on(w, msg)
    mover = game.table.players[
        rules.GAMES["parquet"].turn(rules.GAMES["parquet"].from_json(game.state)) or 0
    ]
    before = len(w.tg.messages_in(chat.id))
    assert await w.remind() >= 1
    ping = w.session.last_message(mover.user_id)
    assert ping.text.startswith("🔔") and "Parquet" in ping.text
    assert len(w.tg.messages_in(chat.id)) == before  # nothing posted beside the board


async def test_an_inline_board_keeps_to_its_budget_in_a_busy_group(world: World) -> None:
    """A fast game on an inline message in a group: its edits stay within
    INLINE_EDITS_PER_MINUTE (Telegram counts them in that group), no 429, the board current."""
    w = world
    w.session.pace = 0.5  # two fast players: a tap every half second
    msg = await post_challenge(w, w.alice, w.group)
    await tap(w, w.bob, msg, "⚔️ Play")
    users = {w.alice.id: w.alice, w.bob.id: w.bob}
    w.settled = False  # the players do not wait for the board: edits pile up
    for _ in range(30):
        if not await parquet_move(w, msg, users):
            break
    w.settled = True
    await w.drain()
    assert w.tg.writes_in_window(w.group.id) <= w.settings.inline_edits_per_minute
    assert not [c for c in w.tg.calls if c.error and c.error.code == 429]
    game = await game_on(w, msg)
    assert all(
        f":{game.version}:" in d or d.startswith("m:") or ":0:" in d for d in msg.callback_data()
    )


async def test_an_absent_player_is_played_for_then_removed_and_loses(any_world: World) -> None:
    """The turn timer on an inline board: the bot plays for the absent player (the board says
    so), and after three missed turns in a row they are out and lose; the result is rated and
    on the global board."""
    w = any_world
    chat = w.tg.dialog(w.alice, w.bob)
    msg = await post_challenge(w, w.alice, chat)
    await tap(w, w.bob, msg, "⚔️ Play")
    mod = rules.GAMES["parquet"]
    game = await game_on(w, msg)
    absent = game.table.players[mod.turn(mod.from_json(game.state)) or 0]
    present = {w.alice.id: w.alice, w.bob.id: w.bob}
    for _ in range(3):  # the absent player's three turns run out; the other one plays
        w.clock.advance(w.settings.turn_timeout_seconds + 1)
        await w.svc.timers.tick_once()
        await w.drain()
        if "wins!" in msg.text:
            break
        assert f"{absent.name} ran out of time" in msg.text, msg.text
        game = await game_on(w, msg)
        mover = game.table.players[mod.turn(mod.from_json(game.state)) or 0]
        if mover.user_id != absent.user_id:
            assert await parquet_move(w, msg, {mover.user_id: present[mover.user_id]})
    other = next(p.name for p in game.table.players if p.user_id != absent.user_id)
    assert re.search(rf"🏆 \S+ {other} wins!", msg.text), msg.text
    result = await w.store.load_result(game.id)
    assert result is not None and result.chat_id is None
    await w.say(w.alice, None, "/top")
    await w.tap(w.alice, w.session.last_message(w.alice), re.compile("Parquet"))
    top = w.session.last_message(w.alice).text
    assert "Alice" in top and "Bob" in top, top
