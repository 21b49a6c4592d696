"""The seams of inline play: which games may be offered (the registry refuses a game an inline
message cannot hold), a challenge's signed buttons, and the one game id of an inline message."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games.table.inline import game_id
from bot.registry import GAMES, register
from bot.wire import callbacks, challenge

KEY = challenge.key_of("123456:TEST-token-for-tests")


def test_only_a_two_seat_open_hand_table_game_may_be_played_inline() -> None:
    assert any(game.inline for game in GAMES.values())
    refused = 0
    for kind, game in list(GAMES.items()):
        fits = game.family == "table" and not game.hidden_hands and game.seats[1] == 2
        assert fits or not game.inline, kind
        if not fits:  # hidden hands, more seats, a solitaire
            with pytest.raises(ValueError, match="inline play"):
                register(dataclasses.replace(game, inline=True))
            assert not GAMES[kind].inline
            refused += 1
    assert refused >= 2


@given(
    user=st.integers(min_value=1, max_value=10**15),
    lang=st.sampled_from(["ru", "en"]),
    act=st.sampled_from(["j", "a"]),
)
def test_a_challenge_button_reads_back_and_fits_in_callback_data(
    user: int, lang: str, act: str
) -> None:
    data = challenge.challenge_data(KEY, "parquet", lang, user, act)
    assert len(data.encode()) <= callbacks.MAX_BYTES
    menu = callbacks.parse(data)
    assert isinstance(menu, callbacks.MenuCallback)
    found = challenge.parse(KEY, menu.action)
    assert found == challenge.Challenge("parquet", lang, user, act)


def test_a_forged_challenge_is_not_read() -> None:
    data = challenge.challenge_data(KEY, "parquet", "en", 42, "j")
    action = data[len("m:") :]
    assert challenge.parse(challenge.key_of("1:another-bot"), action) is None  # another bot's
    assert challenge.parse(KEY, action.replace(":42:", ":43:")) is None  # someone else's id
    assert challenge.parse(KEY, action.replace(":j:", ":a:")) is not None  # (the act is free)
    assert challenge.parse(KEY, action[:-1]) is None
    assert challenge.parse(KEY, "ic:parquet:en:42:j") is None


def test_an_inline_message_has_one_game_id_on_every_process() -> None:
    ids = {game_id(f"AAAAAgQ{i}xyz-_") for i in range(1000)}
    assert len(ids) == 1000
    assert all(callbacks.is_game_id(g) and len(g) == 16 for g in ids)
    assert game_id("AAAAAgQ1xyz-_") == game_id("AAAAAgQ1xyz-_")
