"""The "/" menus through the fake Telegram: set_commands lists per scope (private chats, groups,
group admins) and language what answers there, and Default nothing; every command a user sees
on a chat's menu (the fake picks the list as Telegram does) gets an answer in that chat; a
private chat's command typed in a group answers there with a button that opens it privately."""

from __future__ import annotations

import re

from bot.app import set_commands
from bot.config import LANGUAGES
from bot.i18n import t
from tests.support.recording import TgChat, TgMessage, TgUser
from tests.support.tg_model import BOT_USERNAME
from tests.support.world import World

PRIVATE = ["start", "help", "rules", "newgame", "daily", "stats", "top", "settings", "language"]
GROUP = ["newgame", "tournament", "top", "stats", "rules", "help"]
ADMINS = [*GROUP, "language"]
# what the bot says when it did not understand or failed: no answer to the command itself
NOT_AN_ANSWER = {
    t(lang, key)
    for lang in LANGUAGES
    for key in ("unknown-command", "start-bad-payload", "error-generic", "error-unavailable")
}
LINK = re.compile(rf"^https://t\.me/{BOT_USERNAME}\?start=([A-Za-z0-9_-]+)$")


def descriptions(w: World, scope: str, language_code: str | None) -> dict[str, str]:
    """What the last setMyCommands call for that scope and language listed."""
    for call in reversed(w.session.calls("setMyCommands")):
        if call["scope"] == {"type": scope} and call.get("language_code") == language_code:
            return {c["command"]: c["description"] for c in call["commands"]}
    raise AssertionError(f"no setMyCommands for {scope} {language_code}")


async def answer_to(w: World, user: TgUser, chat: TgChat, text: str) -> TgMessage:
    """`user` types `text` in `chat`: the one message the bot sends there in answer."""
    before = {m.message_id for m in w.tg.messages_in(chat.id)}
    await w.say(user, chat, text)
    new = [m for m in w.tg.messages_in(chat.id) if m.message_id not in before]
    assert len(new) == 1, f"{text} in {chat.type}: {[m.describe() for m in new]}"
    assert new[0].text not in NOT_AN_ANSWER, f"{text} in {chat.type}: {new[0].text}"
    return new[0]


async def test_each_scope_lists_what_answers_there_in_each_language(world: World) -> None:
    w = world
    await set_commands(w.bot)
    for lang in ("", "ru", "en"):
        assert w.tg.commands_of("all_private_chats", lang) == PRIVATE, lang
        assert w.tg.commands_of("all_group_chats", lang) == GROUP, lang
        assert w.tg.commands_of("all_chat_administrators", lang) == ADMINS, lang
        assert w.tg.commands_of("default", lang) == [], lang  # an old full list is gone
    # the menus users see: Bob is a member of the group, Alice owns it
    assert w.tg.menu(w.group, w.bob) == GROUP
    assert w.tg.menu(w.group, w.alice) == ADMINS
    assert w.tg.menu(w.tg.private_chat(w.bob), w.bob) == PRIVATE
    # in each language; a user of another language gets the Russian list (no language code)
    en = descriptions(w, "all_group_chats", "en")
    assert en["top"] == "This group's leaderboard" and en["rules"] == "Game rules"
    assert descriptions(w, "all_chat_administrators", "en")["language"] == "The group's language"
    ru = descriptions(w, "all_group_chats", "ru")
    assert ru["top"] == "Таблица лидеров группы" and ru["newgame"].startswith("Новая игра")
    assert descriptions(w, "all_group_chats", None) == ru
    assert descriptions(w, "all_private_chats", None)["daily"] == "Расклад дня"
    assert descriptions(w, "all_private_chats", "en")["daily"] == "Deal of the day"
    assert not w.session.violations  # every request matched the Bot API spec


async def test_every_command_on_a_groups_menu_answers_in_the_group(any_world: World) -> None:
    w = any_world
    await set_commands(w.bot)
    for user in (w.bob, w.alice):  # a member's menu, an admin's
        menu = w.tg.menu(w.group, user)
        assert menu, user.first_name
        for command in menu:  # picked from the menu: Telegram adds the bot's username
            await answer_to(w, user, w.group, f"/{command}@{BOT_USERNAME}")
            # the next a while later: a group answers five of its members' commands a minute
            # (the rest of its budget is its games')
            w.clock.advance(13)
    assert not w.session.violations


async def test_every_command_on_a_private_chats_menu_answers_there(world: World) -> None:
    w = world
    await set_commands(w.bot)
    chat = w.tg.private_chat(w.carol)
    menu = w.tg.menu(chat, w.carol)
    assert menu
    for command in menu:
        await answer_to(w, w.carol, chat, f"/{command}")


async def test_a_private_chats_command_in_a_group_answers_with_a_button_to_it(
    world: World,
) -> None:
    w = world
    screens = {"daily": "Deal of the day", "settings": "Settings", "menu": "🃏 Card games"}
    for command, screen in screens.items():
        reply = await answer_to(w, w.bob, w.group, f"/{command}@{BOT_USERNAME}")
        assert reply.text == f"/{command} works only in a private chat with the bot."
        typed = w.tg.messages_in(w.group.id, by_bot=False)[-1]
        sent = w.session.last_call("sendMessage")
        assert sent["reply_parameters"]["message_id"] == typed.message_id  # a reply to Bob
        button = reply.button("💬 Open in a private chat")
        found = LINK.match(button.get("url", ""))
        assert found, button
        # Bob opens the link: the private chat answers /start <payload> with that screen
        opened = await answer_to(w, w.bob, w.tg.private_chat(w.bob), f"/start {found[1]}")
        assert screen in opened.text, (command, opened.text)
    # a plain /daily (not picked from the menu) too, and in Russian for a Russian speaker
    ira = w.tg.add_user("Ира", language_code="ru")
    w.group.members.add(ira.id)
    reply = await answer_to(w, ira, w.group, "/settings")
    assert reply.text == "Команда /settings работает только в личном чате с ботом."
    assert reply.has_button("💬 Открыть в личном чате")


async def test_a_private_chats_command_in_a_forum_topic_answers_in_that_topic(
    world: World,
) -> None:
    w = world
    forum, (games, chat) = w.add_forum("Card Forum", "Games", "Chat")
    await w.say(w.carol, forum, "/daily", topic=chat)
    reply = w.board_in(forum, chat)
    assert reply.text.startswith("/daily works only in a private chat")
    assert LINK.match(reply.buttons()[0].get("url", ""))
    assert w.tg.topic_messages(forum.id, games.id) == []
