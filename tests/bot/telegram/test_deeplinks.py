"""Invite codes: unguessable, payload-safe, parsed strictly."""

from __future__ import annotations

import re

import pytest

from bot.wire.deeplinks import (
    group_link,
    is_code,
    join_link,
    new_code,
    parse_payload,
    payload,
)


def test_codes_are_payload_safe_and_distinct() -> None:
    codes = {new_code() for _ in range(2000)}
    assert len(codes) == 2000
    for code in codes:
        p = payload(code)
        assert re.fullmatch(r"[A-Za-z0-9_-]{1,64}", p)
        assert parse_payload(p) == code


def test_codes_carry_enough_randomness() -> None:
    # 16 URL-safe characters = 96 random bits; every position varies across codes
    codes = [new_code() for _ in range(300)]
    for i in range(16):
        assert len({c[i] for c in codes}) > 20


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "j",
        "jshort",
        "x" + "A" * 16,
        "j" + "A" * 15,
        "j" + "A" * 17,
        "j" + "A" * 15 + "!",
        "j" + "A" * 15 + " ",
    ],
)
def test_malformed_payloads_are_not_invites(text: str | None) -> None:
    assert parse_payload(text) is None


def test_links() -> None:
    code = new_code()
    assert join_link("cardbot", code) == f"https://t.me/cardbot?start=j{code}"
    assert group_link("cardbot", code) == f"https://t.me/cardbot?startgroup=j{code}"
    with pytest.raises(ValueError):
        payload("bad code")
    assert is_code(code) and not is_code(code + "x")
