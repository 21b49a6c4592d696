"""The views' `TypedDict`s (each game's own, `rules/<game>_view.py`, over `rules.views`) say what
the engines return: over random playouts each game's view has exactly its `TypedDict`'s keys,
every value of the declared type (its events checked by `tests.rules.test_events.check_event`);
and the narrowing helpers refuse a view that lacks a key."""

from __future__ import annotations

import importlib
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, get_args, get_origin, is_typeddict

import pytest

import rules
from rules import views
from rules.rng import Rng
from tests.rules.test_events import check_event

# each game's view and the function that narrows a view to it, from its own module
_OWN = {kind: importlib.import_module(f"rules.{kind}_view") for kind in rules.GAMES}
VIEWS: dict[str, Any] = {kind: getattr(m, f"{kind.capitalize()}View") for kind, m in _OWN.items()}
NARROW: dict[str, Callable[[views.View], Mapping[str, object]]] = {
    kind: getattr(m, f"{kind}_view") for kind, m in _OWN.items()
}


def conforms(value: object, hint: Any) -> bool:
    """Whether a view's value fits its declared type (the types `rules.views` uses)."""
    origin = get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        return any(conforms(value, h) for h in get_args(hint))
    if origin is typing.Literal:
        return value in get_args(hint)
    if origin is list:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(conforms(v, item) for v in value)
    if origin is dict:
        key, item = get_args(hint)
        return isinstance(value, dict) and all(
            conforms(k, key) and conforms(v, item) for k, v in value.items()
        )
    if is_typeddict(hint):
        return isinstance(value, dict) and fits(value, hint) == []
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def fits(view: Mapping[str, object], td: Any) -> list[str]:
    """What is wrong with `view` as a `td` (nothing: [])."""
    hints = typing.get_type_hints(td)
    wrong = [f"missing {k}" for k in hints if k not in view]
    wrong += [f"extra {k}" for k in view if k not in hints]
    wrong += [
        f"{k}={view[k]!r}"
        for k in hints
        if k in view and k != "events" and not conforms(view[k], hints[k])
    ]
    return wrong


def playout_views(kind: str, seed: int) -> list[Mapping[str, object]]:
    g = rules.GAMES[kind]
    options = {"players": 3, "deals": 2} if kind == "ryadki" else None
    state = g.new_game(options, seed=seed)
    seats = g.PLAYERS[1] if kind == "ryadki" else g.PLAYERS[0]
    rng = Rng(seed)
    out: list[Mapping[str, object]] = []
    for step in range(400):
        out += [g.view(state, p) for p in (-1, *range(seats))]
        if g.status(state).over:
            break
        mover = g.turn(state)
        assert mover is not None
        if step == 40 and seed % 2:
            state = g.apply(state, "resign", mover)
            continue
        moves = g.legal_moves(state, mover)
        state = g.apply(state, moves[rng.below(len(moves))], mover)
    return out


@pytest.mark.parametrize("kind", sorted(VIEWS))
@pytest.mark.parametrize("seed", range(3))
def test_every_view_is_its_typed_dict(kind: str, seed: int) -> None:
    td = VIEWS[kind]
    for view in playout_views(kind, seed):
        assert fits(view, td) == [], (kind, view)
        events = views.game_view(view)["events"]
        for event in events:
            check_event(kind, event)
        assert NARROW[kind](view) is view


def test_every_view_type_has_the_base_keys() -> None:
    base = set(typing.get_type_hints(views.GameView))
    assert base == {"status", "events"}
    for td in VIEWS.values():
        assert base <= set(td.__required_keys__), td
        assert td.__optional_keys__ == frozenset(), td


def test_narrowing_checks_the_keys() -> None:
    state = rules.GAMES["raspad"].new_game(seed=1)
    view = dict(rules.GAMES["raspad"].view(state, 0))
    assert NARROW["raspad"](view) is view
    with pytest.raises(TypeError, match="not a kosa view"):
        NARROW["kosa"](view)
    broken = {k: v for k, v in view.items() if k != "status"}
    with pytest.raises(TypeError, match="status"):
        NARROW["raspad"](broken)
    with pytest.raises(TypeError, match="not a game view"):
        views.game_view(broken)
    assert views.game_view({"status": {}, "events": []}) == {"status": {}, "events": []}
