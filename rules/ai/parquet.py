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
(its CPU time: benchmarks/rules_speed.py); the weaker levels (`LEVEL_SEARCH`) search
shallower — easy one ply (its own move only) or, half the time, two (the reply too), normal
three — always at least one full ply (never an unsearched move), and normal now and then plays
the move its search ranks second (a seeded chance; never instead of a forced win, nor a forced
loss);
`suggest_nodes(state, player, seed, nodes)` and `search(state, player, nodes=N, seed=S)` take
any node budget. The budget is a count of nodes only, never the clock: the same state, seed
and budget give the same move on every machine, however busy. The search tree itself (the
masks, move generation, evaluation and negamax) is `rules.ai.parquet_search`.
"""

from __future__ import annotations

from rules.ai import check_level
from rules.ai.parquet_search import WIN, Move, Search, Stop
from rules.parquet import State, legal_moves
from rules.parquet_board import place_move, relocation_move
from rules.rng import Rng

# Search nodes per `suggest` decision, the only budget: never the clock, so the move does not
# depend on the machine (its cost and strength: benchmarks/rules_speed.py).
SUGGEST_NODES = 400
# The weaker levels of `suggest`: (node budget, plies searched, chance in 1000 of one ply more,
# chance in 1000 of playing the move ranked second). Easy looks at its own move only, or half
# the time at the reply too; normal three plies, now and then playing its runner-up (how each
# level wins: benchmarks/rules_speed.py).
LEVEL_SEARCH: dict[str, tuple[int, int, int, int]] = {
    "easy": (400, 1, 500, 0),
    "normal": (400, 3, 0, 100),
}
_LEVEL_SALT = 0x51D3_C0DE_5EED  # the levels' draws have their own stream (not the tie-break's)


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
    s = Search(state, nodes)
    moves = s.gen(player)
    rng = Rng(seed if seed is not None else state.seed ^ (state.plies * 0x9E3779B9))
    rng.shuffle(moves)
    best_moves = moves
    best_scores = [0] * len(moves)
    reached = 0
    for depth in range(1, max_depth + 1):
        try:
            scores = s.root(player, best_moves, depth, state.last_placer)
        except Stop:
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
