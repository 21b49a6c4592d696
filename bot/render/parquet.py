"""Parquet screen: one public group message (everything in Parquet is public).

While the game goes on the keyboard is the 5×7 board (columns a–g, rows 1–5; tap a cell), so
the text does not draw it again: it holds both hands, the last events and whose turn it is. The
mover's hand is under the board, one button per rank that has a legal cell (the two cards of a
rank and colour play alike under Parquet's rules): at most nine, on two rows. The mover taps a
card, then one of the marked cells (✅ and the cell's name, `✅d2`: the prompt and a toast name
them, and the grid has no letters or numbers of its own; a card with one cell shows where it
will go). Where the board is the mover's own (a private chat) a picked card marks its own cells
only; in a group the board is not edited for a pick (`half_move`: a toast names the card's
cells, which the names on the grid find). When no card from hand fits, the mover's own cards
that can move are marked on the board instead (🔄, and named by the prompt): tap the card, then
its new cell. A marked cell is green; a cell nothing can go to now, and no card on it move, is
disabled (a tap there only said "pick a card first" or "not your turn"); Resign is red.

A finished game has no board keyboard: its text shows the final board in <pre> (30 columns):
every card takes three (a ten is one letter, `pq-board-ten`, said under the board) and a blank
column parts it from its neighbour.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.events import Event
from bot.i18n import Translator
from bot.render.common import (
    ENDED_EARLY,
    cell,
    esc,
    face,
    private_end_keyboard,
    sorted_hand,
)
from bot.render.parquet_events import COLUMNS, cell_name, event_lines, side
from bot.render.screen import Screen, TableCtx
from bot.wire.callbacks import game_data, ui_action
from bot.wire.keyboard import DANGER, SUCCESS, Button, Keyboard
from rules.cards import RANKS
from rules.notation import all_targets, move_sources
from rules.notation import move_targets as targets
from rules.notation import pick_sources as sources
from rules.parquet_view import ParquetView

ROWS, COLS = 5, 7
COL_NAMES = COLUMNS
CENTRE = "34"
MARK = "✅"
CELL = 4  # a card is three columns (rank, suit drawn as a two-column emoji) and a blank
HAND_ROW = 5  # hand buttons a row: nine ranks at most, so two rows


def board_text(
    board: Sequence[Sequence[str | None]], _: Translator, marked: set[str] | None = None
) -> str:
    """The board in 30 monospace columns (`*` marks `marked` empty cells); a ten is one letter
    (`pq-board-ten`), so no card runs into its neighbour."""
    marked = marked or set()
    ten = _("pq-board-ten")
    lines = ["  " + "".join(cell(c, CELL) for c in COL_NAMES)]
    for r in range(ROWS):
        row = [str(r + 1) + " "]
        for c in range(COLS):
            code = board[r][c]
            place = f"{r + 1}{c + 1}"
            if code:
                s = ten + face(code, _)[-1] if code[0] == "T" else face(code, _)
            elif place in marked:
                s = "*"
            elif place == CENTRE:
                s = "+"
            else:
                s = "·"
            row.append(cell(s, CELL))
        lines.append("".join(row))
    return "\n".join(lines)


def result_line(view: ParquetView, names: Sequence[str], why: str | None, _: Translator) -> str:
    st = view["status"]
    winners = st["winners"]
    if len(winners) != 1:
        return _("pq-result-draw")
    w = winners[0]
    loser = 1 - w
    win = side(view, w) + " " + esc(names[w])
    lose = side(view, loser) + " " + esc(names[loser])
    left = view["hands"][loser]
    reason = why or view.get("why") or ""
    if reason == "full":
        text = _("pq-why-full", loser=lose, card=face(left[0], _) if left else "?")
    elif reason == "double_pass":
        text = _("pq-why-double-pass")
    elif reason == "repetition":
        text = _("pq-why-repetition")
    elif reason == "timeout":
        text = _("pq-why-timeout", loser=lose)
    else:
        text = _("pq-why-resign", loser=lose)
    return _("pq-result", winner=win) + "\n" + text


def _on_board(view: ParquetView, place: str, _: Translator) -> str:
    """A board cell's card with the cell's name: `K♠ d2`."""
    code = view["board"][int(place[0]) - 1][int(place[1]) - 1]
    return (face(code, _) + " " if code else "") + cell_name(place)


def turn_line(
    view: ParquetView, who: str, pick: str | None, legal: Sequence[str], _: Translator
) -> str:
    """What the mover does next, naming the cards and cells the keyboard marks."""
    if pick:
        cells = ", ".join(sorted((cell_name(c) for c in targets(legal, pick)), key=_cell_order))
        if pick.isdigit():
            return _("pq-turn-picked-move", name=who, card=_on_board(view, pick, _), cells=cells)
        return _("pq-turn-picked", name=who, card=face(pick, _), cells=cells)
    if view.get("must_relocate"):
        movable = sorted(sources(legal)[1])
        shown = ", ".join(_on_board(view, c, _) for c in movable)
        return _("pq-turn-relocate", name=who, cards=shown)
    return _("pq-turn", name=who)


def _cell_order(name: str) -> tuple[str, str]:
    return name[1], name[0]  # by row, then column: b2, c2, e4


def text(
    view: ParquetView,
    names: Sequence[str],
    events: Sequence[Event],
    pick: str | None,
    legal: Sequence[str],
    _: Translator,
    *,
    why: str | None = None,
    deadline_s: int | None = None,
    computers: Sequence[int] = (),
    viewer: int | None = None,
) -> str:
    st = view["status"]
    header = _(
        "pq-title-cross" if view["phase"] == "cross" else "pq-title-corner", n=view["on_board"]
    )
    parts = [header]
    if st["over"] or why in ENDED_EARLY:  # no board keyboard any more: the text shows it
        board = view["board"]
        tens = any(code and code[0] == "T" for row in board for code in row)
        legend = "\n" + _("pq-board-legend") if tens else ""
        parts.append("<pre>" + esc(board_text(board, _)) + "</pre>" + legend)
    hands = []
    for seat in (0, 1):
        hand = sorted_hand(view["hands"][seat])
        hands.append(
            f"{side(view, seat)} <b>{esc(names[seat])}</b> ({len(hand)}): "
            + (" ".join(face(c, _) for c in hand) or "—")
        )
    parts.append("\n".join(hands))
    ev = event_lines(events, names, view, _)
    if ev:
        parts.append("\n".join(ev))
    if st["over"]:
        parts.append(result_line(view, names, why, _))
    elif why in ENDED_EARLY:
        parts.append(_(f"grp-{why}"))
    elif view["turn"] is not None:
        turn = view["turn"]
        who = side(view, turn) + " " + esc(names[turn])
        if turn in computers:
            parts.append(_("grp-ai-thinking", name=who))
        elif viewer is not None and turn != viewer:  # a match's own board, the other's turn
            parts.append(_("grp-waiting-for", name=who))
        else:
            parts.append(turn_line(view, who, pick, legal, _))
        if deadline_s:
            parts.append(_("grp-turn-deadline", s=deadline_s))
    return "\n\n".join(parts)


def hand_buttons(
    hand: Sequence[str], playable: set[str], pick: str | None, _: Translator
) -> list[tuple[str, str]]:
    """(label, action) for each rank of the hand that has a legal cell, in rank order: the
    picked card (tap again to put it back), else the rank's first playable card."""
    out: list[tuple[str, str]] = []
    for rank in RANKS:
        mine = [c for c in sorted_hand(hand) if c[0] == rank]
        if pick in mine:
            out.append((f"[{face(pick, _)}]", ui_action("unpick")))
            continue
        first = next((c for c in mine if c in playable), None)
        if first is not None:
            out.append((face(first, _), ui_action("pick", first)))
    return out


