"""Parquet computer player: alpha-beta search (negamax) with iterative deepening.

- Exact at the ends the rules define: a full board (the holder of the 36th card loses) and a
  double pass (the last player to place from hand wins). Repetition is not modelled inside the
  search (it only ends relocation cycles, which the depth limit cuts anyway).
- Leaves are scored by mobility: for each side the cells where it can place a card and the
  (rank, cell) placements it has, plus the cards left in hand.
- Cards of the same rank and colour are interchangeable under the rules, so placements are
  searched once per (rank, cell).

`suggest(state, player, seed)` searches for about 10 ms (never past 20 ms). For reproducible
play use `search(state, player, nodes=N, seed=S)`: a node budget instead of a clock.
"""

from __future__ import annotations

import time

from rules.parquet import (
    CARDS_OF,
    COLOUR,
    CROSS_CELLS,
    CROSS_INNER,
    CROSS_OUTER,
    LPAIRS,
    NCELLS,
    PAIR_MASK,
    RANK,
    State,
    _fmt_place,
    _fmt_reloc,
    legal_moves,
)
from rules.rng import Rng

WIN = 1_000_000
TIME_BUDGET = 0.010  # seconds per decision (soft: a new iteration starts only before this)
TIME_LIMIT = 0.015  # hard stop inside an iteration

# evaluation weights
W_CELLS = 4
W_PLACE = 1
W_HAND = 12
W_TEMPO = 6

Move = tuple[int, int, int]  # (kind 0 place / 1 relocate, card or from, cell or to)


class _Stop(Exception):
    pass


def _popcount9(m: int) -> int:
    return m.bit_count()


class _Search:
    def __init__(self, state: State, deadline: float | None, node_limit: int | None) -> None:
        self.board = list(state.board)
        self.hands = list(state.hands)
        self.col = [state.colour_of(0), state.colour_of(1)]
        self.phase = state.phase
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0

    # ------------------------------------------------------------ helpers
    def hand_ranks(self, seat: int) -> int:
        h = self.hands[seat]
        m = 0
        for k, (a, b) in enumerate(CARDS_OF[self.col[seat]]):
            if h >> a & 1 or h >> b & 1:
                m |= 1 << k
        return m

    def card_of_rank(self, seat: int, k: int) -> int:
        a, b = CARDS_OF[self.col[seat]][k]
        return a if self.hands[seat] >> a & 1 else b

    def gen(self, seat: int) -> list[Move]:
        board = self.board
        hr = self.hand_ranks(seat)
        out: list[Move] = []
        if self.phase == 0:
            if not hr:
                return out
            ranks = [k for k in range(9) if hr >> k & 1]
            for p in CROSS_INNER:
                if board[p] < 0:
                    out.extend((0, self.card_of_rank(seat, k), p) for k in ranks)
            for p, inner in CROSS_OUTER.items():
                ci = board[inner]
                if board[p] < 0 and ci >= 0:
                    ri = RANK[ci]
                    for k in ((ri + 1) % 9, (ri + 8) % 9):
                        if hr >> k & 1:
                            out.append((0, self.card_of_rank(seat, k), p))
            return out
        col = self.col[seat]
        pm = PAIR_MASK[col]
        if hr:
            for p in range(NCELLS):
                if board[p] >= 0:
                    continue
                m = 0
                for q, r in LPAIRS[p]:
                    cq = board[q]
                    if cq >= 0:
                        cr = board[r]
                        if cr >= 0:
                            m |= pm[cq * 36 + cr]
                m &= hr
                k = 0
                while m:
                    if m & 1:
                        out.append((0, self.card_of_rank(seat, k), p))
                    m >>= 1
                    k += 1
            if out:
                return out
        empties = [p for p in range(NCELLS) if board[p] < 0]
        for o in range(NCELLS):
            c = board[o]
            if c < 0 or COLOUR[c] != col:
                continue
            bit = 1 << RANK[c]
            board[o] = -1
            for p in empties:
                m = 0
                for q, r in LPAIRS[p]:
                    cq = board[q]
                    if cq >= 0:
                        cr = board[r]
                        if cr >= 0:
                            m |= pm[cq * 36 + cr]
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
        pm_me = PAIR_MASK[self.col[seat]]
        pm_op = PAIR_MASK[self.col[other]]
        cells_me = cells_op = pl_me = pl_op = 0
        for p in range(NCELLS):
            if board[p] >= 0:
                continue
            m1 = m2 = 0
            for q, r in LPAIRS[p]:
                cq = board[q]
                if cq >= 0:
                    cr = board[r]
                    if cr >= 0:
                        i = cq * 36 + cr
                        m1 |= pm_me[i]
                        m2 |= pm_op[i]
            m1 &= hr_me
            m2 &= hr_op
            if m1:
                cells_me += 1
                pl_me += m1.bit_count()
            if m2:
                cells_op += 1
                pl_op += m2.bit_count()
        h_me = self.hands[seat].bit_count()
        h_op = self.hands[other].bit_count()
        return (
            W_CELLS * (cells_me - cells_op)
            + W_PLACE * (pl_me - pl_op)
            + W_HAND * (h_op - h_me)
            + W_TEMPO
        )

    def tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None:
            if self.nodes > self.node_limit:
                raise _Stop
        elif self.deadline is not None and time.perf_counter() > self.deadline:
            raise _Stop

    # ------------------------------------------------------------ make / unmake
    def make(self, seat: int, mv: Move) -> int:
        """Apply; returns the old phase for unmake."""
        kind, a, b = mv
        old_phase = self.phase
        board = self.board
        if kind == 0:
            board[b] = a
            self.hands[seat] &= ~(1 << a)
            if self.phase == 0 and all(board[p] >= 0 for p in CROSS_CELLS):
                self.phase = 1
        else:
            board[b] = board[a]
            board[a] = -1
        return old_phase

    def unmake(self, seat: int, mv: Move, old_phase: int) -> None:
        kind, a, b = mv
        board = self.board
        if kind == 0:
            board[b] = -1
            self.hands[seat] |= 1 << a
        else:
            board[a] = board[b]
            board[b] = -1
        self.phase = old_phase

    # ------------------------------------------------------------ search
    def negamax(
        self, seat: int, depth: int, alpha: int, beta: int, passed: bool, lp: int | None, ply: int
    ) -> int:
        self.tick()
        moves = self.gen(seat)
        if not moves:
            if passed:  # double pass: the last placer wins
                if lp is None:
                    return 0
                return WIN - ply if lp == seat else -(WIN - ply)
            return -self.negamax(1 - seat, depth, -beta, -alpha, True, lp, ply + 1)
        if depth <= 0:
            return self.evaluate(seat)
        best = -WIN - 1
        for mv in moves:
            if mv[0] == 0 and self.hands[0].bit_count() + self.hands[1].bit_count() == 2:
                # this placement fills the board: whoever still holds a card loses
                return WIN - ply - 1 if self.hands[seat].bit_count() == 1 else -(WIN - ply - 1)
            old = self.make(seat, mv)
            try:
                v = -self.negamax(
                    1 - seat, depth - 1, -beta, -alpha, False, seat if mv[0] == 0 else lp, ply + 1
                )
            finally:
                self.unmake(seat, mv, old)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    def root(self, seat: int, moves: list[Move], depth: int, lp: int | None) -> list[int]:
        """Scores of every root move at `depth` (full window per move for exact ordering)."""
        scores: list[int] = []
        alpha = -WIN - 1
        for mv in moves:
            if mv[0] == 0 and self.hands[0].bit_count() + self.hands[1].bit_count() == 2:
                scores.append(WIN - 1 if self.hands[seat].bit_count() == 1 else -(WIN - 1))
                continue
            old = self.make(seat, mv)
            try:
                v = -self.negamax(
                    1 - seat, depth - 1, -WIN - 1, -alpha + 1, False,
                    seat if mv[0] == 0 else lp, 1,
                )
            finally:
                self.unmake(seat, mv, old)
            scores.append(v)
            alpha = max(alpha, v)
        return scores


