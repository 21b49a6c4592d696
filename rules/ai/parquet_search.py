"""The Parquet computer player's search tree (`Search`): the position it plays out, the
corner-rule masks it keeps up to date, its move generation, the leaf evaluation and the
alpha-beta negamax; `Stop` ends a search at its node budget. `rules.ai.parquet` deepens it
and picks the move."""

from __future__ import annotations

from rules.parquet import State
from rules.parquet_board import (
    CARDS_OF,
    COLOUR,
    CROSS_CELLS,
    CROSS_INNER,
    CROSS_OUTER,
    LPAIRS,
    NCELLS,
    PAIR_MASK,
    RANK,
    position_key,
)

WIN = 1_000_000


# evaluation weights
W_CELLS = 0
W_PLACE = 2
W_HAND = 12
W_TEMPO = 6
W_EXCL = 12

Move = tuple[int, int, int]  # (kind 0 place / 1 relocate, card or from, cell or to)
Undo = list[tuple[int, int, int]]  # (cell, old black mask, old red mask)


def _affected(c: int) -> tuple[int, ...]:
    return tuple(p for p in range(NCELLS) if p != c and any(c in qr for qr in LPAIRS[p]))


# AFFECTS[c]: cells whose corner masks depend on the content of cell c.
AFFECTS: list[tuple[int, ...]] = [_affected(c) for c in range(NCELLS)]
NEAR: list[frozenset[int]] = [frozenset(a) for a in AFFECTS]  # the same, for membership tests
_PM0 = PAIR_MASK[0]
_PM1 = PAIR_MASK[1]


# ADJACENT[r]: the ranks next to rank r in the cycle (one above, one below)
ADJACENT: list[tuple[int, int]] = [((r + 1) % 9, (r + 8) % 9) for r in range(9)]

_HAND_RANKS: dict[int, int] = {}  # (hand bits, colour) -> ranks held (a bit per rank)


class Stop(Exception):
    pass


