"""A game's screens: the renderer module its `bot.registry.GameSpec.screens` names, imported on
first use (the registry sits below the renderers and cannot import them)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.registry import spec
from bot.render.screen import Screen

Render = Callable[[Any, Any], Screen]  # (view, ctx) → Screen


@dataclass(frozen=True, slots=True)
class Screens:
    """`board`: the group's board (a solitaire's one board); `private`: a game against the
    computer in a private chat (default: the board); `hand`: a player's own hand (hidden-hand
    games)."""

    board: Render
    private: Render
    hand: Render | None


@cache
def screens(kind: str) -> Screens:
    module = importlib.import_module(spec(kind).screens)
    board: Render = module.render
    return Screens(
        board=board,
        private=getattr(module, "render_private", board),
        hand=getattr(module, "render_hand", None),
    )
