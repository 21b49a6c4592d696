"""Parquet: worked examples of parquet.md, the end rules, options, JSON, view, resign."""

from __future__ import annotations

import json

import pytest

from rules import GAMES, IllegalMove, parquet
from rules.parquet import position
from rules.registry import Game


def places_on(moves: list[str], cell: str) -> set[str]:
    """Cards of placement moves onto `cell`."""
    return {m[:2] for m in moves if m.endswith("@" + cell)}


# ---------------------------------------------------------------- module surface


def test_module_surface() -> None:
    game = GAMES["parquet"]
    assert isinstance(game, Game) and game.engine is parquet  # the registry entry wraps the module
    assert game.NAME == "parquet" and game.apply is parquet.apply and game.view is parquet.view
    assert parquet.NAME == "parquet"
    assert parquet.PLAYERS == (2, 2)
    assert set(parquet.DEFAULT_OPTIONS) == {"red", "first"}


def test_new_game_hands_and_first_moves() -> None:
    s = parquet.new_game({"red": 1, "first": 0}, seed=3)
    v = parquet.view(s, 0)
    assert v["red"] == 1 and v["turn"] == 0 and v["phase"] == "cross"
    assert all(c[1] in "SC" for c in v["hands"][0]) and len(v["hands"][0]) == 18
    assert all(c[1] in "HD" for c in v["hands"][1]) and len(v["hands"][1]) == 18
    assert v["board"] == [[None] * 7 for _ in range(5)]
    moves = parquet.legal_moves(s, 0)
    # phase 1 opens on the four inner cross cells, any card
    assert len(moves) == 18 * 4 and moves == sorted(moves)
    assert {m[3:] for m in moves} == {"24", "44", "33", "35"}
    assert parquet.legal_moves(s, 1) == []
    assert parquet.status(s).as_dict() == {
        "over": False,
        "winners": [],
        "scores": [18, 18],
        "result": "playing",
    }


# ---------------------------------------------------------------- worked examples


def test_example_1_cross_outer_cell_needs_adjacent_rank() -> None:
    # inner up cell (2,4) holds K♠: the outer up cell (1,4) takes any Q or A, not a K or a J
    s = position({"24": "KS"}, red=0, turn=0, phase="cross")
    red_cards = places_on(parquet.legal_moves(s, 0), "14")
    assert red_cards == {"QH", "QD", "AH", "AD"}
    s = position({"24": "KS"}, red=0, turn=1, phase="cross")
    assert places_on(parquet.legal_moves(s, 1), "14") == {"QS", "QC", "AS", "AC"}
    with pytest.raises(IllegalMove):
        parquet.apply(s, "KC@14", 1)
    with pytest.raises(IllegalMove):
        parquet.apply(s, "JS@14", 1)
    # an outer cell whose inner cell is empty takes nothing
    assert places_on(parquet.legal_moves(s, 1), "54") == set()


def test_example_2_corner_rule() -> None:
    # (2,4) 9♥ red, (2,3) 10♠ black, centre empty; black places 8♣ on the centre
    s = position({"24": "9H", "23": "TS"}, red=0, turn=1)
    moves = parquet.legal_moves(s, 1)
    assert "8C@34" in moves
    assert "JC@13" in moves  # p=(1,3), q=(2,3), r=(2,4): run 9-10-J, mixed colours
    after = parquet.apply(s, "8C@34", 1)
    assert parquet.view(after, 0)["board"][2][3] == "8C"
    assert after.events[0] == {"e": "place", "seat": 1, "card": "8C", "cell": "34"}
    # no L exists off the pair's line: (2,2) and (2,5) continue the row, not a corner
    assert places_on(moves, "22") == places_on(moves, "25") == set()
    # the run must use q and r: 7 or Q do not complete 9-10
    assert "7C@34" not in moves and "QC@34" not in moves


def test_example_3_colour_rule() -> None:
    # q = 9♠, r = 10♣, both black: Black may not use the pair for J♣, Red may use it for J♥
    board = {"24": "9S", "23": "TC"}
    black = parquet.legal_moves(position(board, red=0, turn=1), 1)
    assert not any(m.startswith("J") or m.startswith("8") for m in black if "@" in m)
    red = parquet.legal_moves(position(board, red=0, turn=0), 0)
    assert "JH@34" in red and "8D@34" in red and "JD@13" in red


def test_example_4_ace_joins_king_and_six() -> None:
    # q = K♦, r = A♠: a 6 or a Q completes a run (K-A-6, Q-K-A)
    s = position({"24": "KD", "23": "AS"}, red=0, turn=0)
    assert places_on(parquet.legal_moves(s, 0), "34") == {"6H", "6D", "QH", "QD"}
    s = position({"24": "KD", "23": "AS"}, red=0, turn=1)
    assert places_on(parquet.legal_moves(s, 1), "34") == {"6S", "6C", "QS", "QC"}


def test_king_six_seven_is_not_a_run() -> None:
    # K and 6 take only the ace between them (K-A-6); K-6-7 is not a run
    s = position({"24": "KD", "23": "6S"}, red=0, turn=0)
    assert places_on(parquet.legal_moves(s, 0), "34") == {"AH", "AD"}


