"""Parquet's board and cards as numbers, and the move generation on them: card ids 0..35,
cells 0..34 (5 rows × 7 columns), the cross and the corner rule (`cell_mask`, `placements`,
`can_place`, `relocations`), the move strings and the repetition key. No state: the game
(`State`, the flow, the API) is `rules.parquet`."""

from __future__ import annotations

ROWS = 5
COLS = 7
NCELLS = ROWS * COLS
RANKS = "6789TJQKA"
SUITS = "SHDC"
RED, BLACK = 1, 0

# Card ids 0..35: suit index * 9 + rank index.
CODES: list[str] = [r + s for s in SUITS for r in RANKS]
CARD_ID: dict[str, int] = {c: i for i, c in enumerate(CODES)}
RANK: list[int] = [i % 9 for i in range(36)]
COLOUR: list[int] = [RED if CODES[i][1] in "HD" else BLACK for i in range(36)]


# Cards of a colour and rank: CARDS_OF[colour][rank] -> (id, id)
def _cards_of(col: int, k: int) -> tuple[int, int]:
    a, b = (i for i in range(36) if COLOUR[i] == col and RANK[i] == k)
    return (a, b)


CARDS_OF: list[list[tuple[int, int]]] = [[_cards_of(col, k) for k in range(9)] for col in (0, 1)]
FULL_HAND: list[int] = [sum(1 << i for i in range(36) if COLOUR[i] == col) for col in (0, 1)]
# Sort key for showing a hand: rank, then suit.
_SHOW_ORDER = sorted(range(36), key=lambda i: (RANK[i], i // 9))

CELL_NAMES: list[str] = [f"{i // COLS + 1}{i % COLS + 1}" for i in range(NCELLS)]
CELL_ID: dict[str, int] = {n: i for i, n in enumerate(CELL_NAMES)}


def cell(row: int, col: int) -> int:
    """Cell index of a 1-based (row, column)."""
    return (row - 1) * COLS + (col - 1)


# outer cross cell -> its inner cell
CROSS_OUTER: dict[int, int] = {
    cell(1, 4): cell(2, 4),
    cell(5, 4): cell(4, 4),
    cell(3, 2): cell(3, 3),
    cell(3, 6): cell(3, 5),
}
CROSS_INNER: tuple[int, ...] = (cell(2, 4), cell(4, 4), cell(3, 3), cell(3, 5))
CROSS_CELLS: tuple[int, ...] = CROSS_INNER + tuple(CROSS_OUTER)


def adjacent_ranks(a: int, b: int) -> bool:
    return (a - b) % 9 in (1, 8)


def _run_mask(a: int, b: int) -> int:
    """Ranks x such that {x, a, b} are three ranks consecutive in the cycle."""
    m = 0
    for k in range(9):
        run = {k, (k + 1) % 9, (k + 2) % 9}
        if a != b and a in run and b in run:
            (x,) = run - {a, b}
            m |= 1 << x
    return m


_RUN: list[list[int]] = [[_run_mask(a, b) for b in range(9)] for a in range(9)]
# PAIR_MASK[colour][q_card * 36 + r_card]: ranks a card of `colour` may have next to the L
# (q, r); 0 when the colour rule A forbids the pair (both of the mover's colour).
PAIR_MASK: list[list[int]] = [
    [
        0 if (COLOUR[q] == col and COLOUR[r] == col) else _RUN[RANK[q]][RANK[r]]
        for q in range(36)
        for r in range(36)
    ]
    for col in (0, 1)
]


def _lpairs(p: int) -> tuple[tuple[int, int], ...]:
    pr, pc = divmod(p, COLS)
    out: list[tuple[int, int]] = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        qr, qc = pr + dr, pc + dc
        if not (0 <= qr < ROWS and 0 <= qc < COLS):
            continue
        for er, ec in ((dc, dr), (-dc, -dr)):  # perpendicular steps
            rr, rc = qr + er, qc + ec
            if 0 <= rr < ROWS and 0 <= rc < COLS:
                out.append((qr * COLS + qc, rr * COLS + rc))
    return tuple(out)


# LPAIRS[p]: the (q, r) pairs forming an L with its corner at q, for an empty cell p.
LPAIRS: list[tuple[tuple[int, int], ...]] = [_lpairs(p) for p in range(NCELLS)]

# Single-character cell encoding for repetition keys: card id -> char, empty -> "."
_KEY_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz."  # index -1 (an empty cell) is "."


# ---------------------------------------------------------------- move generation (internal)


def cell_mask(board: list[int], p: int, colour: int) -> int:
    """Bitmask of ranks a card of `colour` may have on empty cell `p` under the corner rule."""
    pm = PAIR_MASK[colour]
    m = 0
    for q, r in LPAIRS[p]:
        cq = board[q]
        if cq < 0:
            continue
        cr = board[r]
        if cr < 0:
            continue
        m |= pm[cq * 36 + cr]
    return m


def hand_ranks(hand: int) -> int:
    m = 0
    i = 0
    h = hand
    while h:
        if h & 1:
            m |= 1 << RANK[i]
        h >>= 1
        i += 1
    return m


def placements(board: list[int], hand: int, colour: int, phase: int) -> list[tuple[int, int]]:
    """(card, cell) pairs the mover may place."""
    out: list[tuple[int, int]] = []
    if not hand:
        return out
    cards_of = CARDS_OF[colour]
    if phase == 0:
        cards = [i for i in range(36) if hand >> i & 1]
        for p in CROSS_INNER:
            if board[p] < 0:
                out.extend((c, p) for c in cards)
        for p, inner in CROSS_OUTER.items():
            ci = board[inner]
            if board[p] < 0 and ci >= 0:
                ri = RANK[ci]
                out.extend((c, p) for c in cards if adjacent_ranks(RANK[c], ri))
        return out
    hr = hand_ranks(hand)
    for p in range(NCELLS):
        if board[p] >= 0:
            continue
        m = cell_mask(board, p, colour) & hr
        k = 0
        while m:
            if m & 1:
                a, b = cards_of[k]  # the two cards of this rank and colour
                if hand >> a & 1:
                    out.append((a, p))
                if hand >> b & 1:
                    out.append((b, p))
            m >>= 1
            k += 1
    return out


def can_place(board: list[int], hand: int, colour: int, phase: int) -> bool:
    if not hand:
        return False
    if phase == 0:
        for p in CROSS_INNER:
            if board[p] < 0:
                return True
        hr = hand_ranks(hand)
        for p, inner in CROSS_OUTER.items():
            ci = board[inner]
            if board[p] < 0 and ci >= 0:
                ri = RANK[ci]
                if hr & ((1 << ((ri + 1) % 9)) | (1 << ((ri + 8) % 9))):
                    return True
        return False
    hr = hand_ranks(hand)
    for p in range(NCELLS):  # noqa: SIM110 - a plain loop is faster here
        if board[p] < 0 and cell_mask(board, p, colour) & hr:
            return True
    return False


def relocations(board: list[int], colour: int, first_only: bool = False) -> list[tuple[int, int]]:
    """(from, to) relocations of the mover's own cards (corner phase)."""
    out: list[tuple[int, int]] = []
    empties = [p for p in range(NCELLS) if board[p] < 0]
    for o in range(NCELLS):
        c = board[o]
        if c < 0 or COLOUR[c] != colour:
            continue
        bit = 1 << RANK[c]
        board[o] = -1
        try:
            for p in empties:
                if cell_mask(board, p, colour) & bit:
                    out.append((o, p))
                    if first_only:
                        return out
        finally:
            board[o] = c
    return out


def place_move(c: int, p: int) -> str:
    """The move string placing card id `c` on cell `p` (`"KS@24"`)."""
    return f"{CODES[c]}@{CELL_NAMES[p]}"


def relocation_move(o: int, p: int) -> str:
    """The move string relocating the card on cell `o` to cell `p` (`"24>15"`)."""
    return f"{CELL_NAMES[o]}>{CELL_NAMES[p]}"


def position_key(board: list[int], turn: int) -> str:
    """The repetition key of (board, side to move); the hands follow from the board."""
    return "".join([_KEY_CHARS[c] for c in board]) + str(turn)


def hand_codes(hand: int) -> list[str]:
    return [CODES[i] for i in _SHOW_ORDER if hand >> i & 1]
