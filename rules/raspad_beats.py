"""Raspad's card values and beating: `VALUE`, `SUIT`, `COLOUR` per card code, the reduction
by beaten neighbours (`holes_near`, `ranges`), which card beats which (`beats`, `beat_moves`,
`any_beat`) and the decay of reduced cards (`decay`). The game is `rules.raspad`."""

from __future__ import annotations

from collections.abc import Iterator

from rules import cards
from rules.raspad_view import RaspadEvent

_VALUES = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
_VALUES.update({str(n): n for n in range(2, 10)})

VALUE: dict[str, int] = {}
"""Card value: A = 1, 2–10 face value, J = 11, Q = 12, K = 13; jokers 0 (no value)."""
SUIT: dict[str, str] = {}
COLOUR: dict[str, str] = {}
for _c in cards.deck_54():
    VALUE[_c] = 0 if cards.is_joker(_c) else _VALUES[_c[0]]
    SUIT[_c] = "X" if cards.is_joker(_c) else _c[1]
    COLOUR[_c] = cards.colour(_c)


def holes_near(table: tuple[str | None, ...] | list[str | None], i: int) -> int:
    """Beaten holes among the immediate neighbours i−1 and i+1 (0, 1 or 2)."""
    d = 0
    if i > 0 and table[i - 1] is None:
        d += 1
    if i + 1 < len(table) and table[i + 1] is None:
        d += 1
    return d


def beats(hand_card: str, target: str, low: int, beaten_neighbour: bool) -> bool:
    """Whether `hand_card` beats the live table card `target` whose lowest value is `low`
    (ignored for a joker target) and which has (`beaten_neighbour`) a beaten neighbour."""
    vt = VALUE[target]
    if vt == 0:  # the target is a joker
        return beaten_neighbour and COLOUR[hand_card] == COLOUR[target]
    vh = VALUE[hand_card]
    if vh == 0:  # a joker in hand beats any card of its colour
        return COLOUR[hand_card] == COLOUR[target]
    if low <= vh <= vt:
        return True
    if SUIT[hand_card] == SUIT[target] and vh >= low:
        return True
    # the ace rule: a real ace (never reduced: a reduced ace has decayed) by any number card
    return vt == 1 and 2 <= vh <= 10


def live_count(table: tuple[str | None, ...]) -> int:
    return sum(1 for c in table if c is not None)


def _beats(hand: tuple[str, ...], table: tuple[str | None, ...]) -> Iterator[str]:
    """Every beat `<hand card>><table card>`, table left to right, hand in order."""
    n = len(table)
    for i, t in enumerate(table):
        if t is None:
            continue
        d = 0
        if i > 0 and table[i - 1] is None:
            d += 1
        if i + 1 < n and table[i + 1] is None:
            d += 1
        low = VALUE[t] - d
        for h in hand:
            if beats(h, t, low, d > 0):
                yield h + ">" + t


def beat_moves(hand: tuple[str, ...], table: tuple[str | None, ...]) -> list[str]:
    return list(_beats(hand, table))


def any_beat(hand: tuple[str, ...], table: tuple[str | None, ...]) -> bool:
    return next(_beats(hand, table), None) is not None


def decay(table: list[str | None], discard: list[str], events: list[RaspadEvent]) -> None:
    """Let every live non-joker card with L ≤ 0 decay (in place), until nothing more decays."""
    changed = True
    while changed:
        changed = False
        for i, c in enumerate(table):
            if c is None or VALUE[c] == 0:
                continue
            if VALUE[c] - holes_near(table, i) <= 0:
                table[i] = None
                discard.append(c)
                events.append({"e": "decay", "card": c})
                changed = True


def ranges(table: tuple[str | None, ...]) -> list[list[int] | None]:
    """Admissible values `[L, v]` per slot (`None` for holes and jokers)."""
    out: list[list[int] | None] = []
    for i, c in enumerate(table):
        if c is None or VALUE[c] == 0:
            out.append(None)
        else:
            out.append([VALUE[c] - holes_near(table, i), VALUE[c]])
    return out