def test_equal_ranks_make_no_run() -> None:
    s = position({"24": "9D", "23": "9S"}, red=0, turn=1)
    assert parquet.status(s).over  # no placement, no relocation for either side


# ---------------------------------------------------------------- phases, relocation, passes


def test_cross_completes_into_corner_phase_for_good() -> None:
    s = position(
        {"24": "KS", "14": "QH", "44": "9S", "54": "TH", "33": "7S", "32": "8H", "35": "JS"},
        red=0,
        turn=0,
        phase="cross",
    )
    # only the outer right cell is left: J♠ inside wants a 10 or a Q (10♥ and Q♥ are out)
    assert parquet.legal_moves(s, 0) == ["QD@36", "TD@36"]
    after = parquet.apply(s, "QD@36", 0)
    assert parquet.view(after, 0)["phase"] == "corner"
    assert {"e": "phase", "phase": "corner"} in after.events
    black = parquet.legal_moves(after, 1)
    # (2,3): q = (2,4) K♠, r = (1,4) Q♥ → J or A; q = (3,3) 7♠, r = (3,2) 8♥ → 6 or 9
    assert places_on(black, "23") == {"JC", "AS", "AC", "6S", "6C", "9C"}
    # the centre touches only straight arms: no L yet, so nothing goes there
    assert places_on(black, "34") == set()


def test_no_placement_means_relocation() -> None:
    # Red (seat 0) holds no 8 and no J; the only pair on the board (9♠ 10♣) wants an 8 or a J.
    board = {"24": "9S", "23": "TC", "11": "8H", "17": "8D", "51": "JH", "57": "JD"}
    s = position(board, red=0, turn=0, last_placer=1)
    moves = parquet.legal_moves(s, 0)
    expected = {f"{o}>{p}" for o in ("11", "17", "51", "57") for p in ("13", "14", "33", "34")}
    assert set(moves) == expected
    assert parquet.view(s, 0)["must_relocate"] is True
    after = parquet.apply(s, "11>34", 0)
    assert after.events[0] == {
        "e": "relocate",
        "seat": 0,
        "card": "8H",
        "from": "11",
        "to": "34",
    }
    assert parquet.view(after, 1)["board"][0][0] is None
    # a relocation is not a placement: the last placer stays
    assert after.last_placer == 1
    # black now has placements next to the mixed pair 9♠ 8♥ (a 7 or a 10)
    assert "7S@25" in parquet.legal_moves(after, 1)
    with pytest.raises(IllegalMove):
        parquet.apply(s, "11>11", 0)
    with pytest.raises(IllegalMove):
        parquet.apply(s, "24>34", 0)  # not an own card


def test_relocation_forbidden_while_a_placement_exists() -> None:
    s = position({"24": "9H", "23": "TS"}, red=0, turn=1)
    assert all("@" in m for m in parquet.legal_moves(s, 1))
    with pytest.raises(IllegalMove):
        parquet.apply(s, "23>34", 1)


def test_automatic_pass_and_double_pass_end() -> None:
    # Red relocates; Black has nothing; Red relocates again; Black passes; ...
    board = {"24": "9S", "23": "TC", "11": "8H", "17": "8D", "51": "JH", "57": "JD"}
    s = position(board, red=0, turn=1, last_placer=0)
    # Black to move has no placement and no relocation: passed automatically, Red to move
    assert s.events[0] == {"e": "pass", "seat": 1}
    assert s.turn == 0 and not s.over
    # two far-apart cards: nobody can move; both pass in a row, the last placer wins
    s = position({"11": "6S", "57": "AH"}, red=0, turn=0, last_placer=1)
    assert s.over and s.why == "double_pass"
    assert [e["e"] for e in s.events] == ["pass", "pass", "end"]
    assert parquet.status(s).winners == [1]
    assert parquet.view(s, 0)["events"][-1] == {
        "e": "end",
        "why": "double_pass",
        "winners": [1],
    }


def test_full_board_holder_of_36th_card_loses() -> None:
    # replay games until one fills the board; the seat left holding a card loses
    for seed in range(40):
        s = parquet.new_game(seed=seed)
        while not s.over:
            s = parquet.apply(s, parquet.legal_moves(s, s.turn)[seed % 3 - 1], s.turn)
        if s.why == "full":
            st = parquet.status(s)
            assert sorted(st.scores) == [0, 1]
            assert st.winners == [st.scores.index(0)]
            assert sum(c is not None for row in parquet.view(s, 0)["board"] for c in row) == 35
            return
    pytest.fail("no game filled the board")


# The tail of a real game (red 0, first 0): after 9♠ on (3,5) the two sides shuffle cards
# back and forth; the position after 9S@35 occurs for the third time after eight relocations.
REPETITION_GAME = [
    "8H@44",
    "7C@33",
    "JH@35",
    "9C@24",
    "7H@54",
    "8C@32",
    "TD@14",
    "TS@36",
    "8D@25",
    "QS@46",
    "9H@26",
    "JS@37",
    "QH@47",
    "7S@15",
    "6H@22",
    "6S@53",
    "TH@34",
    "6C@55",
    "9D@42",
    "TC@16",
    "7D@41",
    "8S@51",
    "6D@52",
    "AC@45",
    "JD@17",
    "JC@27",
    "KD@56",
    "AS@57",
    "AD@43",
    "51>13",
    "35>23",
    "9S@35",
    "41>21",
    "13>11",
    "21>41",
    "11>13",
    "41>21",
    "13>11",
    "21>41",
    "11>13",
]


