"""/start, the menu, /rules and the language choice through Dispatcher.feed_update."""

from __future__ import annotations

import re

from tests.support.solitaire_driver import Harness


async def test_start_shows_the_main_menu_in_russian(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="ru")
    await h.say(ann, "/start")
    menu = h.last(ann)
    texts = menu.button_texts()
    for expected in ("Коса", "Распад", "Правила", "Язык", "друзьями"):
        assert any(expected in t for t in texts), (expected, texts)


async def test_english_telegram_users_get_english(h: Harness) -> None:
    bob = h.session.tg.add_user("Bob", language_code="en-US")
    await h.say(bob, "/start")
    assert any("Rules" in t for t in h.last(bob).button_texts())


async def test_language_choice_is_remembered(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="ru")
    await h.say(ann, "/start")
    menu = h.last(ann)
    await h.tap(ann, menu, "🌐 Язык / Language")
    await h.tap(ann, h.session.message(menu.chat.id, menu.message_id), "🇬🇧 English")
    menu = h.session.message(menu.chat.id, menu.message_id)
    assert any("Rules" in t for t in menu.button_texts())
    assert await h.store.get_lang(ann.id) == "en"
    # a new process (fresh dispatcher and language cache) still speaks English to Ann
    fresh = Harness.build(h.bot, h.session, h.store)
    await fresh.say(ann, "/start")
    assert any("Rules" in t for t in h.last(ann).button_texts())


async def test_rules_explain_both_solitaires(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    await h.say(ann, "/rules")
    await h.tap(ann, h.last(ann), re.compile("Kosa"))
    assert "braid" in h.last(ann).text
    await h.tap(ann, h.last(ann), re.compile("Raspad"))
    assert "rounds" in h.last(ann).text  # the word the board uses (not "kon")


async def test_unknown_deep_link_gets_a_friendly_note_then_the_menu(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    await h.say(ann, "/start zzz-unknown")
    msgs = h.session.messages(ann)
    assert "outdated or broken" in msgs[-2].text
    assert any("Rules" in t for t in msgs[-1].button_texts())


async def test_play_with_friends_offers_the_group_games(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    await h.say(ann, "/start")
    await h.tap(ann, h.last(ann), "👥 Play with friends")
    texts = " ".join(h.last(ann).button_texts())
    assert "Ryadki" in texts and "Parquet" in texts


async def test_forged_menu_data_is_answered_with_an_alert(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    await h.say(ann, "/start")
    menu = h.last(ann)
    before = menu.text
    await h.tap_data(ann, menu, "m:doesnotexist")
    await h.tap_data(ann, menu, "garbage!!")
    answers = h.session.answers()
    assert all(a.get("show_alert") for a in answers[-2:])
    assert h.session.message(menu.chat.id, menu.message_id).text == before


async def test_plain_text_gets_a_hint_towards_start(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    await h.say(ann, "hello")
    assert "/start" in h.last(ann).text
