"""A game's screens: the renderer module its `bot.registry.GameSpec.screens` names, imported on
first use (the registry sits below the renderers and cannot import them).

A renderer takes its own game's view type (`render(view: <Game>View, ctx: SoloCtx)`): the
registry pairs a kind with its renderer, so the view handed over here, typed as any game's
(`rules.views.View`), is always the one that renderer reads."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from bot.i18n import Translator
from bot.registry import spec
from bot.render.screen import Screen, SoloCtx, TableCtx
from rules.views import View

SoloRender = Callable[[View, SoloCtx], Screen]  # (view, ctx) → a solitaire's board
TableRender = Callable[[View, TableCtx], Screen]  # (view, ctx) → a table game's screen
# (view, legal moves, source, target, translator) → the toast of a two-tap move's first tap
HalfMove = Callable[[View, Sequence[str], str | None, str | None, Translator], str]


@dataclass(frozen=True, slots=True)
class Screens:
    """A table game's screens. `board`: the group's board; `private`: a game against the
    computer in a private chat (default: the board); `hand`: a player's own hand (hidden-hand
    games); `half_move`: the toast that answers the first tap of a two-tap move in a group."""

    board: TableRender
    private: TableRender
    hand: TableRender | None
    half_move: HalfMove | None


@cache
def screens(kind: str) -> Screens:
    module = importlib.import_module(spec(kind).screens)
    board: TableRender = module.render
    return Screens(
        board=board,
        private=getattr(module, "render_private", board),
        hand=getattr(module, "render_hand", None),
        half_move=getattr(module, "half_move", None),
    )


CONFIRMS = ("resign",)  # the moves every solitaire asks to confirm first


@cache
def confirms(kind: str) -> tuple[str, ...]:
    """The moves a solitaire asks to confirm first (its board shows the question): every
    solitaire's, and those its renderer declares (`CONFIRMS` in its module)."""
    own: tuple[str, ...] = getattr(importlib.import_module(spec(kind).screens), "CONFIRMS", ())
    return (*CONFIRMS, *own)


@cache
def solo_board(kind: str) -> SoloRender:
    """A solitaire's one screen, its board."""
    render: SoloRender = importlib.import_module(spec(kind).screens).render
    return render
