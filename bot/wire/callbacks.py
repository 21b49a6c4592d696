"""Callback data: `<gid>:<version>:<action>` for game buttons, `m:<action>` for menu buttons.

Checked when built (≤ 64 bytes, allowed characters only; ValueError otherwise) and parsed
strictly (a regex over the whole string), so a forged or truncated payload parses to None.
A game action is a rules move string (`QS>JS`, `d`, `b>L1`, `KS@24`, `7H`) or a UI action
starting with `~`, a character no move uses (`~pick:QS`, `~hint`, `~undo`, `~new`, ...).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

MAX_BYTES = 64
UI = "~"  # prefix of UI actions (never a rules move)
MENU = "m"

_ACTION = r"[A-Za-z0-9~>@_.,:+\-=!]{1,48}"
_GAME_RE = re.compile(rf"([A-Za-z0-9]{{6,16}}):(0|[1-9][0-9]{{0,8}}):({_ACTION})")
_MENU_RE = re.compile(rf"{MENU}:({_ACTION})")
_ACTION_RE = re.compile(_ACTION)
_GAME_ID_RE = re.compile(r"[A-Za-z0-9]{6,16}")


def is_game_id(text: str) -> bool:
    """A well-formed game id (what `<gid>` in callback data may be)."""
    return _GAME_ID_RE.fullmatch(text) is not None


@dataclass(frozen=True)
class GameCallback:
    game_id: str
    version: int
    action: str

    @property
    def is_ui(self) -> bool:
        return self.action.startswith(UI)

    def ui(self) -> tuple[str, str]:
        """`~pick:QS` → ("pick", "QS"); `~hint` → ("hint", "")."""
        name, _, arg = self.action[len(UI) :].partition(":")
        return name, arg

    def pack(self) -> str:
        return game_data(self.game_id, self.version, self.action)


@dataclass(frozen=True)
class MenuCallback:
    action: str

    def parts(self) -> list[str]:
        return self.action.split(":")

    def pack(self) -> str:
        return menu_data(self.action)


def _check(data: str) -> str:
    if len(data.encode()) > MAX_BYTES:
        raise ValueError(f"callback data longer than {MAX_BYTES} bytes: {data!r}")
    return data


def game_data(game_id: str, version: int, action: str) -> str:
    """Build `<gid>:<version>:<action>`; ValueError when malformed or over 64 bytes."""
    data = f"{game_id}:{version}:{action}"
    if not _GAME_RE.fullmatch(data):
        raise ValueError(f"malformed game callback data: {data!r}")
    return _check(data)


def game_prefix(game_id: str, version: int) -> str:
    """`<gid>:<version>:`, checked once, for the many buttons of one board (`with_action`)."""
    return game_data(game_id, version, UI)[: -len(UI)]


def with_action(prefix: str, action: str) -> str:
    """`prefix` (from game_prefix) + `action`, checked like game_data; ValueError otherwise."""
    size = _action_size(action)
    if size < 0 or len(prefix) + size > MAX_BYTES:
        raise ValueError(f"malformed game callback data: {prefix + action!r}")
    return prefix + action


@lru_cache(maxsize=4096)
def _action_size(action: str) -> int:
    """The action's size in bytes, -1 when it is not a valid action (moves repeat: cached)."""
    return len(action.encode()) if _ACTION_RE.fullmatch(action) else -1


def ui_action(name: str, arg: str = "") -> str:
    action = f"{UI}{name}:{arg}" if arg else f"{UI}{name}"
    if _action_size(action) < 0:
        raise ValueError(f"malformed UI action: {action!r}")
    return action


def menu_data(action: str) -> str:
    """Build `m:<action>` for buttons not tied to a game (`m:<game>`, `m:lang:en`)."""
    data = f"{MENU}:{action}"
    if not _MENU_RE.fullmatch(data):
        raise ValueError(f"malformed menu callback data: {data!r}")
    return _check(data)


def parse(data: str | None) -> GameCallback | MenuCallback | None:
    """The callback, or None for anything malformed (forged, truncated, unknown)."""
    if not data or len(data.encode()) > MAX_BYTES:
        return None
    m = _GAME_RE.fullmatch(data)
    if m:
        return GameCallback(m.group(1), int(m.group(2)), m.group(3))
    m = _MENU_RE.fullmatch(data)
    if m:
        return MenuCallback(m.group(1))
    return None


def version_shown(buttons: Iterable[str | None], game_id: str) -> int | None:
    """The version of `game_id` a message's buttons (their callback data) were made for: the
    board it shows. None when no button is that game's."""
    for data in buttons:
        cb = parse(data)
        if isinstance(cb, GameCallback) and cb.game_id == game_id:
            return cb.version
    return None
