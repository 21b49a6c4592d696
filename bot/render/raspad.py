"""Raspad board: the table line (each card over the values that beat it), the hand, the counts.

Кон 3 · колода 28 · отбой 14
    В♠    8♥    ··    2♦
→   5♣    Д♥
    11   7-8         1-2
     5    12
Рука: Д♠ 7♣ 5♦ Т♥ 10♥ 🃏🔴

Cells are six columns (a card is at most four, a range such as `11-13` five): a line of up to
five cards is one row of 30 columns; a longer one goes four to a row (24 columns, 26 with the
wrap mark): a row that goes on ends with `→` and the next one starts with it, so the last card
of a row and the first of the next read as the neighbours they are. Every line stays within
BOARD_COLUMNS (30). A picked card of the hand is marked `▸` in the blank before it, so a pick
moves no card. Under the board one line says what the numbers are.
"""

from __future__ import annotations

from bot.render.common import (
    button,
    card,
    card_namer,
    cell,
    confirm_rows,
    control_rows,
    esc,
    finished_rows,
    markup,
    result_lines,
    rows_of,
    wrap,
)
from bot.render.raspad_events import event_line
from bot.render.screen import Screen, SoloCtx
from bot.wire.keyboard import SUCCESS, Button
from rules.raspad_view import RaspadView

CONFIRMS = ("fail",)  # moves the board asks to confirm first (`bot.games.screens.confirms`)
CELL = 6
ONE_ROW = 5  # a line of up to 5 cards: one row, 5 × 6 = 30 columns
PER_ROW = 4  # a longer line: 4 × 6 = 24 columns a row, and " →" when it goes on
WRAP = "→"
BOARD_COLUMNS = 30
PICK_MARK = "▸"  # one column (not ▶, which phones draw as a two-column emoji)


def targets_of(moves: list[str], hand_card: str) -> list[str]:
    return [m[3:] for m in moves if len(m) == 5 and m[2] == ">" and m[:2] == hand_card]


def _range_text(rng: list[int] | None, code: str | None) -> str:
    if code is None or rng is None:
        return ""
    low, high = rng
    return str(high) if low == high else f"{max(low, 1)}-{high}"


def _row(texts: list[str], first: bool, last: bool) -> str:
    line = "".join(cell(x, CELL) for x in texts)
    if not first:  # a cell's first column is always blank: the mark takes it
        line = WRAP + line[1:]
    return line if last else line + " " + WRAP


def board_text(view: RaspadView, ctx: SoloCtx) -> str:
    name = card_namer(ctx._)
    table: list[str | None] = view["table"]
    ranges: list[list[int] | None] = view.get("ranges") or [None] * len(table)
    marked = set(targets_of(ctx.moves, ctx.pick)) if ctx.pick else set()
    lines = [
        ctx.t("raspad-head", kon=view.get("kon", 1), stock=view["stock"], discard=view["discard"])
    ]
    if not table:
        lines.append(ctx.t("raspad-table-empty"))
    per_row = ONE_ROW if len(table) <= ONE_ROW else PER_ROW
    for start in range(0, len(table), per_row):
        chunk = list(range(start, min(start + per_row, len(table))))
        first, last = start == 0, chunk[-1] == len(table) - 1
        lines.append(_row([name(table[i]) for i in chunk], first, last))
        lines.append("".join(cell(_range_text(ranges[i], table[i]), CELL) for i in chunk))
        if any(table[i] in marked for i in chunk):
            lines.append(
                "".join(cell("↑" if table[i] in marked else "", CELL - 1) + " " for i in chunk)
            )
    prefix = ctx.t("raspad-hand", cards="")
    hand = [name(c) for c in view["hand"]]
    picked = name(ctx.pick) if ctx.pick in view["hand"] else None
    lines.append(hand_lines(prefix, hand, picked) if hand else prefix + "—")
    return "\n".join(line.rstrip() for line in lines)


def hand_lines(prefix: str, hand: list[str], picked: str | None) -> str:
    """The hand, wrapped as if nothing were picked; the picked card's mark (`▸`, as Kosa marks a
    picked place) takes the blank before it (`Рука: Д♠ 7♣▸5♦`), so a pick moves no card, not
    even to another line."""
    laid = wrap(prefix, hand, BOARD_COLUMNS)
    if picked is None:
        return laid
    lines = laid.split("\n")
    for i, line in enumerate(lines):
        tokens = line.split(" ")
        if picked in tokens[1:]:
            j = tokens.index(picked, 1)
            lines[i] = " ".join(tokens[:j]) + PICK_MARK + " ".join(tokens[j:])
    return "\n".join(lines)


