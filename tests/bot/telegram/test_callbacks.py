from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.wire import callbacks
from bot.wire.callbacks import (
    GameCallback,
    MenuCallback,
    game_data,
    menu_data,
    parse,
    ui_action,
)


def test_game_roundtrip() -> None:
    data = game_data("Ab3dE6gH9k", 17, "QS>JS")
    assert data == "Ab3dE6gH9k:17:QS>JS"
    assert parse(data) == GameCallback("Ab3dE6gH9k", 17, "QS>JS")


def test_ui_actions() -> None:
    action = ui_action("pick", "L1")
    cb = parse(game_data("Ab3dE6gH9k", 0, action))
    assert isinstance(cb, GameCallback)
    assert cb.is_ui and cb.ui() == ("pick", "L1")
    assert parse(game_data("Ab3dE6gH9k", 3, "~hint")) == GameCallback("Ab3dE6gH9k", 3, "~hint")
    assert not GameCallback("Ab3dE6gH9k", 3, "b>F1").is_ui


def test_menu_roundtrip() -> None:
    assert parse(menu_data("lang:en")) == MenuCallback("lang:en")
    assert MenuCallback("new:raspad:54").parts() == ["new", "raspad", "54"]


def test_build_rejects_long_or_malformed() -> None:
    with pytest.raises(ValueError):
        game_data("Ab3dE6gH9k", 1, "x" * 60)
    with pytest.raises(ValueError):
        game_data("bad id", 1, "d")
    with pytest.raises(ValueError):
        game_data("Ab3dE6gH9k", -1, "d")
    with pytest.raises(ValueError):
        menu_data("with space")
    with pytest.raises(ValueError):
        menu_data("a" * 63)


@pytest.mark.parametrize(
    "data",
    [
        None,
        "",
        "Ab3dE6gH9k:17",
        "Ab3dE6gH9k:x:d",
        "Ab3dE6gH9k:01:d",
        "Ab3dE6gH9k:1:",
        "Ab3dE6gH9k:1:d d",
        "Ab3dE6gH9k:1:<script>",
        "m:",
        "m:кириллица",
        "x:menu",
        "Ab3dE6gH9k:1:" + "d" * 52,
    ],
)
def test_parse_rejects_forged(data: str | None) -> None:
    assert parse(data) is None


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_parse_never_raises_and_roundtrips(text: str) -> None:
    cb = parse(text)
    if cb is not None:
        assert cb.pack() == text
        assert len(text.encode()) <= callbacks.MAX_BYTES


@given(st.text(max_size=70), st.integers(0, 999_999_999))
@settings(max_examples=300)
def test_a_board_prefix_builds_exactly_what_game_data_builds(action: str, version: int) -> None:
    """Renderers check `<gid>:<version>:` once per board and each action on its own: the result
    (or the refusal) is always the same as building the whole data at once."""
    prefix = callbacks.game_prefix("Ab3dE6gH9k", version)
    try:
        expected: str | None = game_data("Ab3dE6gH9k", version, action)
    except ValueError:
        expected = None
    try:
        built: str | None = callbacks.with_action(prefix, action)
    except ValueError:
        built = None
    assert built == expected


def test_a_prefix_with_an_impossible_version_is_refused() -> None:
    with pytest.raises(ValueError):
        callbacks.game_prefix("Ab3dE6gH9k", 10**9)
