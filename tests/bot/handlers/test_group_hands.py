"""Ryadki hands in the group itself (Bot API 10.2 ephemeral messages): a player the bot may not
write to privately — or who prefers it — sees their hand in the group, to them alone; "🃏 My
cards" brings it back (its delivery is not guaranteed), its card buttons play, and its writes
keep to the group's budget."""

from __future__ import annotations

import re

import pytest

from bot.storage import GameRecord
from tests.support.recording import TgMessage, TgUser
from tests.support.world import World, open_lobby, play_ryadki_turn

TITLE = "🃏 Ryadki · “"  # a hand (the board: "🃏 Ryadki · deal …")


def shown_hand(w: World, user: TgUser) -> TgMessage | None:
    """The hand the player sees in the group (an ephemeral message), if any."""
    hands = [m for m in w.tg.ephemeral_messages(w.group, user) if m.text.startswith(TITLE)]
    return hands[-1] if hands else None


def any_hand(w: World, user: TgUser) -> TgMessage:
    """The player's hand wherever it is: in the group (to them alone) or their private chat."""
    hand = shown_hand(w, user)
    if hand is not None:
        return hand
    hands = [m for m in w.session.messages(user) if m.text.startswith(TITLE)]
    assert hands, f"{user.first_name} has no hand"
    return hands[-1]


async def turn(w: World, players: list[TgUser]) -> bool:
    """The player whose hand says "Your turn" plays a marked card from it. False: nobody."""
    return await play_ryadki_turn(w, players, any_hand)


async def start(w: World, players: list[TgUser]) -> None:
    lobby = await open_lobby(w, "ryadki")
    await w.tap(w.alice, w.board(), re.compile("Deals"))  # 7 → 1
    for user in players[1:]:
        await w.tap(user, lobby, "✋ Join")
    await w.tap(w.alice, w.board(), "▶ Start")
    await w.drain()


async def test_a_player_who_never_started_the_bot_plays_from_the_group(any_world: World) -> None:
    w = any_world
    w.tg.strict = True  # private chats need the user to have started the bot
    for user in (w.alice, w.bob):
        await w.say(user, None, "/start")
    w.carol.started = False  # Carol never opened the bot's private chat
    players = [w.alice, w.bob, w.carol]
    lobby = await open_lobby(w, "ryadki")
    await w.tap(w.carol, lobby, "✋ Join")
    assert "shown to you alone" in w.last_alert(w.carol) and "Carol" in w.board().text
    await w.tap(w.bob, lobby, "✋ Join")
    await w.tap(w.alice, w.board(), re.compile("Deals"))  # 7 → 1
    await w.tap(w.alice, w.board(), "▶ Start")
    await w.drain()
    hand = shown_hand(w, w.carol)
    assert hand is not None and hand.text.startswith("🃏 Ryadki · “Card Club”")
    assert len([b for b in hand.button_texts() if re.search(r"[♠♥♦♣]", b)]) == 6
    for other in (w.alice, w.bob):  # nobody else sees it
        assert shown_hand(w, other) is None
    assert all(not m.text.startswith(TITLE) for m in w.tg.messages_in(w.group.id))
    assert "could not be shown" not in w.board().text
    moves = 0
    while await turn(w, players):
        moves += 1
        assert moves < 200
    await w.drain()
    assert "wins" in w.board().text or "Winner" in w.board().text or "Game over" in w.board().text
    assert w.tg.writes_in_window(w.group.id) <= w.settings.edits_per_minute_per_group
    assert not [c for c in w.tg.calls if c.error and c.error.code == 429]
    assert w.tg.unanswered_callbacks() == []


async def test_my_cards_brings_back_a_hand_that_never_arrived(any_world: World) -> None:
    w = any_world
    w.tg.strict = True
    for user in (w.alice, w.bob):
        await w.say(user, None, "/start")
    w.carol.started = False
    w.tg.ephemeral_offline.add(w.carol.id)  # Telegram does not deliver it to her
    await start(w, [w.alice, w.bob, w.carol])
    assert shown_hand(w, w.carol) is None
    w.tg.ephemeral_offline.discard(w.carol.id)
    answer = await w.my_cards(w.carol)
    assert "only you can see" in str(answer.get("text"))
    hand = shown_hand(w, w.carol)
    assert hand is not None and len(hand.button_texts()) == 7  # six cards and Leave
    # sent the Bot API 10.3 way: to her, in answer to her tap; never the deprecated 10.2 way
    sends = w.session.calls("sendMessage")
    shown = [c.get("ephemeral_message_parameters") for c in sends if c["chat_id"] == w.group.id]
    tap = answer["callback_query_id"]
    assert shown[-1] == {"receiver_user_id": w.carol.id, "callback_query_id": tap}
    assert not [c for c in sends if {"receiver_user_id", "callback_query_id"} & set(c)]
    await w.my_cards(w.carol)  # a double tap: no second hand
    assert len(w.tg.ephemeral_messages(w.group, w.carol)) == 1
    w.clock.advance(5)
    w.tg.expire_ephemeral(w.group, w.carol)  # gone again (expired)
    await w.my_cards(w.carol)
    assert len(w.tg.ephemeral_messages(w.group, w.carol)) == 1
    players = [w.alice, w.bob, w.carol]
    for _ in range(6):  # the game goes on, her hand follows it
        assert await turn(w, players)
    await w.drain()
    assert shown_hand(w, w.carol) is not None
    assert w.tg.unanswered_callbacks() == []


async def test_my_cards_opens_the_private_chat_of_a_player_who_has_one(world: World) -> None:
    w = world
    await start(w, [w.alice, w.bob])
    answer = await w.my_cards(w.bob)
    assert "?start=j" in str(answer.get("url"))
    assert shown_hand(w, w.bob) is None
    assert any(m.text.startswith(TITLE) for m in w.session.messages(w.bob))


