"""The fake Telegram answers inline mode and ephemeral messages as Telegram does (what the
handler and e2e tests of playing anywhere rely on)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from aiogram.types import Message, Update

from tests.e2e.emulator import Emulator
from tests.support.recording import FakeTelegram, TgMessage
from tests.support.tg_errors import ApiError
from tests.support.virtual_time import VirtualClock

KEYBOARD = {"inline_keyboard": [[{"text": "Play", "callback_data": "m:x"}]]}


def to(user_id: int, query: str | None = None) -> dict[str, Any]:
    """A send's fields that make it an ephemeral message to `user_id` (in answer to tap
    `query`), as Bot API 10.3 has them."""
    ephemeral: dict[str, Any] = {"receiver_user_id": user_id}
    if query is not None:
        ephemeral["callback_query_id"] = query
    return {"ephemeral_message_parameters": ephemeral}


def fake() -> tuple[FakeTelegram, VirtualClock]:
    clock = VirtualClock(1_000_000.0)
    return FakeTelegram(strict=True, clock=clock), clock


def posted(tg: FakeTelegram, chat_id: int) -> TgMessage:
    """Alice picks the bot's one inline result: her client posts it into `chat_id`."""
    alice = tg.users[min(tg.users)]
    query = tg.inline_query(alice, "")
    article: dict[str, Any] = {
        "type": "article",
        "id": "r1",
        "title": "Challenge",
        "input_message_content": {"message_text": "<b>Hi</b>", "parse_mode": "HTML"},
        "reply_markup": KEYBOARD,
    }
    assert tg.handle("answerInlineQuery", {"inline_query_id": query["id"], "results": [article]})
    return tg.choose_inline_result(alice, chat_id, "r1")


def test_an_inline_message_is_edited_by_its_id_alone() -> None:
    tg, _clock = fake()
    alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
    chat = tg.dialog(alice, bob)
    msg = posted(tg, chat.id)
    assert msg.text == "Hi" and msg.via_bot and msg.inline_message_id and not msg.by_bot
    assert tg.messages_in(chat.id, by_bot=None) == [msg]
    edit = {"inline_message_id": msg.inline_message_id, "text": "Board", "reply_markup": KEYBOARD}
    assert tg.handle("editMessageText", edit) is True  # True, not a Message
    assert msg.text == "Board" and msg.edits == 1
    with pytest.raises(ApiError, match="not modified"):
        tg.handle("editMessageText", edit)
    with pytest.raises(ApiError, match="MESSAGE_ID_INVALID"):
        tg.handle("editMessageText", {**edit, "inline_message_id": "nope"})
    tap = tg.callback_query_inline(bob, msg, "Play")
    assert tap["inline_message_id"] == msg.inline_message_id and "message" not in tap
    tg.handle("editMessageText", {**edit, "text": "Over", "reply_markup": None})
    assert msg.buttons() == []  # no reply_markup: the keyboard goes


def test_an_inline_message_in_a_group_is_held_to_the_groups_limit() -> None:
    tg, clock = fake()
    alice = tg.add_user("Alice")
    group = tg.add_group("Club", owner=alice)
    msg = posted(tg, group.id)
    refused = 0
    for n in range(25):
        clock.advance(1.1)
        try:
            tg.handle(
                "editMessageText", {"inline_message_id": msg.inline_message_id, "text": f"{n}"}
            )
        except ApiError as err:
            assert err.code == 429
            refused += 1
    assert refused == 5 and tg.writes_in_window(group.id) == 20


def test_an_ephemeral_message_is_seen_by_its_receiver_alone() -> None:
    tg, _clock = fake()
    alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
    group = tg.add_group("Club", owner=alice, members=[bob])
    sent = tg.handle(
        "sendMessage",
        {"chat_id": group.id, **to(bob.id), "text": "cards", "reply_markup": KEYBOARD},
    )
    assert sent["message_id"] == 0 and sent["ephemeral_message_id"] == 1
    assert sent["receiver_user"]["id"] == bob.id
    assert tg.messages_in(group.id) == [] and tg.ephemeral_messages(group, alice) == []
    (shown,) = tg.ephemeral_messages(group, bob)
    assert tg.callback_query(bob, shown, "Play")["message"]["ephemeral_message_id"] == 1
    with pytest.raises(LookupError):
        tg.callback_query(alice, shown, "Play")  # Alice does not see it
    params = {"chat_id": group.id, "receiver_user_id": bob.id, "ephemeral_message_id": 1}
    assert tg.handle("editEphemeralMessageText", {**params, "text": "new"}) is True
    assert shown.text == "new" and tg.writes_in_window(group.id) == 2  # the group's writes
    with pytest.raises(ApiError, match="not modified"):
        tg.handle("editEphemeralMessageText", {**params, "text": "new"})
    bob.started = True  # the bot may write to him privately, but not ephemerally there
    with pytest.raises(ApiError, match="ephemeral"):
        tg.handle("sendMessage", {"chat_id": bob.id, **to(bob.id), "text": "x"})
    carol = tg.add_user("Carol")  # not in the group
    with pytest.raises(ApiError, match="user not found"):
        tg.handle("sendMessage", {"chat_id": group.id, **to(carol.id), "text": "x"})
    assert tg.handle("deleteEphemeralMessage", params) is True
    assert tg.ephemeral_messages(group, bob) == []
    with pytest.raises(ApiError, match="MESSAGE_ID_INVALID"):
        tg.handle("editEphemeralMessageText", {**params, "text": "gone"})


