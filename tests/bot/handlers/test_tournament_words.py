"""A tournament tried as a new user would, in Russian and in English: a member (not an admin)
creates one, three others join by the button and by the link (one of them never started the
bot), they play their games through to the end in their private chats, and everyone reads the
podium in the group. The screens read as written in each language, and the standings' lines fit
a narrow phone."""

from __future__ import annotations

import re

import pytest

from bot.render.common import PHONE_COLUMNS, width
from tests.bot.handlers.tournament_support import (
    inline,
    join,
    live_games,
    play_parquet,
    set_up,
    stored,
    tid_of,
)
from tests.support.recording import BotSession, bot_session  # noqa: F401  (fixture)
from tests.support.world import World

TAPS = {
    "ru": ("🧩 Паркет", "🔁 3", "⏱ 60 с", "▶ Когда нажму «Начать»"),
    "en": ("🧩 Parquet", "🔁 3", "⏱ 60 s", "▶ When I tap Start"),
}
WORDS: dict[str, dict[str, str]] = {
    "ru": {
        "setup": "Швейцарка · 3 тура",
        "joined": "Вы участвуете в турнире по игре «Паркет» в чате «Card Club»",
        "toast": "✅ Вы участвуете! Партии придут в личный чат с ботом.",
        "start": "▶ Начать",
        "heading": "🏆 Паркет · тур 1 из 3",
        "final": "Итоговая таблица",
        "podium": "🏆 Турнир по игре «Паркет» завершён!",
        "stats": "🏆 Турниры: сыграно 1",
    },
    "en": {
        "setup": "Swiss · 3 rounds",
        "joined": "You are in the Parquet tournament in “Card Club”",
        "toast": "✅ You are in! Your games come to the bot's private chat.",
        "start": "▶ Start",
        "heading": "🏆 Parquet · round 1 of 3",
        "final": "Final standings",
        "podium": "🏆 The Parquet tournament is over!",
        "stats": "🏆 Tournaments: 1 played",
    },
}


@pytest.fixture
def w(world: World) -> World:
    return inline(world)


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_a_new_user_s_tournament_from_the_set_up_to_the_podium(w: World, lang: str) -> None:
    said = WORDS[lang]
    for user in (w.alice, w.bob, w.carol, w.dave):
        user.language_code = lang
    ira = w.tg.add_user("Ира", language_code=lang, started=False)  # never started the bot
    w.group.members.add(ira.id)
    board = await set_up(w, w.bob, *TAPS[lang])  # Bob is a member, not an admin
    assert said["setup"] in board.text
    tid = tid_of(board)
    for user in (w.bob, w.carol):
        assert await join(w, user, board) == said["toast"]
        assert said["joined"] in w.last(user).text
    await w.say(w.dave, None, f"/start tour-{tid}")  # the link, shared in the chat
    assert said["joined"] in w.last(w.dave).text
    opened = await join(w, ira, board)
    assert opened.endswith(f"?start=tour-{tid}")  # the bot's chat opens; its Start joins her
    await w.say(ira, None, f"/start tour-{tid}")
    assert said["joined"] in w.last(ira).text
    await w.tap(w.bob, w.session.message(w.group.id, board.message_id), said["start"])
    extra = [ira]
    for round_ in (1, 2, 3):
        games = await live_games(w, tid)
        assert len(games) == 2
        if round_ == 1:
            seat = games[0].table.players[0]
            mine = w.session.message(seat.user_id, games[0].table.boards[0][1])
            assert mine.text.startswith(said["heading"]), mine.text
        for game in games:
            await play_parquet(w, game.id, extra)
    t = await stored(w, tid)
    assert t.phase == "over"
    final = w.session.message(w.group.id, board.message_id).text
    assert said["final"] in final
    lines = [x for x in final.splitlines() if re.match(r"\d+\. ", x)]
    assert len(lines) == 4 and all(width(x) <= PHONE_COLUMNS for x in lines), lines
    podium = w.tg.last_message(w.group.id)
    assert podium is not None and podium.text.startswith(said["podium"]) and "🥇" in podium.text
    await w.say(w.carol, None, "/stats")
    assert said["stats"] in w.last(w.carol).text
    await w.say(w.carol, w.group, "/top")
    top = w.tg.last_message(w.group.id)
    assert top is not None
    assert "турниры" in top.text or "tournaments won" in top.text, top.text
    assert not w.tg.unanswered_callbacks() and not w.session.violations
