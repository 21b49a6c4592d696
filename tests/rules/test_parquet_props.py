"""Parquet property tests over random playouts, checked against a literal reading of the page."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import IllegalMove, parquet
from rules.cards import deck_36
from rules.parquet_view import ParquetView

CYCLE = "6789TJQKA"
CROSS_INNER = {(2, 4): None, (4, 4): None, (3, 3): None, (3, 5): None}
CROSS_OUTER = {(1, 4): (2, 4), (5, 4): (4, 4), (3, 2): (3, 3), (3, 6): (3, 5)}

Board = dict[tuple[int, int], str]


def is_red(card: str) -> bool:
    return card[1] in "HD"


def is_run(a: str, b: str, c: str) -> bool:
    idx = sorted({CYCLE.index(a), CYCLE.index(b), CYCLE.index(c)})
    if len(idx) != 3:
        return False
    return any({k % 9, (k + 1) % 9, (k + 2) % 9} == set(idx) for k in range(9))


def corner_ok(board: Board, card: str, p: tuple[int, int], mover_red: bool) -> bool:
    """The corner rule, read literally: some L p-q-r with its corner at q satisfies A and B."""
    for dq in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        q = (p[0] + dq[0], p[1] + dq[1])
        if q not in board:
            continue
        for dr in ((dq[1], dq[0]), (-dq[1], -dq[0])):
            r = (q[0] + dr[0], q[1] + dr[1])
            if r not in board:
                continue
            both_own = is_red(board[q]) == mover_red and is_red(board[r]) == mover_red
            if not both_own and is_run(card[0], board[q][0], board[r][0]):
                return True
    return False


def reference_moves(v: ParquetView) -> list[str]:
    """Legal moves for the side to move, from the view alone."""
    if v["status"]["over"]:
        return []
    seat = v["turn"]
    assert seat is not None  # the game is on
    mover_red = v["red"] == seat
    hand = v["hands"][seat]
    board: Board = {
        (r + 1, c + 1): code
        for r, row in enumerate(v["board"])
        for c, code in enumerate(row)
        if code is not None
    }
    cells = [(r, c) for r in range(1, 6) for c in range(1, 8)]
    empty = [p for p in cells if p not in board]
    if v["phase"] == "cross":
        return sorted(
            f"{card}@{p[0]}{p[1]}" for card in hand for p in empty if cross_ok(board, card, p)
        )
    out = [
        f"{card}@{p[0]}{p[1]}"
        for card in hand
        for p in empty
        if corner_ok(board, card, p, mover_red)
    ]
    if out:
        return sorted(out)
    for o, card in board.items():
        if is_red(card) != mover_red:
            continue
        rest = {k: x for k, x in board.items() if k != o}
        out.extend(
            f"{o[0]}{o[1]}>{p[0]}{p[1]}" for p in empty if corner_ok(rest, card, p, mover_red)
        )
    return sorted(out)


def cross_ok(board: Board, card: str, p: tuple[int, int]) -> bool:
    """The cross rule, read literally: an inner cell takes any card, an outer one a card next
    in rank to the card on its inner cell."""
    if p in CROSS_INNER:
        return True
    if p not in CROSS_OUTER or CROSS_OUTER[p] not in board:
        return False
    inner = CYCLE.index(board[CROSS_OUTER[p]][0])
    return (CYCLE.index(card[0]) - inner) % 9 in (1, 8)


def illegal_candidates(s: parquet.State, legal: list[str], rnd: random.Random) -> list[str]:
    v = parquet.view(s, 0)
    other = v["hands"][1 - s.turn]
    cells = [f"{r}{c}" for r in range(1, 6) for c in range(1, 8)]
    cands = [f"{rnd.choice(deck_36())}@{rnd.choice(cells)}" for _ in range(4)]
    cands += [f"{rnd.choice(cells)}>{rnd.choice(cells)}" for _ in range(3)]
    if other:
        cands.append(f"{rnd.choice(other)}@{rnd.choice(cells)}")
    cands += ["", "pass", "24>24", "KS@24x"]
    return [m for m in cands if m not in legal]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**53 - 1), st.integers(0, 2**32 - 1))
def test_random_playouts_keep_every_invariant(seed: int, play_seed: int) -> None:
    rnd = random.Random(play_seed)
    s = parquet.new_game(seed=seed)
    full = sorted(deck_36())
    for _ply in range(400):
        v = parquet.view(s, s.turn if not s.over else 0)
        # board + hands = 36 cards, each once
        on_board = [c for row in v["board"] for c in row if c is not None]
        assert sorted(on_board + v["hands"][0] + v["hands"][1]) == full
        assert all(c[1] in "HD" for c in v["hands"][s.red])
        assert v["status"]["scores"] == [len(v["hands"][0]), len(v["hands"][1])]
        # JSON round trip exact
        text = parquet.to_json(s)
        back = parquet.from_json(text)
        assert back == s and parquet.to_json(back) == text
        if s.over:
            break
        legal = parquet.legal_moves(s, s.turn)
        # never stuck: passes are automatic; the engine agrees with the literal reading
        assert legal, "side to move has no move in a returned state"
        assert legal == reference_moves(v)
        assert parquet.legal_moves(s, 1 - s.turn) == []
        assert v["must_relocate"] == (">" in legal[0])
        for bad in illegal_candidates(s, legal, rnd):
            try:
                parquet.apply(s, bad, s.turn)
            except IllegalMove:
                pass
            else:
                raise AssertionError(f"illegal move {bad!r} accepted")
            assert parquet.to_json(s) == text
        try:
            parquet.apply(s, legal[0], 1 - s.turn)
        except IllegalMove:
            pass
        else:
            raise AssertionError("a move out of turn was accepted")
        assert parquet.to_json(s) == text
        s = parquet.apply(s, rnd.choice(legal), s.turn)
    assert s.over, "game did not terminate"
    st_ = parquet.status(s)
    assert st_.result == "over" and st_.winners
    last_place = [e["seat"] for e in s.events if e["e"] == "place"]
    if s.why == "full":
        assert sorted(st_.scores) == [0, 1] and st_.winners == [st_.scores.index(0)]
    elif s.why == "double_pass":
        kinds = [(e["e"], e.get("seat")) for e in s.events]
        assert kinds[-3:-1] in ([("pass", 0), ("pass", 1)], [("pass", 1), ("pass", 0)])
        assert st_.winners == [s.last_placer]
        if last_place:
            assert st_.winners == [last_place[-1]]
    else:
        assert s.why == "repetition" and st_.winners == [s.last_placer]