def test_an_ephemeral_message_may_never_arrive_or_expire() -> None:
    tg, _clock = fake()
    alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
    group = tg.add_group("Club", owner=alice, members=[bob])
    tg.ephemeral_offline.add(bob.id)
    tg.handle("sendMessage", {"chat_id": group.id, **to(bob.id), "text": "lost"})
    assert tg.ephemeral_messages(group, bob) == []  # sent, never seen
    tg.ephemeral_offline.clear()
    tg.handle("sendMessage", {"chat_id": group.id, **to(bob.id), "text": "here"})
    assert [m.text for m in tg.ephemeral_messages(group, bob)] == ["here"]
    tg.expire_ephemeral(group, bob)
    assert tg.ephemeral_messages(group, bob) == []
    params = {"chat_id": group.id, "receiver_user_id": bob.id, "ephemeral_message_id": 2}
    with pytest.raises(ApiError, match="MESSAGE_ID_INVALID"):
        tg.handle("editEphemeralMessageText", {**params, "text": "again"})


def answer(tg: FakeTelegram, query: dict[str, Any], *ids: str, keyboard: bool = True) -> None:
    results = [
        {
            "type": "article",
            "id": rid,
            "title": rid,
            "input_message_content": {"message_text": f"<i>{rid}</i>", "parse_mode": "HTML"},
            **({"reply_markup": KEYBOARD} if keyboard else {}),
        }
        for rid in ids
    ]
    assert tg.handle("answerInlineQuery", {"inline_query_id": query["id"], "results": results})


def test_an_inline_query_is_answered_once_known_and_picked_from_the_latest() -> None:
    tg, _clock = fake()
    alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
    query = tg.inline_query(alice, "par", chat_type="group")
    assert Update.model_validate({"update_id": 1, "inline_query": query}).inline_query
    assert query["from"]["id"] == alice.id and query["offset"] == "" and query["query"] == "par"
    with pytest.raises(ApiError, match="query ID is invalid"):
        tg.handle("answerInlineQuery", {"inline_query_id": "nope", "results": []})
    dup = {"type": "article", "id": "a", "title": "a", "input_message_content": {}}
    with pytest.raises(ApiError, match="RESULT_ID_DUPLICATE"):
        tg.handle("answerInlineQuery", {"inline_query_id": query["id"], "results": [dup, dup]})
    answer(tg, query, "a", "plain", keyboard=False)
    assert len(tg.inline_answers) == 1 and tg.inline_results[query["id"]][0]["id"] == "a"
    chat = tg.dialog(alice, bob)
    with pytest.raises(LookupError):
        tg.choose_inline_result(alice, chat, "b")  # no such result
    msg = tg.choose_inline_result(alice, chat, "plain")
    assert msg.text == "plain" and msg.raw == "<i>plain</i>" and msg.inline_message_id is None
    assert msg.api()["via_bot"]["id"] == tg.bot.id and msg.api()["from"]["id"] == alice.id
    assert tg.inline_messages == {} and tg.chosen_results == []  # no keyboard; feedback off
    newer = tg.inline_query(alice, "more")
    with pytest.raises(LookupError):
        tg.choose_inline_result(alice, chat, "a")  # her client shows the unanswered newer query
    tg.choose_inline_result(alice, chat, "a", query_id=query["id"])  # an older one, by its id
    answer(tg, newer, "a")
    tg.inline_feedback = True
    picked = tg.choose_inline_result(alice, chat, "a")
    inline = picked.inline_message_id
    assert inline and re.fullmatch(r"[A-Za-z0-9_-]{24,30}", inline)
    assert tg.inline_messages[inline] is picked
    assert tg.chosen_results == [
        {"result_id": "a", "from": alice.api(), "query": "more", "inline_message_id": inline}
    ]
    with pytest.raises(ApiError, match="chat not found"):  # the bot is not in their dialog
        tg.handle("sendMessage", {"chat_id": chat.id, "text": "hi"})


