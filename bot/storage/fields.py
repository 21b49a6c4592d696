"""The values of a stored record's JSON read back as typed ones (bot.storage.record): a bad
one is a TypeError, never a value of another type."""

from __future__ import annotations


def number(value: object) -> int | float | str:
    if isinstance(value, int | float | str):
        return value
    raise TypeError(f"not a number: {value!r}")


def place(value: object) -> tuple[int, int] | None:
    """A (chat_id, message_id) pair (None for none)."""
    if not value:
        return None
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise TypeError(f"not a (chat, message) pair: {value!r}")
    return (int(number(value[0])), int(number(value[1])))


def opt_float(value: object) -> float | None:
    return None if value is None else float(number(value))


def opt_int(value: object) -> int | None:
    return None if value is None else int(number(value))