def _two_rows(buttons: list[Button]) -> list[list[Button]]:
    if len(buttons) <= HAND_ROW:
        return [buttons] if buttons else []
    half = (len(buttons) + 1) // 2
    return [buttons[:half], buttons[half:]]


def keyboard(
    view: ParquetView,
    gid: str,
    version: int,
    pick: str | None,
    legal: Sequence[str],
    _: Translator,
    computers: Sequence[int] = (),
) -> Keyboard:
    st = view["status"]
    if st["over"]:
        return rematch_keyboard(gid, version, _)
    turn = view["turn"]
    if turn in computers:  # nothing to pick while the computer moves
        turn, legal = None, ()
    can_place, can_move = sources(legal)
    dests = targets(legal, pick)
    # before a pick every cell something fits is marked: tapped first, it says what fits there
    open_cells = all_targets(legal) if pick is None else set()
    rows: list[list[Button]] = []
    for r in range(ROWS):
        row = []
        for c in range(COLS):
            place = f"{r + 1}{c + 1}"
            code = view["board"][r][c]
            if place in dests:
                label, action = MARK + cell_name(place), dests[place]
            elif not code and place in open_cells:
                label, action = MARK + cell_name(place), ui_action("to", place)
            elif code and pick is None and place in can_move:
                label, action = "🔄" + face(code, _), ui_action("pick", place)
            elif code and pick == place:
                label, action = "👉" + face(code, _), ui_action("unpick")
            else:
                label = face(code, _) if code else ("+" if place == CENTRE else "·")
                row.append(Button(text=label, disabled=True))
                continue
            style = SUCCESS if label.startswith(MARK) else None
            data = game_data(gid, version, action)
            row.append(Button(text=label, callback_data=data, style=style))
        rows.append(row)
    if turn is not None:
        hand = hand_buttons(view["hands"][turn], can_place, pick, _)
        rows += _two_rows(
            [Button(text=t, callback_data=game_data(gid, version, a)) for t, a in hand]
        )
    rows.append(
        [
            Button(
                text=_("grp-btn-resign"),
                callback_data=game_data(gid, version, ui_action("resign")),
                style=DANGER,
            )
        ]
    )
    return Keyboard(rows)