class Search:
    def __init__(self, state: State, node_limit: int) -> None:
        self.board = list(state.board)
        self.hands = list(state.hands)
        self.col = [state.colour_of(0), state.colour_of(1)]
        self.phase = state.phase
        self.node_limit = node_limit
        self.nodes = 0
        self.masks: list[list[int]] = [[0] * NCELLS, [0] * NCELLS]
        for p in range(NCELLS):
            self._recompute(p)
        self.partial: list[int] = []
        # positions seen twice since the last placement: a third time ends the game
        self.twice = {k for k, n in state.history.items() if n >= 2}

    # ------------------------------------------------------------ masks
    def _recompute(self, p: int) -> None:
        board = self.board
        m0 = m1 = 0
        for q, r in LPAIRS[p]:
            cq = board[q]
            if cq >= 0:
                cr = board[r]
                if cr >= 0:
                    i = cq * 36 + cr
                    m0 |= _PM0[i]
                    m1 |= _PM1[i]
        self.masks[0][p] = m0
        self.masks[1][p] = m1

    def _set(self, c: int, card: int, undo: Undo) -> None:
        """Put `card` (or -1) on cell `c`; refresh the masks of the empty cells it touches.

        Masks of occupied cells are left stale; a cell gets a fresh mask when it empties.
        """
        board = self.board
        board[c] = card
        mk0, mk1 = self.masks
        if card < 0:
            undo.append((c, mk0[c], mk1[c]))
            self._recompute(c)
        for p in AFFECTS[c]:
            if board[p] < 0:
                undo.append((p, mk0[p], mk1[p]))
                self._recompute(p)

    def _restore(self, undo: Undo) -> None:
        mk0, mk1 = self.masks
        for p, a, b in reversed(undo):
            mk0[p] = a
            mk1[p] = b

    # ------------------------------------------------------------ helpers
    def hand_ranks(self, seat: int) -> int:
        h = self.hands[seat]
        col = self.col[seat]
        key = h << 1 | col
        m = _HAND_RANKS.get(key)
        if m is None:
            m = 0
            for k, (a, b) in enumerate(CARDS_OF[col]):
                if h >> a & 1 or h >> b & 1:
                    m |= 1 << k
            if len(_HAND_RANKS) >= 1 << 16:
                _HAND_RANKS.clear()
            _HAND_RANKS[key] = m
        return m

    def can_place(self, seat: int) -> bool:
        """Whether `seat` has a placement after the cross phase (the masks are up to date)."""
        hr = self.hand_ranks(seat)
        if not hr:
            return False
        board = self.board
        mk = self.masks[self.col[seat]]
        return any(board[p] < 0 and mk[p] & hr for p in range(NCELLS))

    def card_of_rank(self, seat: int, k: int) -> int:
        a, b = CARDS_OF[self.col[seat]][k]
        return a if self.hands[seat] >> a & 1 else b

    def gen(self, seat: int) -> list[Move]:
        """The moves of `seat`: placements (one per rank and cell), else relocations."""
        hr = self.hand_ranks(seat)
        if self.phase == 0:
            return self._gen_cross(seat, hr) if hr else []
        if hr:
            out = self._gen_places(seat, hr)
            if out:
                return out
        return self._gen_relocations(seat)

    def _gen_cross(self, seat: int, hr: int) -> list[Move]:
        """Placements of the cross phase (`hr`: the ranks in hand)."""
        board = self.board
        out: list[Move] = []
        ranks = [k for k in range(9) if hr >> k & 1]
        for p in CROSS_INNER:
            if board[p] < 0:
                out.extend((0, self.card_of_rank(seat, k), p) for k in ranks)
        for p, inner in CROSS_OUTER.items():
            ci = board[inner]
            if board[p] < 0 and ci >= 0:
                ri = RANK[ci]
                out.extend(
                    [(0, self.card_of_rank(seat, k), p) for k in ADJACENT[ri] if hr >> k & 1]
                )
        return out

    def _gen_places(self, seat: int, hr: int) -> list[Move]:
        """Placements of the corner phase (`hr`: the ranks in hand; the masks are up to date)."""
        board = self.board
        mk = self.masks[self.col[seat]]
        out: list[Move] = []
        for p in range(NCELLS):
            if board[p] >= 0:
                continue
            m = mk[p] & hr
            k = 0
            while m:
                if m & 1:
                    out.append((0, self.card_of_rank(seat, k), p))
                m >>= 1
                k += 1
        return out

    def _gen_relocations(self, seat: int) -> list[Move]:
        """Relocations of `seat`'s own cards (corner phase, no placement left)."""
        board = self.board
        col = self.col[seat]
        mk = self.masks[col]
        out: list[Move] = []
        empties = [p for p in range(NCELLS) if board[p] < 0]
        pm = PAIR_MASK[col]
        for o in range(NCELLS):
            c = board[o]
            if c < 0 or COLOUR[c] != col:
                continue
            bit = 1 << RANK[c]
            near = NEAR[o]
            board[o] = -1
            for p in empties:
                if p in near:
                    m = 0
                    for q, r in LPAIRS[p]:
                        cq = board[q]
                        if cq >= 0:
                            cr = board[r]
                            if cr >= 0:
                                m |= pm[cq * 36 + cr]
                else:
                    m = mk[p]
                if m & bit:
                    out.append((1, o, p))
            board[o] = c
        return out

    def evaluate(self, seat: int) -> int:
        """Score for `seat` (to move): mobility and cards in hand."""
        board = self.board
        other = 1 - seat
        hr_me = self.hand_ranks(seat)
        hr_op = self.hand_ranks(other)
        mk_me = self.masks[self.col[seat]]
        mk_op = self.masks[self.col[other]]
        cells_me = cells_op = pl_me = pl_op = ex_me = ex_op = 0
        for p in range(NCELLS):
            if board[p] >= 0:
                continue
            m1 = mk_me[p] & hr_me
            m2 = mk_op[p] & hr_op
            if m1:
                cells_me += 1
                pl_me += m1.bit_count()
                if not m2:
                    ex_me += 1
            if m2:
                cells_op += 1
                pl_op += m2.bit_count()
                if not m1:
                    ex_op += 1
        h_me = self.hands[seat].bit_count()
        h_op = self.hands[other].bit_count()
        return (
            W_CELLS * (cells_me - cells_op)
            + W_PLACE * (pl_me - pl_op)
            + W_EXCL * (ex_me - ex_op)
            + W_HAND * (h_op - h_me)
            + W_TEMPO
        )

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise Stop

    # ------------------------------------------------------------ make / unmake
    def make(self, seat: int, mv: Move) -> tuple[int, Undo]:
        kind, a, b = mv
        old_phase = self.phase
        undo: Undo = []
        if kind == 0:
            self._set(b, a, undo)
            self.hands[seat] &= ~(1 << a)
            if self.phase == 0 and all(self.board[p] >= 0 for p in CROSS_CELLS):
                self.phase = 1
        else:
            c = self.board[a]
            self._set(a, -1, undo)
            self._set(b, c, undo)
        return old_phase, undo

    def unmake(self, seat: int, mv: Move, saved: tuple[int, Undo]) -> None:
        kind, a, b = mv
        board = self.board
        if kind == 0:
            board[b] = -1
            self.hands[seat] |= 1 << a
        else:
            board[a] = board[b]
            board[b] = -1
        self.phase, undo = saved
        self._restore(undo)

    # ------------------------------------------------------------ search
    def fills_board(self, seat: int) -> int:
        """0, or ±1 when a placement by `seat` now fills the board (+1: `seat` wins)."""
        if self.hands[0].bit_count() + self.hands[1].bit_count() != 2:
            return 0
        return 1 if self.hands[seat].bit_count() == 1 else -1

    @staticmethod
    def last_placer_wins(seat: int, lp: int | None, ply: int) -> int:
        """The value for `seat` of an end where the last placer wins."""
        if lp is None:
            return 0
        return WIN - ply if lp == seat else -(WIN - ply)

    def negamax(
        self, seat: int, depth: int, alpha: int, beta: int, passed: bool, lp: int | None, ply: int
    ) -> int:
        self.tick()
        if depth <= 0 and self.phase == 1 and self.can_place(seat):
            # a leaf with a placement: only the full-board end needs checking, not the moves
            f = self.fills_board(seat)
            if f:
                return f * (WIN - ply - 1)
            return self.evaluate(seat)
        moves = self.gen(seat)
        if not moves:
            if passed:  # double pass: the last placer wins
                return self.last_placer_wins(seat, lp, ply)
            if self.twice and position_key(self.board, 1 - seat) in self.twice:
                return self.last_placer_wins(seat, lp, ply)
            return -self.negamax(1 - seat, depth, -beta, -alpha, True, lp, ply + 1)
        if moves[0][0] == 0:
            f = self.fills_board(seat)
            if f:
                return f * (WIN - ply - 1)
        if depth <= 0:
            return self.evaluate(seat)
        best = -WIN - 1
        for mv in moves:
            saved = self.make(seat, mv)
            try:
                if mv[0] == 1 and self.twice and position_key(self.board, 1 - seat) in self.twice:
                    v = self.last_placer_wins(seat, lp, ply + 1)
                else:
                    v = -self.negamax(
                        1 - seat,
                        depth - 1,
                        -beta,
                        -alpha,
                        False,
                        seat if mv[0] == 0 else lp,
                        ply + 1,
                    )
            finally:
                self.unmake(seat, mv, saved)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    def root(self, seat: int, moves: list[Move], depth: int, lp: int | None) -> list[int]:
        """Scores of the root moves at `depth`; exact for the best, upper bounds for the rest.

        Scores found so far stay in `self.partial` if the search is stopped midway.
        """
        self.partial = scores = []
        alpha = -WIN - 1
        f = self.fills_board(seat) if moves[0][0] == 0 else 0
        for mv in moves:
            if f:
                scores.append(f * (WIN - 1))
                continue
            saved = self.make(seat, mv)
            try:
                if mv[0] == 1 and self.twice and position_key(self.board, 1 - seat) in self.twice:
                    v = self.last_placer_wins(seat, lp, 1)
                else:
                    v = -self.negamax(
                        1 - seat,
                        depth - 1,
                        -WIN - 1,
                        -alpha + 1,
                        False,
                        seat if mv[0] == 0 else lp,
                        1,
                    )
            finally:
                self.unmake(seat, mv, saved)
            scores.append(v)
            alpha = max(alpha, v)
        return scores
