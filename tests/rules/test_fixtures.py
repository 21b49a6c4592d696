"""States saved before `rules.events` (see fixtures/README.md) still load and play on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.rng import Rng
from rules.views import game_view
from tests.rules.test_events import check_event

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def test_there_are_fixtures_of_every_game() -> None:
    games = {load(p)["game"] for p in FIXTURES}
    assert games == set(rules.GAMES)
    raspad_events = [json.loads(load(p)["state"])["events"] for p in FIXTURES if "raspad" in p.name]
    assert any(e and all(isinstance(x, str) for x in e) for e in raspad_events)  # old strings


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_an_old_state_loads_and_plays_on(path: Path) -> None:
    data = load(path)
    g = rules.GAMES[data["game"]]
    state = g.from_json(data["state"])
    events = game_view(g.view(state, 0))["events"]
    if data["game"] in rules.SOLITAIRES:
        assert events == []  # Raspad's old string events (Kosa had none) load as none
    else:
        for event in events:  # Ryadki and Parquet recorded these dicts already
            check_event(data["game"], event)
    for seat, legal in data["legal"].items():
        assert g.legal_moves(state, int(seat)) == legal
    for seat, move in data["moves"]:
        state = g.apply(state, move, seat)
    view = dict(g.view(state, 0))
    view.pop("events")
    # the same game as the old code played it (a view may gain keys: API.md "add more freely")
    assert {k: view.get(k) for k in data["view_after"]} == data["view_after"]
    # and on to the end, saving and loading on the way (new states are lossless)
    seats = len(g.status(state).scores) or 1
    rng = Rng(len(data["state"]))
    for _ in range(3000):
        if g.status(state).over:
            break
        mover = next(p for p in range(seats) if g.legal_moves(state, p))
        moves = g.legal_moves(state, mover)
        state = g.apply(state, moves[rng.below(len(moves))], mover)
        text = g.to_json(state)
        again = g.from_json(text)
        assert again == state and g.to_json(again) == text
    assert g.status(state).over