def rematch_keyboard(gid: str, version: int, _: Translator) -> Keyboard:
    again = game_data(gid, version, ui_action("rematch"))
    return Keyboard([[Button(text=_("grp-btn-rematch"), callback_data=again)]])


def render(view: ParquetView, ctx: TableCtx) -> Screen:
    """The one public message: hands, events, whose turn; the keyboard is the board (the text
    shows the board once the game is over)."""
    _ = ctx._
    body = text(
        view,
        ctx.names,
        ctx.events,
        ctx.pick,
        ctx.legal,
        _,
        why=ctx.why,
        deadline_s=ctx.deadline_s,
        computers=ctx.computers,
        viewer=ctx.seat if ctx.match else None,
    )
    over = view["status"]["over"] or ctx.why in ENDED_EARLY
    if over and ctx.private:
        return Screen(body, private_end_keyboard(ctx))
    if over:
        return Screen(body, rematch_keyboard(ctx.game_id, ctx.version, _) if ctx.rematch else None)
    # a player's own copy of a match's board offers nothing to pick on the other's turn, nor
    # shows the other's pick
    idle, pick = ctx.computers, ctx.pick
    if ctx.match and ctx.seat is not None:
        idle = [s for s in range(len(ctx.names)) if s != ctx.seat]
        pick = pick if view["turn"] == ctx.seat else None
    return Screen(body, keyboard(view, ctx.game_id, ctx.version, pick, ctx.legal, _, idle))


def half_move(
    view: ParquetView, legal: Sequence[str], source: str | None, target: str | None, _: Translator
) -> str:
    """The toast after the first tap of a move in a group (the board is not edited for it):
    a card (or a board card to move) waits for its cell, or a cell for its card."""
    if source is not None and target is None:  # the picked card's own cells, not every ✅
        cells = ", ".join(sorted((cell_name(c) for c in targets(legal, source)), key=_cell_order))
        if source.isdigit():
            return _("pq-half-move", card=_on_board(view, source, _), cells=cells)
        return _("pq-half-card", card=face(source, _), cells=cells)
    fits = move_sources(legal, target)
    hand = [face(c, _) for c in sorted_hand([s for s in fits if not s.isdigit()])]
    cards = ", ".join(hand + [_on_board(view, s, _) for s in sorted(fits) if s.isdigit()])
    if source is None:
        return _("pq-half-cell", cards=cards, n=len(fits))
    mover = _on_board(view, source, _) if source.isdigit() else face(source, _)
    return _("pq-half-miss", card=mover, cards=cards, n=len(fits))
