"""Parquet computer player: alpha-beta search (negamax) with iterative deepening.

- Exact at the ends the rules define: a full board (the holder of the 36th card loses), a
  double pass (the last player to place from hand wins) and a third repetition of a position
  already seen twice in the game (the last placer wins; positions repeated only inside the
  search tree are not counted).
- Leaves are scored by mobility: for each side the cells where it can place a card, the cells
  only it can use, the (rank, cell) placements it has, and the cards left in hand.
- Cards of the same rank and colour are interchangeable under the rules, so placements are
  searched once per (rank, cell).
- The corner-rule rank masks of every cell (per colour) are kept up to date incrementally:
  a card changes only the masks of the (at most 8) cells whose L-shapes use its cell.

`suggest(state, player, seed, level="strong")` searches SUGGEST_NODES nodes at the strong level
(a few ms, ~15 ms at worst on a slow machine); the weaker levels (`LEVEL_SEARCH`) search
shallower — easy one ply (its own move only) or, half the time, two (the reply too), normal
three — always at least one full ply (never an unsearched move), and normal now and then plays
the move its search ranks second (a seeded chance; never instead of a forced win, nor a forced
loss);
`suggest_nodes(state, player, seed, nodes)` and `search(state, player, nodes=N, seed=S)` take
any node budget. The budget is a count of nodes only, never the clock: the same state, seed
and budget give the same move on every machine, however busy.
"""

from __future__ import annotations

from rules.ai import check_level
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
    legal_moves,
    place_move,
    position_key,
    relocation_move,
)
from rules.rng import Rng

WIN = 1_000_000
# Search nodes per `suggest` decision, the only budget. It was 600 nodes with a 10 ms CPU-time
# stop, which fired on about half the decisions of a slow machine (so the move depended on the
# machine); 400 nodes alone cost about what that did there (median 7 ms, worst 15 ms of CPU)
# and score as well against a random player (96 %) and against 600 nodes (52 %).
SUGGEST_NODES = 400
# The weaker levels of `suggest`: (node budget, plies searched, chance in 1000 of one ply more,
# chance in 1000 of playing the move ranked second). Easy looks at its own move only, or half
# the time at the reply too; normal three plies, now and then playing its runner-up. Against a
# random player easy wins about 80 %, normal 89 %, strong 95 %; against strong, easy about 17 %
# and normal 34 % (benchmarks/rules_speed.py).
LEVEL_SEARCH: dict[str, tuple[int, int, int, int]] = {
    "easy": (400, 1, 500, 0),
    "normal": (400, 3, 0, 100),
}
_LEVEL_SALT = 0x51D3_C0DE_5EED  # the levels' draws have their own stream (not the tie-break's)

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


class _Stop(Exception):
    pass


class _Search:
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
            raise _Stop

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


def _to_str(mv: Move) -> str:
    return place_move(mv[1], mv[2]) if mv[0] == 0 else relocation_move(mv[1], mv[2])


def search(
    state: State,
    player: int,
    *,
    nodes: int = SUGGEST_NODES,
    seed: int | None = None,
    max_depth: int = 40,
) -> tuple[str, int, int]:
    """Best move for `player` as (move, score, depth completed).

    Iterative deepening that stops after `nodes` nodes (the same result on every machine);
    `seed` breaks ties between equally scored moves.
    """
    legal = legal_moves(state, player)
    if not legal:
        raise ValueError("parquet: no legal move for this player")
    if len(legal) == 1:
        return legal[0], 0, 0
    moves, scores, reached = _deepen(state, player, nodes, seed, max_depth)
    return _to_str(moves[0]), scores[0], reached


def _deepen(
    state: State, player: int, nodes: int, seed: int | None, max_depth: int
) -> tuple[list[Move], list[int], int]:
    """The root moves of `search`, best first; their scores (exact for the first, bounds for
    the rest, from the deepest iteration that scored them) and the depth completed."""
    s = _Search(state, nodes)
    moves = s.gen(player)
    rng = Rng(seed if seed is not None else state.seed ^ (state.plies * 0x9E3779B9))
    rng.shuffle(moves)
    best_moves = moves
    best_scores = [0] * len(moves)
    reached = 0
    for depth in range(1, max_depth + 1):
        try:
            scores = s.root(player, best_moves, depth, state.last_placer)
        except _Stop:
            part = s.partial
            if part and depth > 1:
                # the previous best was searched first; a move that beat it is better
                i = max(range(len(part)), key=lambda j: part[j])
                if part[i] > part[0]:
                    best_moves = [best_moves[i], *best_moves[:i], *best_moves[i + 1 :]]
                    best_scores = [part[i], *best_scores[:i], *best_scores[i + 1 :]]
            break
        order = sorted(range(len(best_moves)), key=lambda i: -scores[i])
        best_moves = [best_moves[i] for i in order]
        best_scores = [scores[i] for i in order]
        reached = depth
        if abs(best_scores[0]) >= WIN - 1000:
            break  # a forced result is known
    return best_moves, best_scores, reached


def suggest(state: State, player: int = 0, seed: int | None = None, level: str = "strong") -> str:
    """A legal move for `player` at `level` (`rules.ai.LEVELS`; `ValueError` for another name,
    or when `player` has no legal move). "strong": an alpha-beta search of SUGGEST_NODES nodes
    (a few ms); "normal" and "easy": the search of `LEVEL_SEARCH`."""
    if check_level(level) == "strong":
        return search(state, player, nodes=SUGGEST_NODES, seed=seed)[0]
    nodes, depth, deeper, slip = LEVEL_SEARCH[level]
    return _level_move(state, player, seed, nodes, depth, deeper, slip)


def _level_move(
    state: State, player: int, seed: int | None, nodes: int, depth: int, deeper: int, slip: int
) -> str:
    """The best move of a search `depth` plies deep (`depth` + 1 with a chance of `deeper` in
    1000) within `nodes` nodes, but always one full ply (never an unsearched move); or, with a
    chance of `slip` in 1000, the move it ranks second — not when the best is a forced win, nor
    when the second is a forced loss."""
    legal = legal_moves(state, player)
    if not legal:
        raise ValueError("parquet: no legal move for this player")
    if len(legal) == 1:
        return legal[0]
    base = state.seed if seed is None else seed
    rng = Rng(base * 0x9E3779B97F4A7C15 ^ (state.plies << 1 | player) ^ _LEVEL_SALT)
    if rng.below(1000) < deeper:
        depth += 1
    moves, scores, _ = _deepen(state, player, max(nodes, 4 * len(legal) + 8), seed, depth)
    forced = WIN - 1000
    if rng.below(1000) < slip and len(moves) > 1 and scores[0] < forced and scores[1] > -forced:
        return _to_str(moves[1])
    return _to_str(moves[0])


def suggest_nodes(
    state: State, player: int = 0, seed: int | None = None, nodes: int = SUGGEST_NODES
) -> str:
    """Like `suggest`, with a chosen node budget (the time grows about linearly with it)."""
    return search(state, player, nodes=nodes, seed=seed)[0]
