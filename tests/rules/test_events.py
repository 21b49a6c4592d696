"""The one event format (`rules.events`): every event each game records is one of the
TypedDicts its own module declares (`rules/<game>_view.py`), JSON-able, copied into the view;
and the Raspad and Kosa events say what the bot's event lines need."""

from __future__ import annotations

import importlib
import json
import typing
from typing import Any, get_args, get_origin

import pytest

import rules
from rules import events, kosa, raspad
from rules.rng import Rng
from rules.views import game_view
from tests.rules.test_kosa import make_deck
from tests.rules.test_raspad import deal, position


def conforms(value: Any, hint: Any) -> bool:
    """Whether a JSON value fits a TypedDict field's type (the types `rules.events` uses)."""
    origin = get_origin(hint)
    if origin is typing.Literal:
        return value in get_args(hint)
    if origin is list:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(conforms(v, item) for v in value)
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def event_types(game: str) -> dict[str, type]:
    """The kinds `game` records and their TypedDicts, from its own module."""
    types: dict[str, type] = importlib.import_module(f"rules.{game}_view").EVENT_TYPES
    return types


def check_event(game: str, event: Any) -> None:
    types = event_types(game)
    assert isinstance(event, dict) and event.get("e") in types, (game, event)
    td: Any = types[event["e"]]
    keys = set(event)
    assert td.__required_keys__ <= keys <= td.__required_keys__ | td.__optional_keys__, event
    hints = typing.get_type_hints(td)
    for key, value in event.items():
        assert conforms(value, hints[key]), (event, key)


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_each_kind_of_a_game_names_one_typed_dict(game: str) -> None:
    module = importlib.import_module(f"rules.{game}_view")
    union = getattr(module, f"{game.capitalize()}Event")  # `KosaEvent`: the game's events
    members = get_args(union)
    types = event_types(game)
    assert len(types) == len(members) == len(set(members)) and set(types.values()) == set(members)
    assert types["resign"] is events.Resign  # a kind every game shares: one TypedDict
    # a field only some games have is optional in the shared kinds
    assert events.Resign.__optional_keys__ == {"n"}
    assert events.End.__optional_keys__ == {"result"}


def playout(game: str, options: dict[str, Any], seed: int, resign_at: int) -> list[Any]:
    g = rules.GAMES[game]
    state = g.new_game(options, seed=seed)
    seats = len(game_view(g.view(state, 0))["status"]["scores"]) or 1
    rng = Rng(seed)
    seen: list[Any] = []
    for step in range(600):
        view = game_view(g.view(state, 0))
        seen.extend(view["events"])
        json.dumps(view["events"])
        if view["events"]:  # the view holds copies: changing them changes nothing
            other = g.view(state, 0)["events"]
            assert isinstance(other, list)
            other[0]["e"] = "changed"
            assert g.view(state, 0)["events"] == view["events"]
        if g.status(state).over:
            break
        mover = next(p for p in range(seats) if g.legal_moves(state, p))
        if step == resign_at:
            state = g.apply(state, "resign", mover)
            continue
        moves = g.legal_moves(state, mover)
        card = [m for m in moves if ">" in m] if game == "kosa" else []
        pick = card if card and rng.below(4) else moves
        state = g.apply(state, pick[rng.below(len(pick))], mover)
    return seen


# every game with its defaults, and a few variants of its own
PLAYOUTS: list[tuple[str, dict[str, Any]]] = [(game, {}) for game in sorted(rules.GAMES)] + [
    ("raspad", {"jokers": True}),
    ("kosa", {"max_passes": 1}),
    ("ryadki", {"players": 3, "deals": 2}),
]


@pytest.mark.parametrize(("game", "options"), PLAYOUTS)
def test_every_recorded_event_is_typed_and_json_able(game: str, options: dict[str, Any]) -> None:
    kinds: set[str] = set()
    for seed in range(8):
        seen = playout(game, options, seed, resign_at=5 if seed == 3 else -1)
        for event in seen:
            check_event(game, event)
        kinds |= {e["e"] for e in seen}
    assert "resign" in kinds and kinds & {"end", "game_end"}
    assert len(kinds) >= len(event_types(game)) // 2, kinds


# ---------------------------------------------------------------------- raspad


