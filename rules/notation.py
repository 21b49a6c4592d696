"""Reading canonical move strings (API.md, "Move notation") without a game state."""

from __future__ import annotations

from collections.abc import Sequence


def move_targets(legal: Sequence[str], pick: str | None) -> dict[str, str]:
    """The targets of the moves that start at `pick`, each with its move string, for moves
    written `<source>@<target>` or `<source>><target>` (the cells a picked hand card `KS` or
    board cell `24` may go to: `KS@24`, `24>15`)."""
    out: dict[str, str] = {}
    if not pick:
        return out
    for move in legal:
        src, sep, dst = move.partition("@") if "@" in move else move.partition(">")
        if sep and src == pick:
            out[dst] = move
    return out


def pick_sources(legal: Sequence[str]) -> tuple[set[str], set[str]]:
    """The first halves of two-part moves: (the sources of `<source>@<target>` moves — hand
    cards with a legal cell —, the sources of `<source>><target>` moves — board cells whose
    card may be moved)."""
    cards: set[str] = set()
    cells: set[str] = set()
    for move in legal:
        if "@" in move:
            cards.add(move.split("@")[0])
        elif ">" in move:
            cells.add(move.split(">")[0])
    return cards, cells


def move_sources(legal: Sequence[str], target: str | None) -> dict[str, str]:
    """The sources of the moves that end at `target`, each with its move string (the other
    half of `move_targets`: the hand cards and board cells that may go to a cell)."""
    out: dict[str, str] = {}
    if not target:
        return out
    for move in legal:
        src, sep, dst = move.partition("@") if "@" in move else move.partition(">")
        if sep and dst == target:
            out[src] = move
    return out


def all_targets(legal: Sequence[str]) -> set[str]:
    """Every target of a two-part move (the cells something may go to now)."""
    out: set[str] = set()
    for move in legal:
        _src, sep, dst = move.partition("@") if "@" in move else move.partition(">")
        if sep:
            out.add(dst)
    return out