def test_a_tap_on_an_inline_message_has_no_message_and_its_keyboard_may_go() -> None:
    tg, _clock = fake()
    alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
    group = tg.add_group("Club", owner=alice, members=[bob])
    msg = posted(tg, group.id)
    inline = msg.inline_message_id
    assert inline is not None
    tap = tg.callback_query(bob, msg, "Play")  # the world's tap knows an inline message
    assert "message" not in tap and tap["inline_message_id"] == inline and tap["data"] == "m:x"
    assert Update.model_validate({"update_id": 1, "callback_query": tap}).callback_query
    cb = tg.callbacks[tap["id"]]
    assert (cb.chat_id, cb.message_id, cb.inline_message_id) == (None, None, inline)
    assert tg.handle("answerCallbackQuery", {"callback_query_id": tap["id"]}) is True
    forged = tg.callback_query_inline_raw(alice, inline, "forged")
    assert forged["chat_instance"] == tap["chat_instance"] and forged["data"] == "forged"
    edit = {"inline_message_id": inline}
    assert tg.handle("editMessageReplyMarkup", {**edit, "reply_markup": None}) is True
    assert msg.text == "Hi" and msg.buttons() == [] and tg.writes_in_window(group.id) == 1
    with pytest.raises(ApiError, match="not modified"):
        tg.handle("editMessageReplyMarkup", edit)
    with pytest.raises(LookupError):
        tg.callback_query_inline(bob, msg, "Play")  # no keyboard any more
    with pytest.raises(ApiError, match="MESSAGE_ID_INVALID"):
        tg.handle("editMessageReplyMarkup", {"inline_message_id": "x" * 27})


def test_ephemeral_messages_spend_the_groups_budget_and_answer_their_receivers_taps() -> None:
    tg, clock = fake()
    alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
    group = tg.add_group("Club", owner=alice, members=[bob])
    for n in range(19):
        clock.advance(1.1)
        tg.handle("sendMessage", {"chat_id": group.id, "text": f"{n}"})
    clock.advance(1.1)
    to_bob = {"chat_id": group.id, **to(bob.id), "text": "hand"}
    sent = tg.handle("sendMessage", {**to_bob, "reply_markup": KEYBOARD})  # the 20th write
    clock.advance(1.1)
    with pytest.raises(ApiError) as refused:
        tg.handle("sendMessage", to_bob)
    assert refused.value.code == 429 and tg.writes_in_window(group.id) == 20
    params = {"chat_id": group.id, "receiver_user_id": bob.id, "ephemeral_message_id": 1}
    with pytest.raises(ApiError) as refused:
        tg.handle("editEphemeralMessageText", {**params, "text": "new"})
    assert refused.value.code == 429
    assert tg.handle("deleteEphemeralMessage", params) is True  # deletes are free
    with pytest.raises(ApiError, match="message to delete not found"):
        tg.handle("deleteEphemeralMessage", params)
    clock.advance(61)
    sent = tg.handle("sendMessage", {**to_bob, "reply_markup": KEYBOARD})
    assert sent["ephemeral_message_id"] == 2 and Message.model_validate(sent).message_id == 0
    (shown,) = tg.ephemeral_messages(group, bob)
    tap = tg.callback_query(bob, shown, "Play")
    assert tap["message"]["receiver_user"]["id"] == bob.id and tap["message"]["message_id"] == 0
    assert Update.model_validate({"update_id": 1, "callback_query": tap}).callback_query
    clock.advance(1.1)
    again = tg.handle("sendMessage", {**to_bob, **to(bob.id, tap["id"])})
    assert again["ephemeral_message_id"] == 3
    others = [tg.callback_query(alice, posted(tg, group.id), "Play")["id"], "unknown"]
    for query in others:  # a tap of somebody else, an unknown one
        with pytest.raises(ApiError, match="query ID is invalid"):
            tg.handle("sendMessage", {**to_bob, **to(bob.id, query)})