async def test_a_player_who_prefers_the_group_gets_the_hand_there(world: World) -> None:
    w = world
    await w.say(w.bob, None, "/settings")
    await w.tap(w.bob, w.session.last_message(w.bob), "🃏 Show my cards in the group")
    assert "in the group, shown to you alone" in w.session.last_message(w.bob).text
    await start(w, [w.alice, w.bob])
    assert shown_hand(w, w.bob) is not None
    assert not any(m.text.startswith(TITLE) for m in w.session.messages(w.bob))
    assert any(m.text.startswith(TITLE) for m in w.session.messages(w.alice))
    assert await turn(w, [w.alice, w.bob]) and await turn(w, [w.alice, w.bob])


async def test_opening_the_private_chat_moves_the_hand_there(world: World) -> None:
    w = world
    w.tg.strict = True
    await w.say(w.alice, None, "/start")
    w.bob.started = False
    await start(w, [w.alice, w.bob])
    assert shown_hand(w, w.bob) is not None
    game_id = next(d for d in w.board().callback_data()).split(":")[0]
    game = await w.store.load(game_id)
    assert game is not None
    await w.say(w.bob, None, f"/start j{game.table.code}")  # the bot's chat, opened at last
    await w.drain()
    assert shown_hand(w, w.bob) is None  # the one in the group is deleted
    assert any(m.text.startswith(TITLE) for m in w.session.messages(w.bob))
    assert await turn(w, [w.alice, w.bob])


async def test_a_hand_tap_by_another_user_or_forged_changes_nothing(world: World) -> None:
    w = world
    w.tg.strict = True
    await w.say(w.alice, None, "/start")
    w.bob.started = False
    await start(w, [w.alice, w.bob])
    hand = shown_hand(w, w.bob)
    assert hand is not None
    game_id = str(hand.callback_data()[0]).split(":")[0]
    before = await w.store.load(game_id)
    await w.tap_data(w.bob, hand, f"{game_id}:1:ZZ")  # forged card
    await w.tap_data(w.bob, hand, "garbage")
    after = await w.store.load(game_id)
    assert before is not None and after is not None and after.state == before.state
    assert w.tg.unanswered_callbacks() == []


async def test_my_cards_answers_at_once_when_the_groups_budget_is_spent(any_world: World) -> None:
    """The tap is answered at once; the hand follows as soon as the group may be written to
    (never a spinner while the budget refills, never a 429)."""
    w = any_world
    w.tg.strict = True
    for user in (w.alice, w.bob):
        await w.say(user, None, "/start")
    w.carol.started = False
    w.tg.ephemeral_offline.add(w.carol.id)
    await start(w, [w.alice, w.bob, w.carol])
    w.tg.ephemeral_offline.discard(w.carol.id)
    budget = w.svc.budget
    while (wait := await budget.take(w.group.id)) <= 5.0:  # other writes spend the minute
        w.clock.advance(wait or 1.0)
    w.settled = False  # Carol looks right after her tap
    await w.my_cards(w.carol)
    assert "shortly" in w.last_alert(w.carol)
    assert w.tg.unanswered_callbacks() == [] and shown_hand(w, w.carol) is None
    w.settled = True
    await w.drain()  # (virtual time passes while the budget refills)
    assert shown_hand(w, w.carol) is not None
    assert not [c for c in w.tg.calls if c.error and c.error.code == 429]


async def test_a_move_is_not_lost_to_a_hand_sent_anew_meanwhile(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save that changes nothing a player sees (a hand sent anew in the group, by another
    process, remembers its new id) while a move is being saved: the move still stands."""
    w = world
    players = [w.alice, w.bob]
    await start(w, players)
    records = w.svc.records
    save = records.save
    raced: list[str] = []

    async def racing(record: GameRecord, expected: int, ended: bool) -> bool:
        if not raced:
            raced.append(record.id)
            await records.mutate(record.id, lambda r: True)  # bookkeeping: a new version
        return await save(record, expected, ended)

    monkeypatch.setattr(records, "save", racing)
    before = await w.store.load(next(d for d in w.board().callback_data()).split(":")[0])
    assert before is not None
    assert await turn(w, players)
    assert raced and "changed" not in w.last_alert(w.alice) + w.last_alert(w.bob)
    after = await w.store.load(before.id)
    assert after is not None and after.state != before.state  # the card was played


async def test_a_turn_that_waits_reminds_its_player_in_the_group_alone(world: World) -> None:
    w = world
    w.tg.strict = True
    await w.say(w.alice, None, "/start")
    w.bob.started = False
    players = [w.alice, w.bob]
    await start(w, players)
    while "Your turn" not in any_hand(w, w.bob).text:  # up to Bob's turn
        assert await turn(w, players)
    assert not [m for m in w.tg.ephemeral_messages(w.group, w.bob) if m.text.startswith("🔔")]
    assert await w.remind() >= 1  # Bob's turn waits: a reminder, to him alone, in the group
    pings = [m for m in w.tg.ephemeral_messages(w.group, w.bob) if m.text.startswith("🔔")]
    assert len(pings) == 1 and "Ryadki" in pings[0].text
    assert not [m for m in w.tg.messages_in(w.group.id) if m.text.startswith("🔔")]
    assert w.tg.ephemeral_messages(w.group, w.alice) == []
    assert w.tg.writes_in_window(w.group.id) <= w.settings.edits_per_minute_per_group
    while await turn(w, players):  # to the end: the game's end takes the reminder away
        pass
    await w.drain()
    assert not [m for m in w.tg.ephemeral_messages(w.group, w.bob) if m.text.startswith("🔔")]
