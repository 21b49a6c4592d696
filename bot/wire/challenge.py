"""The buttons of a challenge posted through inline mode (`m:ic:<game>:<lang>:<user>:<act>:<sig>`).

No game exists when the challenge is posted (the bot learns of the inline message only when
someone taps it), so its buttons carry who challenged (their user id), the game and the language
of the message, signed with a key derived from the bot's token: a forged button (another
user's id, another game) fails the signature and is refused like any stale button. `act` is
`j` (join: play the challenger) or `a` (the challenger plays the computer).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

from bot.wire.callbacks import menu_data

PREFIX = "ic"
ACTS = ("j", "a")
_SIG_BYTES = 6  # 48 bits, 8 characters: a forgery would need 2^47 tries on average
_PARTS = re.compile(
    r"ic:([a-z][a-z0-9_]{0,15}):([a-z]{2}):([1-9][0-9]{0,15}):([ja]):([A-Za-z0-9_-]{8})"
)


@dataclass(frozen=True, slots=True)
class Challenge:
    kind: str
    lang: str
    user_id: int  # who challenged
    act: str  # "j" (join) or "a" (against the computer)


def _sig(secret: bytes, kind: str, lang: str, user_id: int) -> str:
    mac = hmac.new(secret, f"{kind}:{lang}:{user_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:_SIG_BYTES]).decode()


def key_of(token: str) -> bytes:
    """The signing key: derived from the bot's token (never the token itself)."""
    return hashlib.sha256(b"inline-challenge:" + token.encode()).digest()


def challenge_data(secret: bytes, kind: str, lang: str, user_id: int, act: str) -> str:
    if act not in ACTS:
        raise ValueError(f"unknown challenge action: {act!r}")
    sig = _sig(secret, kind, lang, user_id)
    return menu_data(f"{PREFIX}:{kind}:{lang}:{user_id}:{act}:{sig}")


def parse(secret: bytes, action: str) -> Challenge | None:
    """The challenge a menu action names, or None when malformed or not signed by this bot."""
    m = _PARTS.fullmatch(action)
    if m is None:
        return None
    kind, lang, user, act, sig = m.groups()
    if not hmac.compare_digest(sig, _sig(secret, kind, lang, int(user))):
        return None
    return Challenge(kind, lang, int(user), act)


def is_challenge(action: str) -> bool:
    """A menu action shaped as a challenge's button (signature not checked)."""
    return action.startswith(PREFIX + ":")
