"""Kosa board: the homes (foundations), the braid's playable end, the 12 spots in two columns,
stock/waste.

База 9 · проход 1
Дома   9♠   В♥   9♦   ··
       ··   ··   ··   ··
Коса 17: 8♦ ‹ 2♥ ‹ 7♣
 Л1  Д♠ ×3    П1  5♥
...
Колода 45 · сброс 7♣ ×12
"""

from __future__ import annotations

from bot.render.common import (
    Namer,
    button,
    card,
    card_namer,
    cell,
    confirm_rows,
    control_rows,
    esc,
    finished_rows,
    markup,
    rank_face,
    result_lines,
    rows_of,
)
from bot.render.kosa_events import event_line, spot_name
from bot.render.screen import Screen, SoloCtx
from bot.wire.keyboard import SUCCESS, Button
from rules.kosa_view import KosaView

CONFIRMS = ("r",)  # a redeal that loses: asked first (`bot.games.screens.confirms`)
LEFT = ("L1", "L2", "L3", "L4", "L5", "L6")
RIGHT = ("R1", "R2", "R3", "R4", "R5", "R6")
FULL = 13


def split(move: str) -> tuple[str, str] | None:
    if ">" not in move:
        return None
    src, dst = move.split(">", 1)
    return src, dst


def place_card(view: KosaView, place: str) -> str | None:
    if place == "b":
        return view["braid"][-1] if view["braid"] else None
    if place == "w":
        return view["waste"][-1] if view["waste"] else None
    if place.startswith("F"):
        pile = view["foundations"][int(place[1:]) - 1]
        return pile[-1] if pile else None
    pile = view["spots"].get(place) or []
    return pile[-1] if pile else None


def place_name(ctx: SoloCtx, place: str) -> str:
    if place == "b":
        return ctx.t("kosa-braid-short")
    if place == "w":
        return ctx.t("kosa-waste-short")
    if place == "s":
        return ctx.t("kosa-stock-short")
    if place.startswith("F"):
        return ctx.t("kosa-found-short", n=int(place[1:]))
    return spot_name(place, ctx._)


def _spot_cell(view: KosaView, spot: str, pick: str | None, name: Namer, label: str) -> str:
    pile = view["spots"][spot]
    top = name(pile[-1]) if pile else "··"
    count = f"×{len(pile)}" if len(pile) > 1 else ""
    mark = "▸" if spot == pick else " "
    return f"{mark}{label} {cell(top, 4)} {count:<3}"


def board_text(view: KosaView, ctx: SoloCtx) -> str:
    _ = ctx._
    name = card_namer(_)
    base = rank_face(view["base"], _)
    passes = view.get("max_passes")
    if passes:
        lines = [ctx.t("kosa-head-limited", base=base, pass_no=view["pass"], passes=passes)]
    else:
        lines = [ctx.t("kosa-head", base=base, pass_no=view["pass"])]
    tops = []
    for pile in view["foundations"]:
        if len(pile) >= FULL:
            tops.append("✔")
        else:
            tops.append(name(pile[-1]) if pile else "··")
    label = ctx.t("kosa-found")
    pad = " " * len(label)
    lines.append(label + "".join(cell(x, 5) for x in tops[:4]))
    lines.append(pad + "".join(cell(x, 5) for x in tops[4:]))
    braid = view["braid"]
    if braid:
        shown = " ‹ ".join(name(c) for c in reversed(braid[-3:]))
        mark = "▸" if ctx.pick == "b" else ""
        lines.append(ctx.t("kosa-braid", n=len(braid), cards=mark + shown))
    else:
        lines.append(ctx.t("kosa-braid-empty"))
    for left, right in zip(LEFT, RIGHT, strict=True):
        pair = (
            _spot_cell(view, spot, ctx.pick, name, spot_name(spot, _)) for spot in (left, right)
        )
        lines.append("  ".join(pair).rstrip())
    waste = view["waste"]
    waste_text = (
        (name(waste[-1]) + (f" ×{len(waste)}" if len(waste) > 1 else "")) if waste else "··"
    )
    mark = "▸" if ctx.pick == "w" else ""
    lines.append(ctx.t("kosa-stock", stock=view["stock"], waste=mark + waste_text))
    return "\n".join(lines)