def test_an_edit_while_the_receiver_is_offline_is_taken_but_never_seen() -> None:
    tg, clock = fake()
    alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
    group = tg.add_group("Club", owner=alice, members=[bob])
    to_bob = {"chat_id": group.id, "receiver_user_id": bob.id}  # (editing names him so)
    tg.handle(
        "sendMessage", {"chat_id": group.id, **to(bob.id), "text": "one", "reply_markup": KEYBOARD}
    )
    (shown,) = tg.ephemeral_messages(group, bob)
    params = {**to_bob, "ephemeral_message_id": 1}
    tg.ephemeral_offline.add(bob.id)
    clock.advance(1.1)
    two = {**params, "text": "two", "reply_markup": KEYBOARD}
    assert tg.handle("editEphemeralMessageText", two) is True
    assert shown.text == "one" and shown.button_texts() == ["Play"]  # he still sees the old one
    with pytest.raises(ApiError, match="not modified"):  # Telegram holds "two"
        tg.handle("editEphemeralMessageText", two)
    clock.advance(1.1)
    tg.handle("editEphemeralMessageReplyMarkup", params)  # the keyboard goes, unseen
    assert shown.button_texts() == ["Play"] and tg.writes_in_window(group.id) == 3
    tg.ephemeral_offline.clear()
    clock.advance(1.1)
    tg.handle("editEphemeralMessageText", {**params, "text": "three"})
    assert shown.text == "three" and shown.buttons() == [] and shown.history == ["one"]
    tg.ephemeral_offline.add(bob.id)
    lost = tg.handle("sendMessage", {"chat_id": group.id, **to(bob.id), "text": "lost"})
    assert lost["ephemeral_message_id"] == 2 and tg.ephemeral_messages(group, bob) == [shown]
    tg.expire_ephemeral(group, bob)  # both go, the one he never saw too
    for eid in (1, 2):
        with pytest.raises(ApiError, match="MESSAGE_ID_INVALID"):
            tg.handle(
                "editEphemeralMessageText", {**to_bob, "ephemeral_message_id": eid, "text": "x"}
            )


def test_an_ephemeral_message_in_a_topic_and_who_may_receive_one() -> None:
    tg, _clock = fake()
    alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
    forum = tg.add_group("Forum", owner=alice, members=[bob], forum=True)
    topic = tg.add_topic(forum, "Games")
    to_bob = {"chat_id": forum.id, **to(bob.id), "text": "hi"}
    sent = tg.handle("sendMessage", {**to_bob, "message_thread_id": topic.id})
    assert sent["message_thread_id"] == topic.id and sent["is_topic_message"] is True
    assert tg.messages_in(forum.id, by_bot=None) == [tg.message(forum.id, topic.id)]
    with pytest.raises(ApiError, match="thread not found"):
        tg.handle("sendMessage", {**to_bob, "message_thread_id": 999})
    with pytest.raises(ApiError, match="user not found"):
        tg.handle("sendMessage", {**to_bob, **to(777)})
    tg.ephemeral_offline.add(bob.id)
    tg.handle("sendMessage", to_bob)
    (lost,) = [m for m in tg.ephemeral.values() if not m.delivered]
    with pytest.raises(LookupError):
        tg.callback_query_raw(bob, lost, "m:x")  # he never saw it


async def test_the_emulators_users_use_inline_mode_and_see_their_ephemeral_messages() -> None:
    emu = Emulator()
    alice, bob = emu.user("Alice", started=True), emu.user("Bob")
    group = emu.group("Club", owner=alice, members=[bob])
    query = alice.inline("", chat_type="supergroup")
    assert emu.updates[-1]["inline_query"]["id"] == query
    emu.tg.handle("answerInlineQuery", {"inline_query_id": query, "results": []})
    assert await emu.wait_inline_answer(query, timeout=1) == []
    answer(emu.tg, emu.tg.inline_query(alice.tg_user), "r")
    msg = alice.choose(group, "r")
    tap = bob.tap(msg, "Play")
    assert emu.updates[-1]["callback_query"]["inline_message_id"] == msg.inline_message_id
    assert "message" not in emu.updates[-1]["callback_query"] and emu.answer(tap) is None
    emu.tg.handle("sendMessage", {"chat_id": group.id, **to(bob.id), "text": "b"})
    emu.tg.handle(
        "sendMessage", {"chat_id": group.id, **to(bob.id), "text": "c", "reply_markup": KEYBOARD}
    )
    assert [m.text for m in bob.ephemeral(group)] == ["b", "c"] and alice.ephemeral(group) == []
    bob.tap(bob.ephemeral(group)[1], "Play")
    assert emu.updates[-1]["callback_query"]["message"]["ephemeral_message_id"] == 2
    with pytest.raises(LookupError):
        alice.tap(bob.ephemeral(group)[1], "Play")