def _to_str(mv: Move) -> str:
    return _fmt_place(mv[1], mv[2]) if mv[0] == 0 else _fmt_reloc(mv[1], mv[2])


def search(
    state: State,
    player: int,
    *,
    nodes: int | None = None,
    budget: float = TIME_BUDGET,
    seed: int | None = None,
    max_depth: int = 40,
) -> tuple[str, int, int]:
    """Best move for `player` as (move, score, depth reached).

    With `nodes` the search stops after that many nodes (reproducible); otherwise after about
    `budget` seconds. `seed` breaks ties between equally scored moves.
    """
    start = time.perf_counter()
    legal = legal_moves(state, player)
    if not legal:
        raise ValueError("parquet: no legal move for this player")
    if len(legal) == 1:
        return legal[0], 0, 0
    s = _Search(
        state,
        None if nodes is not None else start + max(budget, 0.0) * TIME_LIMIT / TIME_BUDGET,
        nodes,
    )
    moves = s.gen(player)
    rng = Rng(seed if seed is not None else state.seed ^ (state.plies * 0x9E3779B9))
    rng.shuffle(moves)
    best_moves = moves
    best_score = 0
    reached = 0
    for depth in range(1, max_depth + 1):
        try:
            scores = s.root(player, best_moves, depth, state.last_placer)
        except _Stop:
            break
        order = sorted(range(len(best_moves)), key=lambda i: -scores[i])
        best_moves = [best_moves[i] for i in order]
        best_score = scores[order[0]]
        reached = depth
        if abs(best_score) >= WIN - 100:
            break  # a forced result is known
        if nodes is None and time.perf_counter() - start > budget / 2:
            break  # the next iteration would not finish in time
    return _to_str(best_moves[0]), best_score, reached


def suggest(state: State, player: int = 0, seed: int | None = None) -> str:
    """A legal move for `player` chosen by a ~10 ms alpha-beta search."""
    return search(state, player, seed=seed)[0]