def test_threefold_repetition_last_placer_wins() -> None:
    s = parquet.new_game({"red": 0, "first": 0}, seed=18)
    boards = []
    for i, mv in enumerate(REPETITION_GAME):
        assert not s.over, i
        assert mv in parquet.legal_moves(s, s.turn)
        s = parquet.apply(s, mv, s.turn)
        boards.append((parquet.view(s, 0)["board"], s.turn))
    assert s.over and s.why == "repetition"
    assert parquet.status(s).winners == [1]  # Black placed 9♠ last
    n = len(REPETITION_GAME)
    assert boards[n - 1] == boards[n - 5] == boards[n - 9]
    assert s.events[-1] == {"e": "end", "why": "repetition", "winners": [1]}


def test_resign_from_either_seat() -> None:
    s = parquet.new_game({"red": 0, "first": 0}, seed=1)
    out = parquet.apply(s, "resign", 1)  # not on turn
    assert parquet.status(out).as_dict()["winners"] == [0]
    assert out.events == [
        {"e": "resign", "seat": 1},
        {"e": "end", "why": "resign", "winners": [0]},
    ]
    assert "resign" not in parquet.legal_moves(s, 0)
    assert parquet.legal_moves(out, 0) == parquet.legal_moves(out, 1) == []
    with pytest.raises(IllegalMove):
        parquet.apply(out, "resign", 0)
    with pytest.raises(IllegalMove):
        parquet.apply(s, "resign", 2)


# ---------------------------------------------------------------- options, determinism, JSON


@pytest.mark.parametrize(
    "options",
    [{"red": 2}, {"first": -1}, {"red": True}, {"first": "0"}, {"colour": 1}, {"red": 0.0}],
)
def test_bad_options_raise(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        parquet.new_game(options, seed=1)


def test_deck_is_refused() -> None:
    with pytest.raises(ValueError):
        parquet.new_game(seed=1, deck=[])
    from rules.cards import deck_36

    with pytest.raises(ValueError):
        parquet.new_game(seed=1, deck=deck_36())


def test_options_drawn_from_the_seed() -> None:
    seen = set()
    for seed in range(30):
        a = parquet.new_game(seed=seed)
        b = parquet.new_game(seed=seed)
        assert parquet.to_json(a) == parquet.to_json(b)
        seen.add((a.red, a.first))
        c = parquet.new_game({"red": 1}, seed=seed)
        assert c.red == 1 and c.first == a.first
        d = parquet.new_game({"red": None, "first": None}, seed=seed)  # None: drawn as well
        assert parquet.to_json(d) == parquet.to_json(a)
    assert seen == {(0, 0), (0, 1), (1, 0), (1, 1)}
    s = parquet.new_game()
    assert isinstance(s.seed, int) and parquet.new_game(seed=s.seed).red == s.red


def test_json_round_trip_is_compact_and_exact() -> None:
    s = parquet.new_game({"red": 0, "first": 0}, seed=18)
    for mv in REPETITION_GAME[:36]:
        s = parquet.apply(s, mv, s.turn)
        text = parquet.to_json(s)
        back = parquet.from_json(text)
        assert back == s and parquet.to_json(back) == text
    assert len(parquet.to_json(s)) < 800
    assert json.loads(parquet.to_json(s))["hist"]  # the repetition history travels along
    with pytest.raises(ValueError):
        parquet.from_json('{"v": 99}')


def test_view_is_the_same_for_both_players_and_json_able() -> None:
    s = parquet.new_game({"red": 0, "first": 1}, seed=5)
    s = parquet.apply(s, "KS@24", 1)
    v0, v1 = parquet.view(s, 0), parquet.view(s, 1)
    assert v0 == v1
    assert json.loads(json.dumps(v0)) == v0
    assert v0["board"][1][3] == "KS" and v0["last"] == "KS@24" and v0["turn"] == 0
    assert "KS" not in v0["hands"][1] and len(v0["hands"][1]) == 17
    assert v0["status"]["scores"] == [18, 17]
    assert v0["must_relocate"] is False


@pytest.mark.parametrize(
    "move", ["", "KS@", "ks@24", "KS@24 ", "KS@00", "KS@38", "24>25", "XX@24", "KH@24", "pass"]
)
def test_malformed_or_illegal_moves_raise(move: str) -> None:
    s = parquet.new_game({"red": 0, "first": 1}, seed=5)
    before = parquet.to_json(s)
    with pytest.raises(IllegalMove):
        parquet.apply(s, move, 1)
    assert parquet.to_json(s) == before
    with pytest.raises(IllegalMove):
        parquet.apply(s, "KS@24", 0)  # not seat 0's turn