def render(view: RaspadView, ctx: SoloCtx) -> Screen:
    status = view["status"]
    parts = [f"<b>{esc(ctx.t('title-raspad'))}</b>", f"<pre>{esc(board_text(view, ctx))}</pre>"]
    if not status["over"] and any(view["table"]):  # what the numbers under the cards are
        parts.append(ctx.t("raspad-legend"))
    line = event_line(ctx.lang, ctx.events)
    if line:
        parts.append(f"<i>{esc(line)}</i>")
    if status["over"]:
        live = sum(1 for c in view["table"] if c is not None)
        score = view["stock"] + len(view["hand"]) + live
        key = "result-raspad-left" if status["result"] != "won" else "result-raspad-won"
        parts.append("\n".join(result_lines(ctx, status, key, score)))
        return Screen("\n".join(parts), markup(finished_rows(ctx, "raspad")))
    if ctx.confirm == "fail":
        parts.append(ctx.t("confirm-fail"))
        return Screen("\n".join(parts), markup(confirm_rows(ctx, "btn-yes-fail", "fail")))
    if ctx.confirm == "resign":
        parts.append(ctx.t("confirm-resign"))
        return Screen("\n".join(parts), markup(confirm_rows(ctx, "btn-yes-resign", "resign")))
    if ctx.hint:
        parts.append(ctx.t("hint-line", move=describe(ctx.hint, ctx)))
    return Screen("\n".join(parts), markup(keyboard(view, ctx)))


def describe(move: str, ctx: SoloCtx) -> str:
    if move == "close":
        return ctx.t("raspad-close-hint")
    if move == "fail":
        return ctx.t("raspad-fail-hint")
    _ = ctx._
    return ctx.t("raspad-beat-hint", card=card(move[:2], _), target=card(move[3:], _))


def keyboard(view: RaspadView, ctx: SoloCtx) -> list[list[Button]]:
    """A hand card beats with one tap (one target) or is picked (several); one that beats
    nothing now is disabled. The hint's move is starred and green."""
    name = card_namer(ctx._)
    rows: list[list[Button]] = []
    star = "⭐"
    hand_buttons = []
    for c in view["hand"]:
        targets = targets_of(ctx.moves, c)
        hinted = ctx.hint is not None and ctx.hint[:2] == c and ctx.hint[2:3] == ">"
        mark = star if hinted else ""
        style = SUCCESS if hinted else None
        if c == ctx.pick:
            hand_buttons.append(button(f"✋{name(c)}", ctx.ui("back")))
        elif not targets:
            hand_buttons.append(Button(f"·{name(c)}", disabled=True))
        elif len(targets) == 1:
            data = ctx.move(f"{c}>{targets[0]}")
            hand_buttons.append(Button(f"{mark}{name(c)}→{name(targets[0])}", data, style=style))
        else:
            hand_buttons.append(Button(f"{mark}{name(c)} ▸", ctx.ui("pick", c), style=style))
    rows += rows_of(hand_buttons, 3)
    if ctx.pick:
        target_buttons = []
        for tc in targets_of(ctx.moves, ctx.pick):
            hinted = ctx.hint == f"{ctx.pick}>{tc}"
            style = SUCCESS if hinted else None
            label = f"{star if hinted else '🎯'} {name(tc)}"
            target_buttons.append(Button(label, ctx.move(f"{ctx.pick}>{tc}"), style=style))
        rows += rows_of(target_buttons, 4)
        rows.append([button(ctx.t("btn-cancel"), ctx.ui("back"))])
    kon_row = []
    for move, key, data in (
        ("close", "btn-close", ctx.move("close")),
        ("fail", "btn-fail", ctx.ui("ask", "fail")),
    ):
        if move in ctx.moves:
            hinted = ctx.hint == move
            label = (star if hinted else "") + ctx.t(key)
            kon_row.append(Button(label, data, style=SUCCESS if hinted else None))
    rows.append(kon_row)
    rows += control_rows(ctx)
    return rows
