"""The solvers against a plain brute force on small positions built directly (most cards
already beaten or on the foundations): no transposition table, no move pruning, only the
engines' `legal_moves` and `apply`. A "lost" verdict must be one the brute force confirms, a
"won" line must replay to a win, and a line called `minimal` must be as short as the brute
force's shortest."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st_

from rules import cards, kosa, raspad
from rules.kosa_state import ORDER
from rules.solve import solve
from rules.solve.common import LOST, UNDECIDED, WON

BIG = 200_000  # the positions here are tiny: the solvers always decide within this


# ---------------------------------------------------------------------------------- Raspad


def raspad_brute(state: raspad.State, limit: int) -> int | None:
    """The fewest moves that win from `state` when at most `limit`, else None (plain
    recursion over every legal move; Raspad's positions form a DAG)."""
    if limit <= 0:
        return None
    best: int | None = None
    for m in raspad.legal_moves(state):
        child = raspad.apply(state, m)
        if child.result == WON:
            return 1
        if child.result != "playing":
            continue
        sub = raspad_brute(child, min(limit, best or limit) - 1)
        if sub is not None and (best is None or sub + 1 < best):
            best = sub + 1
    return best


@st_.composite
def raspad_positions(draw: st_.DrawFn) -> raspad.State:
    jokers = draw(st_.booleans())
    deck = draw(st_.permutations(cards.deck_54() if jokers else cards.deck_52()))
    n_stock = draw(st_.integers(0, 4))
    n_hand = draw(st_.integers(1, 4))
    n_table = draw(st_.integers(2, 4))
    stock = list(deck[:n_stock])
    hand = list(deck[n_stock : n_stock + n_hand])
    table: list[str | None] = list(deck[n_stock + n_hand : n_stock + n_hand + n_table])
    discard = list(deck[n_stock + n_hand + n_table :])
    # the engine's own settling: decay, automatic closes and failed kons
    return raspad._settle(stock, hand, table, discard, 1, 0, [], 0, jokers)


def replays_raspad(state: raspad.State, moves: tuple[str, ...]) -> str:
    for m in moves:
        state = raspad.apply(state, m)
    return state.result


@settings(max_examples=60, deadline=None)
@given(raspad_positions())
def test_raspad_verdicts_agree_with_brute_force(state: raspad.State) -> None:
    sol = solve("raspad", state, BIG)
    assert sol.verdict != UNDECIDED
    if state.result != "playing":
        assert sol.verdict == (WON if state.result == WON else LOST)
        return
    shortest = raspad_brute(state, 40)
    if sol.verdict == LOST:
        assert shortest is None and sol.moves == ()
    else:
        assert shortest is not None
        assert replays_raspad(state, sol.moves) == WON
        assert sol.minimal  # small enough for the branch and bound to finish
        assert len(sol.moves) == shortest


# ---------------------------------------------------------------------------------- Kosa


def kosa_full(state: kosa.State) -> tuple[object, ...]:
    """Everything of a position but its events (which say how it was reached); with no limit on
    passes the pass's number changes nothing the rules decide, so it is left out."""
    return (
        state.braid,
        state.spots,
        state.found,
        state.stock,
        state.waste,
        state.pass_no if state.max_passes is not None else 0,
        state.moved,
        state.result,
    )


def kosa_brute(state: kosa.State) -> bool:
    """Whether some line of legal moves wins: plain reachability over every position the legal
    moves lead to, each entered once (a winning line never needs to enter one twice)."""
    seen = {kosa_full(state)}
    todo = [state]
    while todo:
        here = todo.pop()
        for m in kosa.legal_moves(here):
            child = kosa.apply(here, m)
            if child.result == WON:
                return True
            k = kosa_full(child)
            if child.result == "playing" and k not in seen:
                seen.add(k)
                todo.append(child)
    return False


@st_.composite
def kosa_positions(draw: st_.DrawFn) -> kosa.State:
    """All 104 cards on the eight foundations but the last few (at most five), which lie in
    the braid, on spots, in the stock or the waste."""
    base = draw(st_.sampled_from(ORDER))
    b = ORDER.index(base)
    run = [ORDER[(b + i) % 13] for i in range(13)]
    # foundation i holds suit "SHDC"[i % 4]; one card comes off its top for each time `i`
    # is drawn: mostly the two spade foundations (0 and 4), so that cards bury each other
    cut = [0] * 8
    for i in draw(st_.lists(st_.sampled_from([0, 1, 4]), min_size=1, max_size=5)):
        cut[i] += 1
    found = []
    loose: list[str] = []
    for i, c in enumerate(cut):
        suit = "SHDC"[i % 4]
        pile = [r + suit for r in run]
        loose.extend(pile[13 - c :])
        found.append("".join(pile[: 13 - c]))
    loose = draw(st_.permutations(loose))
    places = draw(
        # few spots: cards pile up and bury each other (lost positions are found too)
        st_.lists(st_.sampled_from(["b", "s", "w", 0, 0, 1, 6]), min_size=len(loose))
    )
    braid, stock, waste = "", "", ""
    spots = [""] * 12
    for card, place in zip(loose, places, strict=False):
        if place == "b":
            braid += card
        elif place == "s":
            stock += card
        elif place == "w":
            waste += card
        else:
            assert isinstance(place, int)
            spots[place] += card
    passes = draw(st_.sampled_from([None, 1, 2, 3]))
    state = kosa.State(
        max_passes=passes,
        seed=None,
        base=base,
        braid=braid,
        spots=tuple(spots),
        found=tuple(found),
        stock=stock,
        waste=waste,
        pass_no=1 if passes is None else draw(st_.integers(1, passes)),
        moved=draw(st_.booleans()),
    )
    return kosa._settle(state)  # the engine's own automatic fills and end checks


def replays_kosa(state: kosa.State, moves: tuple[str, ...]) -> str:
    for m in moves:
        state = kosa.apply(state, m)
    return state.result


@settings(max_examples=100, deadline=None)
@given(kosa_positions())
def test_kosa_verdicts_agree_with_brute_force(state: kosa.State) -> None:
    sol = solve("kosa", state, BIG, shortest=False)  # (the verdict and a line are checked)
    assert sol.verdict != UNDECIDED
    if state.result != "playing":
        assert sol.verdict == (WON if state.result == WON else LOST)
        return
    winnable = kosa_brute(state)
    if sol.verdict == LOST:
        assert not winnable and sol.moves == ()
    else:
        assert winnable
        assert replays_kosa(state, sol.moves) == WON


def test_kosa_buried_card_is_proved_lost() -> None:
    """Base A, every foundation complete but one of spades, which needs 3S; 3S lies under 5S
    in L1 (on 6S … KS), 4S in the stock: 4S can fill a spot, move onto 5S, never reach the
    foundation. The solver proves it by search (the position has moves)."""
    run = [r + "S" for r in ORDER]
    full = ["".join(r + s for r in ORDER) for s in "SHDC"]
    state = kosa.State(
        max_passes=None,
        seed=None,
        base="A",
        braid="",
        spots=("".join(reversed(run[5:])) + "3S5S", *[""] * 11),
        found=(*full, "".join(run[:2]), *full[1:]),
        stock="4S",
        waste="",
    )
    state = kosa._settle(state)
    assert state.result == "playing" and kosa.legal_moves(state)  # 4S fills a spot first
    sol = solve("kosa", state, BIG)
    assert sol.verdict == LOST and sol.moves == ()
    assert sol.nodes > 1
    assert not kosa_brute(state)
