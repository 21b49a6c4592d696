"""The toy Ladder's board (`GameSpec.screens` of `ladder`): `render(view, ctx: SoloCtx)`. Only
reads a rules view and the context.

🪜 Ladder
♠ A 2 · ·
♥ A · · ·
♦ · · · ·
♣ A 2 3 ·
Stock 5 · waste 3 · pass 1 of 3
Waste: 2♦

Buttons: turn a card (`d`), the waste's card home (`h`), turn the waste over (`r`), then the
hint, undo, give up and the menu that every solitaire has.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.render.common import (
    button,
    confirm_rows,
    control_rows,
    esc,
    face,
    finished_rows,
    markup,
    rank_face,
    result_lines,
)
from bot.render.events import bot_part
from bot.render.screen import Screen, SoloCtx
from bot.wire.keyboard import Button

SUITS = "SHDC"
SYMBOLS = "♠♥♦♣"
RANKS = "A23456"
HINTED = "⭐"
MOVES = (("h", "ladder-btn-climb"), ("d", "ladder-btn-turn"), ("r", "ladder-btn-restock"))


def ladders(view: dict[str, Any], ctx: SoloCtx) -> list[str]:
    """A line per suit: the rungs climbed by rank, the rest as dots."""
    ranks = view["cards"] // len(SUITS)
    return [
        f"{symbol} "
        + " ".join(rank_face(r, ctx._) if i < climbed else "·" for i, r in enumerate(RANKS[:ranks]))
        for symbol, climbed in zip(SYMBOLS, view["home"], strict=True)
    ]


def event_line(events: Sequence[Any], ctx: SoloCtx) -> str:
    """What the last move did (the bot's `undo` included); nothing for the end."""
    parts = []
    for ev in events:
        if ev.get("e") in ("turn", "climb"):
            parts.append(ctx.t(f"ladder-ev-{ev['e']}", card=face(ev["card"], ctx._)))
        elif ev.get("e") == "restock":
            parts.append(ctx.t("ladder-ev-restock", pass_no=ev["pass"]))
        elif (said := bot_part(ev, ctx._)) is not None:  # the bot's: undo, the way back
            parts.append(said)
    return " · ".join(parts)


def board_text(view: dict[str, Any], ctx: SoloCtx) -> str:
    lines = ladders(view, ctx)
    lines.append(
        ctx.t(
            "ladder-counts",
            stock=view["stock"],
            waste=view["waste"],
            pass_no=view["pass"],
            passes=view["passes"],
        )
    )
    top = face(view["top"], ctx._) if view["top"] else "—"
    lines.append(ctx.t("ladder-waste", card=top))
    return "\n".join(lines)


def describe(move: str, view: dict[str, Any], ctx: SoloCtx) -> str:
    """A move as the hint names it."""
    if move == "h":
        return ctx.t("ladder-hint-climb", card=face(view["top"] or "", ctx._))
    return ctx.t("ladder-hint-turn" if move == "d" else "ladder-hint-restock")


def keyboard(view: dict[str, Any], ctx: SoloCtx) -> list[list[Button]]:
    row = []
    for move, key in MOVES:
        if move in ctx.moves:
            mark = HINTED if ctx.hint == move else ""
            card = face(view["top"], ctx._) if view["top"] else ""
            row.append(button(mark + ctx.t(key, card=card), ctx.move(move)))
    return [row, *control_rows(ctx)]


def render(view: dict[str, Any], ctx: SoloCtx) -> Screen:
    status = view["status"]
    parts = [f"<b>{esc(ctx.t('ladder-title'))}</b>", f"<pre>{esc(board_text(view, ctx))}</pre>"]
    line = event_line(ctx.events, ctx)
    if line:
        parts.append(f"<i>{esc(line)}</i>")
    if status["over"]:
        home = status["scores"][0]
        parts.append("\n".join(result_lines(ctx, status, "ladder-result", home, view["cards"])))
        return Screen("\n".join(parts), markup(finished_rows(ctx, view["game"])))
    if ctx.confirm == "resign":
        parts.append(ctx.t("confirm-resign"))
        return Screen("\n".join(parts), markup(confirm_rows(ctx, "btn-yes-resign", "resign")))
    if ctx.hint:
        parts.append(ctx.t("hint-line", move=describe(ctx.hint, view, ctx)))
    return Screen("\n".join(parts), markup(keyboard(view, ctx)))