def render(view: KosaView, ctx: SoloCtx) -> Screen:
    status = view["status"]
    title = ctx.t("title-kosa")
    parts = [f"<b>{esc(title)}</b>", f"<pre>{esc(board_text(view, ctx))}</pre>"]
    line = event_line(ctx.lang, ctx.events)
    if line:
        parts.append(f"<i>{esc(line)}</i>")
    if status["over"]:
        score = sum(len(p) for p in view["foundations"])
        parts.append("\n".join(result_lines(ctx, status, "result-kosa-found", score, 104)))
        return Screen("\n".join(parts), markup(finished_rows(ctx, "kosa")))
    if ctx.confirm == "r":
        parts.append(ctx.t("confirm-redeal-loses"))
        return Screen("\n".join(parts), markup(confirm_rows(ctx, "btn-yes-redeal", "r")))
    if ctx.confirm == "resign":
        parts.append(ctx.t("confirm-resign"))
        return Screen("\n".join(parts), markup(confirm_rows(ctx, "btn-yes-resign", "resign")))
    if view.get("awaiting_fill"):
        spots = ", ".join(spot_name(s, ctx._) for s in view["awaiting_fill"])
        parts.append(ctx.t("kosa-fill-prompt", spots=spots))
    elif view.get("redeal_loses") and "r" in ctx.moves and not view["stock"]:
        parts.append(ctx.t("kosa-redeal-warning"))
    if ctx.hint:
        parts.append(ctx.t("hint-line", move=describe(ctx.hint, view, ctx)))
    return Screen("\n".join(parts), markup(keyboard(view, ctx)))


def describe(move: str, view: KosaView, ctx: SoloCtx) -> str:
    if move == "d":
        return ctx.t("kosa-draw-hint")
    if move == "r":
        return ctx.t("kosa-redeal-hint")
    parts = split(move)
    if parts is None:
        return move
    src, dst = parts
    c = place_card(view, src)
    return ctx.t(
        "kosa-move-hint",
        card=card(c, ctx._) if c else place_name(ctx, src),
        target=place_name(ctx, dst),
    )


SOURCE_TAG = {"b": "🪢", "w": "♻"}


def source_label(view: KosaView, place: str, name: Namer, ctx: SoloCtx) -> str:
    """`🪢10♦` (braid), `♻7♠` (waste), `R2 6♣` (a spot; `П2 6♣` in Russian): the place
    matters, two decks repeat cards."""
    c = name(place_card(view, place))
    return SOURCE_TAG[place] + c if place in SOURCE_TAG else f"{spot_name(place, ctx._)} {c}"


def _target_label(view: KosaView, ctx: SoloCtx, dst: str) -> str:
    top = place_card(view, dst)
    name = place_name(ctx, dst)
    return f"{name} {card(top, ctx._)}" if top and not dst.startswith("F") else name


def keyboard(view: KosaView, ctx: SoloCtx) -> list[list[Button]]:
    name = card_namer(ctx._)
    rows: list[list[Button]] = []
    star = "⭐"
    by_source: dict[str, list[str]] = {}
    other: list[str] = []
    for m in ctx.moves:
        parts = split(m)
        if parts is None:
            other.append(m)
        else:
            by_source.setdefault(parts[0], []).append(parts[1])
    fills = bool(view.get("awaiting_fill"))
    if fills:
        # every legal move is a fill: one button each ("L1 ← braid 8♦")
        buttons = []
        for m in ctx.moves:
            parts = split(m)
            if parts is None:
                continue
            src, dst = parts
            c = place_card(view, src) if src != "s" else None
            what = place_name(ctx, src) + (f" {name(c)}" if c else "")
            hinted = ctx.hint == m
            label = f"{star if hinted else ''}{spot_name(dst, ctx._)} ← {what}"
            buttons.append(Button(label, ctx.move(m), style=SUCCESS if hinted else None))
        rows += rows_of(buttons, 2)
    else:
        order = ["b", "w", *LEFT, *RIGHT]
        buttons = []
        for src in order:
            dsts = by_source.get(src)
            if not dsts:
                continue
            label = source_label(view, src, name, ctx)
            hinted = bool(ctx.hint) and (ctx.hint or "").startswith(src + ">")
            mark = star if hinted else ""
            style = SUCCESS if hinted else None
            if src == ctx.pick:
                buttons.append(button(f"✋{label}", ctx.ui("back")))
            elif len(dsts) == 1:
                text = f"{mark}{label}→{place_name(ctx, dsts[0])}"
                buttons.append(Button(text, ctx.move(f"{src}>{dsts[0]}"), style=style))
            else:
                buttons.append(Button(f"{mark}{label} ▸", ctx.ui("pick", src), style=style))
        rows += rows_of(buttons, 3)
        if ctx.pick and ctx.pick in by_source:
            targets = []
            for dst in by_source[ctx.pick]:
                m = f"{ctx.pick}>{dst}"
                hinted = ctx.hint == m
                text = f"{star if hinted else '🎯'} {_target_label(view, ctx, dst)}"
                targets.append(Button(text, ctx.move(m), style=SUCCESS if hinted else None))
            rows += rows_of(targets, 3)
            rows.append([button(ctx.t("btn-cancel"), ctx.ui("back"))])
    stock_row = []
    redeal = ctx.ui("ask", "r") if view.get("redeal_loses") else ctx.move("r")
    for move, text, data in (
        ("d", ctx.t("btn-draw", n=view["stock"]), ctx.move("d")),
        ("r", ctx.t("btn-redeal"), redeal),
    ):
        if move in other:
            hinted = ctx.hint == move
            label = (star if hinted else "") + text
            stock_row.append(Button(label, data, style=SUCCESS if hinted else None))
    rows.append(stock_row)
    rows += control_rows(ctx)
    return rows
