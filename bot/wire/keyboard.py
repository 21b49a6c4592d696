"""Inline keyboards as plain data: what every renderer returns and what requests carry.

A board has up to ~30 buttons and is rebuilt on every move. aiogram's pydantic
InlineKeyboardButton is costly to build and again to dump, walk and encode; a button
here is a named tuple, and a keyboard turns into its Bot API JSON text in one pass
(`Keyboard.to_json`), which the request then carries as the `reply_markup` field verbatim, as
aiogram itself would send it.

A button may carry Bot API 9.4's `style` (the colour a player's app paints it: red for giving up,
green for the move to make) and be `disabled` (Bot API 10.3: shown, but a tap does nothing — a
card that cannot be played now). Both are written into the JSON here, so they reach Telegram
whatever aiogram the bot runs on (an aiogram older than these fields never parses a keyboard).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from json.encoder import encode_basestring
from typing import Literal, NamedTuple

_quote = encode_basestring  # str → JSON string literal (C implementation), keeps non-ASCII

Style = Literal["danger", "success", "primary"]  # red, green, blue (Bot API 9.4)
DANGER: Style = "danger"  # giving up, leaving: a tap that loses the game
SUCCESS: Style = "success"  # the move the hint suggests, what a picked card fits, a ✅
PRIMARY: Style = "primary"  # the one thing a screen is for (start the game)


class Button(NamedTuple):
    """An inline button: a callback button, or a URL button when `url` is set, a "share into a
    chat the user picks" button (`switch_chosen`: the inline query it starts) or a "copy this
    text" button (`copy`, up to 256 characters). `style` colours it; a `disabled` button is shown
    but does nothing (its action, if any, is not sent: a disabled button has no other)."""

    text: str
    callback_data: str | None = None
    url: str | None = None
    switch_chosen: str | None = None
    copy: str | None = None
    style: Style | None = None
    disabled: bool = False

    def to_json(self) -> str:
        text = _quote(self.text)
        if self.style is not None:
            text += f',"style":"{self.style}"'
        if self.disabled:
            return f'{{"text":{text},"disabled":{{}}}}'
        if self.url is not None:
            return f'{{"text":{text},"url":{_quote(self.url)}}}'
        if self.switch_chosen is not None:
            chats = '"allow_user_chats":true,"allow_group_chats":true'
            query = _quote(self.switch_chosen)
            return (
                f'{{"text":{text},"switch_inline_query_chosen_chat":{{"query":{query},{chats}}}}}'
            )
        if self.copy is not None:
            return f'{{"text":{text},"copy_text":{{"text":{_quote(self.copy)}}}}}'
        return f'{{"text":{text},"callback_data":{_quote(self.callback_data or "")}}}'


class Keyboard:
    """An inline keyboard: rows of buttons (empty rows are dropped)."""

    __slots__ = ("inline_keyboard",)

    def __init__(self, rows: Iterable[Sequence[Button]]) -> None:
        self.inline_keyboard: list[list[Button]] = [list(r) for r in rows if r]

    def buttons(self) -> list[Button]:
        return [b for row in self.inline_keyboard for b in row]

    def to_json(self) -> str:
        """The Bot API InlineKeyboardMarkup object as compact JSON text."""
        rows = ",".join(
            "[" + ",".join([b.to_json() for b in row]) + "]" for row in self.inline_keyboard
        )
        return '{"inline_keyboard":[' + rows + "]}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Keyboard) and other.inline_keyboard == self.inline_keyboard

    def __hash__(self) -> int:
        return hash(self.to_json())

    def __repr__(self) -> str:
        return f"Keyboard({self.inline_keyboard!r})"


def markup_json(markup: Keyboard | None) -> str | None:
    """The reply_markup field of a request: the keyboard's JSON text (None: no keyboard)."""
    return None if markup is None else markup.to_json()