def test_raspad_events_of_a_declared_fail_and_a_declared_close() -> None:
    s = raspad.new_game(deck=deal(["QS", "7C", "5D", "3H", "9H", "KD"], ["JS", "8H", "6C", "2D"]))
    assert s.events == ()
    s = raspad.apply(s, "QS>JS")
    assert s.events == ({"e": "beat", "card": "QS", "target": "JS"},)
    s = raspad.apply(s, "fail")
    assert s.events == ({"e": "fail", "auto": False},)
    won = raspad.apply(position(["2C", "3C"], [None, "KH", None], ["9S"]), "close")
    assert won.events == (
        {"e": "close", "auto": False},
        {"e": "end", "result": "won", "winners": [0]},
    )
    gone = raspad.apply(s, "resign")
    assert gone.events == (
        {"e": "resign", "seat": 0},
        {"e": "end", "result": "resigned", "winners": []},
    )
    assert raspad.view(gone, 0)["events"] == list(gone.events)


def test_raspad_decays_are_one_event_per_card_in_order() -> None:
    # worked example 2 of raspad.md: A♣ decays, then 2♥, then the kon closes by itself
    rest = ["KS", "QS", "JS", "TS", "9S", "8S"]
    s = raspad.new_game(
        deck=deal(["5S", "7H", "3C", "4D", "6D", "9C"], ["4S", "2H", "AC", "7D"], rest)
    )
    s = raspad.apply(raspad.apply(s, "5S>4S"), "7H>7D")
    assert [e["e"] for e in s.events] == ["beat", "decay", "decay", "close"]
    assert [e["card"] for e in s.events if e["e"] == "decay"] == ["AC", "2H"]


# ---------------------------------------------------------------------- kosa


def test_kosa_events_of_moves_fills_draws_and_redeals() -> None:
    # the rule page's example: 9♠ from the braid to a foundation; the 10 leaves corner L1
    deck = make_deck({32: "9H", 19: "9S", 18: "8D", 20: "TS", 22: "JS"})
    st = kosa.new_game(deck=deck)
    assert st.events == ()
    st = kosa.apply(st, "b>F2")
    assert st.events == ({"e": "move", "card": "9S", "from": "b", "to": "F2"},)
    st = kosa.apply(st, "L1>F2")
    assert st.events == ({"e": "move", "card": "TS", "from": "L1", "to": "F2"},)
    st = kosa.apply(st, "b>L1")  # the player's fill of the vacant corner
    assert st.events == ({"e": "fill", "card": "8D", "from": "b", "to": "L1"},)
    top = st.stock[-2:]
    st = kosa.apply(st, "d")
    assert st.events == ({"e": "draw", "card": top},)
    while "d" in kosa.legal_moves(st):
        st = kosa.apply(st, "d")
    st = kosa.apply(st, "r")
    assert st.events == ({"e": "redeal", "pass": 2},)
    gone = kosa.apply(st, "resign")
    assert gone.events == (
        {"e": "resign", "seat": 0},
        {"e": "end", "result": "resigned", "winners": []},
    )


def test_kosa_automatic_fills_are_autofill_events() -> None:
    # a side spot emptied while the stock is empty and the waste holds cards: the waste is the
    # only source, so the rules fill it by themselves
    seen = 0
    for seed in range(30):
        st = kosa.new_game(seed=seed)
        rng = Rng(seed)
        for _ in range(400):
            moves = kosa.legal_moves(st)
            if not moves:
                break
            before = st
            st = kosa.apply(st, moves[rng.below(len(moves))])
            for e in st.events:
                if e["e"] == "autofill":
                    spot = kosa.view(st, 0)["spots"][e["to"]]
                    assert e["card"] in spot and e["from"] in ("b", "s", "w")
                    assert not before.spots[kosa.SPOTS.index(e["to"])] or e["to"] in {
                        m.split(">")[0] for m in moves
                    }
                    seen += 1
    assert seen >= 5


def test_kosa_losing_redeal_ends_with_an_end_event() -> None:
    for seed in range(20):
        st = kosa.new_game(seed=seed)
        while st.result == "playing":
            moves = kosa.legal_moves(st)
            st = kosa.apply(st, "d" if "d" in moves else "r" if "r" in moves else moves[0])
        if st.result == "lost" and st.events[0]["e"] == "redeal":
            assert st.events[-1] == {"e": "end", "result": "lost", "winners": []}
            return
    raise AssertionError("no losing redeal found")


def test_solitaire_states_with_events_stay_hashable() -> None:
    # frozen states were hashable before they carried event dicts; the events are left out
    # of the hash (equality still compares them)
    for g in (kosa, raspad):
        state = g.new_game(seed=4)
        after = g.apply(state, g.legal_moves(state)[0])
        assert after.events and isinstance(hash(after), int)
        assert g.from_json(g.to_json(after)) == after
