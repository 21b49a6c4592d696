"""The fake Telegram answers inline mode and ephemeral messages as Telegram does (what the
handler and e2e tests of playing anywhere rely on)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.recording import FakeTelegram, TgMessage
from tests.support.tg_errors import ApiError
from tests.support.virtual_time import VirtualClock

KEYBOARD = {"inline_keyboard": [[{"text": "Play", "callback_data": "m:x"}]]}


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
        {
            "chat_id": group.id,
            "receiver_user_id": bob.id,
            "text": "cards",
            "reply_markup": KEYBOARD,
        },
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
        tg.handle("sendMessage", {"chat_id": bob.id, "receiver_user_id": bob.id, "text": "x"})
    carol = tg.add_user("Carol")  # not in the group
    with pytest.raises(ApiError, match="user not found"):
        tg.handle("sendMessage", {"chat_id": group.id, "receiver_user_id": carol.id, "text": "x"})
    assert tg.handle("deleteEphemeralMessage", params) is True
    assert tg.ephemeral_messages(group, bob) == []
    with pytest.raises(ApiError, match="MESSAGE_ID_INVALID"):
        tg.handle("editEphemeralMessageText", {**params, "text": "gone"})


def test_an_ephemeral_message_may_never_arrive_or_expire() -> None:
    tg, _clock = fake()
    alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
    group = tg.add_group("Club", owner=alice, members=[bob])
    tg.ephemeral_offline.add(bob.id)
    tg.handle("sendMessage", {"chat_id": group.id, "receiver_user_id": bob.id, "text": "lost"})
    assert tg.ephemeral_messages(group, bob) == []  # sent, never seen
    tg.ephemeral_offline.clear()
    tg.handle("sendMessage", {"chat_id": group.id, "receiver_user_id": bob.id, "text": "here"})
    assert [m.text for m in tg.ephemeral_messages(group, bob)] == ["here"]
    tg.expire_ephemeral(group, bob)
    assert tg.ephemeral_messages(group, bob) == []
    params = {"chat_id": group.id, "receiver_user_id": bob.id, "ephemeral_message_id": 2}
    with pytest.raises(ApiError, match="MESSAGE_ID_INVALID"):
        tg.handle("editEphemeralMessageText", {**params, "text": "again"})
