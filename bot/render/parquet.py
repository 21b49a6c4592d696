"""Parquet screen: one public group message (everything in Parquet is public).

The text holds the 5×7 board in <pre> (columns a–g, rows 1–5; 30 columns wide), both hands, the
last events and whose turn it is. The keyboard is the board itself (tap a cell) under the
mover's hand: the mover taps a hand card (cards with a legal cell are marked), then one of the
marked cells. When no card from hand fits, the mover's own cards that can move are marked
instead (a relocation): tap the card on the board, then its new cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from bot.i18n import Translator
from bot.telegram.callbacks import game_data, ui_action
from bot.telegram.keyboard import Button, Keyboard
from rules.cards import RANKS, SUITS, pretty

ROWS, COLS = 5, 7
COL_NAMES = "abcdefg"
CENTRE = "34"
MARK = "✅"


def cell_name(cell: str) -> str:
    """Rules cell `"24"` (row 2, column 4) → `"d2"`."""
    return f"{COL_NAMES[int(cell[1]) - 1]}{cell[0]}"


def _sort_key(card: str) -> tuple[int, int]:
    return SUITS.index(card[1]), RANKS.index(card[0])


def sorted_hand(hand: Sequence[str]) -> list[str]:
    return sorted(hand, key=_sort_key)


def targets(legal: Sequence[str], pick: str | None) -> dict[str, str]:
    """Cells the picked hand card or board cell may go to → the move string."""
    out: dict[str, str] = {}
    if not pick:
        return out
    for mv in legal:
        if "@" in mv:
            card, cell = mv.split("@")
            if card == pick:
                out[cell] = mv
        elif ">" in mv:
            src, dst = mv.split(">")
            if src == pick:
                out[dst] = mv
    return out


def sources(legal: Sequence[str]) -> tuple[set[str], set[str]]:
    """(hand cards with a legal cell, board cells whose card may be relocated)."""
    cards, cells = set(), set()
    for mv in legal:
        if "@" in mv:
            cards.add(mv.split("@")[0])
        elif ">" in mv:
            cells.add(mv.split(">")[0])
    return cards, cells


def board_text(board: Sequence[Sequence[str | None]], marked: set[str] | None = None) -> str:
    marked = marked or set()
    lines = ["  " + "".join(f"{c:>4}" for c in COL_NAMES)]
    for r in range(ROWS):
        row = [str(r + 1) + " "]
        for c in range(COLS):
            code = board[r][c]
            cell = f"{r + 1}{c + 1}"
            if code:
                s = pretty(code)
            elif cell in marked:
                s = "*"
            elif cell == CENTRE:
                s = "+"
            else:
                s = "·"
            row.append(f"{s:>4}")
        lines.append("".join(row))
    return "\n".join(lines)


def side(view: dict[str, Any], seat: int) -> str:
    return "🔴" if view["red"] == seat else "⚫"


def event_lines(
    events: Sequence[dict[str, Any]], names: Sequence[str], view: dict[str, Any], _: Translator
) -> list[str]:
    def who(seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(names):
            return side(view, seat) + " " + escape(names[seat])
        return "?"

    lines: list[str] = []
    removed = {ev.get("seat") for ev in events if ev.get("e") == "removed"}
    for ev in events:
        kind = ev.get("e")
        if kind == "place":
            lines.append(
                _(
                    "pq-ev-place",
                    name=who(ev["seat"]),
                    card=pretty(ev["card"]),
                    cell=cell_name(ev["cell"]),
                )
            )
        elif kind == "relocate":
            lines.append(
                _(
                    "pq-ev-relocate",
                    name=who(ev["seat"]),
                    card=pretty(ev["card"]),
                    src=cell_name(ev["from"]),
                    dst=cell_name(ev["to"]),
                )
            )
        elif kind == "phase":
            lines.append(_("pq-ev-phase"))
        elif kind == "pass":
            lines.append(_("pq-ev-pass", name=who(ev["seat"])))
        elif kind == "resign":
            if ev["seat"] not in removed:
                lines.append(_("pq-ev-resign", name=who(ev["seat"])))
        elif kind == "timeout":
            move = ev["move"]
            shown = (
                pretty(move.split("@")[0]) + " → " + cell_name(move.split("@")[1])
                if "@" in move
                else cell_name(move.split(">")[0]) + " → " + cell_name(move.split(">")[1])
            )
            lines.append(
                _("grp-ev-timeout", name=who(ev["seat"]), move=shown, k=ev["k"], max=ev["max"])
            )
        elif kind == "removed":
            lines.append(_("grp-ev-removed", name=who(ev["seat"]), max=ev["max"]))
    return lines


def result_line(view: dict[str, Any], names: Sequence[str], why: str | None, _: Translator) -> str:
    st = view["status"]
    winners = st["winners"]
    if len(winners) != 1:
        return _("pq-result-draw")
    w = winners[0]
    loser = 1 - w
    win = side(view, w) + " " + escape(names[w])
    lose = side(view, loser) + " " + escape(names[loser])
    left = view["hands"][loser]
    reason = why or view.get("why") or ""
    if reason == "full":
        text = _("pq-why-full", loser=lose, card=pretty(left[0]) if left else "?")
    elif reason == "double_pass":
        text = _("pq-why-double-pass", winner=win)
    elif reason == "repetition":
        text = _("pq-why-repetition", winner=win)
    elif reason == "timeout":
        text = _("pq-why-timeout", loser=lose)
    else:
        text = _("pq-why-resign", loser=lose)
    return _("pq-result", winner=win) + "\n" + text


def text(
    view: dict[str, Any],
    players: Sequence[dict[str, Any]],
    events: Sequence[dict[str, Any]],
    pick: str | None,
    legal: Sequence[str],
    _: Translator,
    *,
    why: str | None = None,
    deadline_s: int | None = None,
) -> str:
    names = [str(p.get("name") or "?") for p in players]
    st = view["status"]
    header = _(
        "pq-title-cross" if view["phase"] == "cross" else "pq-title-corner", n=view["on_board"]
    )
    marked = set(targets(legal, pick)) if pick else set()
    parts = [header, "<pre>" + escape(board_text(view["board"], marked)) + "</pre>"]
    hands = []
    for seat in (0, 1):
        hand = sorted_hand(view["hands"][seat])
        hands.append(
            f"{side(view, seat)} <b>{escape(names[seat])}</b> ({len(hand)}): "
            + (" ".join(pretty(c) for c in hand) or "—")
        )
    parts.append("\n".join(hands))
    ev = event_lines(events, names, view, _)
    if ev:
        parts.append("\n".join(ev))
    if st["over"]:
        parts.append(result_line(view, names, why, _))
    elif view["turn"] is not None:
        turn = view["turn"]
        who = side(view, turn) + " " + escape(names[turn])
        if pick:
            shown = cell_name(pick) if pick.isdigit() else pretty(pick)
            parts.append(_("pq-turn-picked", name=who, card=shown))
        elif view.get("must_relocate"):
            parts.append(_("pq-turn-relocate", name=who))
        else:
            parts.append(_("pq-turn", name=who))
        if deadline_s:
            parts.append(_("grp-turn-deadline", s=deadline_s))
    return "\n\n".join(parts)


def keyboard(
    view: dict[str, Any],
    gid: str,
    version: int,
    pick: str | None,
    legal: Sequence[str],
    _: Translator,
) -> Keyboard:
    st = view["status"]
    if st["over"]:
        again = game_data(gid, version, ui_action("rematch"))
        return Keyboard([[Button(text=_("grp-btn-rematch"), callback_data=again)]])
    turn = view["turn"]
    can_place, can_move = sources(legal)
    dests = targets(legal, pick)
    rows: list[list[Button]] = []
    for r in range(ROWS):
        row = []
        for c in range(COLS):
            cell = f"{r + 1}{c + 1}"
            code = view["board"][r][c]
            if cell in dests:
                label, action = MARK, dests[cell]
            elif code and pick is None and cell in can_move:
                label, action = "🔄" + pretty(code), ui_action("pick", cell)
            elif code and pick == cell:
                label, action = "👉" + pretty(code), ui_action("unpick")
            else:
                label = pretty(code) if code else ("+" if cell == CENTRE else "·")
                action = ui_action("cell")
            row.append(Button(text=label, callback_data=game_data(gid, version, action)))
        rows.append(row)
    if turn is not None:
        hand = sorted_hand(view["hands"][turn])
        buttons = []
        for card in hand:
            if card == pick:
                label, action = "👉" + pretty(card), ui_action("unpick")
            elif card in can_place:
                label, action = MARK + pretty(card), ui_action("pick", card)
            else:
                label, action = pretty(card), ui_action("pick", card)
            buttons.append(Button(text=label, callback_data=game_data(gid, version, action)))
        rows.extend(buttons[i : i + 6] for i in range(0, len(buttons), 6))
    rows.append(
        [
            Button(
                text=_("grp-btn-resign"), callback_data=game_data(gid, version, ui_action("resign"))
            )
        ]
    )
    return Keyboard(rows)
