"""One conformance suite over every game the bot offers (`bot.registry.GAMES`: the built-in ones,
those of EXTRA_GAMES and the toys of `tests/toy`, Nim's two kinds and Ladder), in the spirit of
OpenSpiel's games_sim_test: seeded random playouts to the end through the rules API alone,
every position checked.

At every position: each legal move applies, a move that is not legal raises IllegalMove and
leaves the state as it was, the JSON round trip is exact, every seat's view is JSON with the
status the rules report, a hidden-hand game's views show no other seat's cards, and every
screen the game's renderer declares (board, private game, hand; both languages in turn) fits
Telegram: text ≤ 4096, ≤ 100 buttons, ≤ 8 a row, callback data ≤ 64 bytes that parses. The
playout ends (resigns now and then, and after a bound), with winners, and replays the same.
Every locale key the registry implies for a game exists in Russian and English.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.events import Event, removed_event, timeout_event
from bot.i18n import catalog
from bot.registry import GAMES, GameSpec, spec
from bot.render.screen import Screen, SoloCtx, TableCtx
from bot.wire.callbacks import parse
from rules import IllegalMove
from rules.rng import Rng
from tests import toy
from tests.toy import ladder_spec

# every game offered (read at collection) and the toys, offered while this module runs
KINDS = tuple(dict.fromkeys((*GAMES, *toy.KINDS, ladder_spec.KIND)))
LANGS = ("ru", "en")
MOVE_LIMIT = 300  # then everyone still seated resigns
RESIGN_ODDS = 120  # a seated player resigns at a position with a chance of 1 in this
SAMPLE = 24  # legal moves applied at each position (all of them when fewer)
NAMES = ["Александра Константинопольская", "Bob", "<Carol & co>", "🤖 Ada", "Dave", "Eve"]
EXAMPLES = settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@pytest.fixture(scope="module", autouse=True)
def _toy_registered() -> Iterator[None]:
    with toy.registered(), ladder_spec.registered():
        yield


@pytest.fixture(autouse=True)
def _every_text_found(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """No screen asked for a locale key that no language has."""
    yield
    missing = [r.getMessage() for r in caplog.records if "i18n_missing" in r.getMessage()]
    assert not missing, missing[:5]


def renderer(game: GameSpec) -> ModuleType:
    return importlib.import_module(game.screens)


# -- a position's checks ----------------------------------------------------------------------


def leaves(value: Any) -> Iterator[str]:
    """Every string in a JSON value (keys aside)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from leaves(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from leaves(v)


def check_views(game: GameSpec, state: Any, seats: int) -> dict[int, dict[str, Any]]:
    rules_game = game.game
    status = rules_game.status(state).as_dict()
    viewers = [*range(seats), -1] if not game.solitaire else [0]
    # read loosely, by key: any registered game's view (the toy's too)
    views: dict[int, dict[str, Any]] = {p: dict(rules_game.view(state, p)) for p in viewers}
    for p, view in views.items():
        assert json.loads(json.dumps(view)) == view, (game.kind, p)
        assert view["status"] == status
        assert all(isinstance(ev, dict) and isinstance(ev.get("e"), str) for ev in view["events"])
        if not game.solitaire:
            assert "turn" in view
    public_events = views[viewers[-1]]["events"]
    assert all(v["events"] == public_events for v in views.values()), "events differ by seat"
    if game.hidden_hands:  # events are the same for all (above); the rest hides other hands
        hands = {p: set(views[p]["hand"]) for p in range(seats)}
        assert not views[-1]["hand"]
        for p in [*range(seats), -1]:
            seen = {k: set(leaves(v)) for k, v in views[p].items() if k != "events"}
            for q in range(seats):
                shown = {k: cards & hands[q] for k, cards in seen.items() if cards & hands[q]}
                assert q == p or not shown, f"{game.kind}: seat {p} sees seat {q}'s {shown}"
    return views


def check_moves(game: GameSpec, state: Any, seats: int, rng: Rng) -> dict[int, list[str]]:
    rules_game = game.game
    before = rules_game.to_json(state)
    back = rules_game.from_json(before)
    assert rules_game.to_json(back) == before
    legal = {p: rules_game.legal_moves(state, p) for p in range(seats)}
    assert {p: rules_game.legal_moves(back, p) for p in range(seats)} == legal
    over = rules_game.status(state).over
    movers = [p for p in range(seats) if legal[p]]
    if over:
        assert not movers
    else:
        assert movers, f"{game.kind}: nobody may move in a game that is on"
    if not game.solitaire and not over:
        turn = rules_game.view(state, -1)["turn"]
        assert movers == [turn], (game.kind, movers, turn)
    for p in movers:
        assert legal[p] == sorted(legal[p]) and "resign" not in legal[p]
        moves = list(legal[p])
        rng.shuffle(moves)
        for move in moves[:SAMPLE]:
            after = rules_game.apply(state, move, p)
            text = rules_game.to_json(after)
            assert rules_game.to_json(rules_game.from_json(text)) == text
        for q in range(seats):
            if q != p:
                with pytest.raises(IllegalMove):
                    rules_game.apply(state, legal[p][0], q)
    for p in range(seats):
        for bad in ("zz", "", "9>9@9", "~pick:1"):
            with pytest.raises(IllegalMove):
                rules_game.apply(state, bad, p)
    assert rules_game.to_json(state) == before, f"{game.kind}: a refused move changed the state"
    return legal


def check_screen(screen: Screen, where: str) -> None:
    assert isinstance(screen, Screen), where
    assert screen.text.strip(), where
    assert len(screen.text.encode("utf-16-le")) // 2 <= 4096, where  # ≥ the visible text
    if screen.keyboard is None:
        return
    rows = screen.keyboard.inline_keyboard
    assert sum(len(r) for r in rows) <= 100, where
    for row in rows:
        assert 1 <= len(row) <= 8, where
        for b in row:
            assert b.text.strip(), where
            actions = [b.callback_data, b.url, b.switch_chosen, b.copy, b.disabled or None]
            assert sum(a is not None for a in actions) == 1, (where, b)
            if b.callback_data is not None:
                assert len(b.callback_data.encode()) <= 64, (where, b)
                assert parse(b.callback_data) is not None, (where, b)


def pick_of(move: str) -> str:
    """A two-tap move's source (`rules.notation.move_targets`: `<source>@…`, `<source>>…`)."""
    return re.split("[@>]", move, maxsplit=1)[0]


def table_ctx(game: GameSpec, view: dict[str, Any], lang: str, step: int, **kw: Any) -> TableCtx:
    seats = len(view["status"]["scores"]) or 2
    base: dict[str, Any] = {
        "lang": lang,
        "game_id": "ToyG4me01",
        "version": step + 1,
        "events": view["events"],
        "names": NAMES[:seats],
        "bot_username": "card_club_bot",
        "code": "AbCdEfGh_-123456",
        "title": "Card <Club> & “friends”",
        "deadline_s": 90,
        "dm_failed": [seats - 1] if step % 5 == 1 else [],
    }
    base.update(kw)
    return TableCtx(**base)


def check_screens(
    game: GameSpec,
    state: Any,
    views: dict[int, dict[str, Any]],
    legal: dict[int, list[str]],
    step: int,
    extra: list[Event],
) -> None:
    lang = LANGS[step % 2]
    module = renderer(game)
    where = f"{game.kind} step {step}"
    if game.solitaire:
        view = views[0]
        solo = SoloCtx(
            lang=lang,
            game_id="ToyG4me01",
            version=step + 1,
            events=view["events"],
            moves=legal[0],
            variant=game.default_variant,
        )
        check_screen(module.render(view, solo), where)
        return
    public = views[-1]
    turn = public["turn"]
    mover_legal = legal.get(turn, []) if turn is not None else []
    events = public["events"] + extra
    board = table_ctx(game, public, lang, step, legal=mover_legal, events=events)
    check_screen(module.render(public, board), where + " board")
    if game.taps == 2 and mover_legal:
        picked = table_ctx(
            game,
            public,
            lang,
            step,
            legal=mover_legal,
            pick=pick_of(mover_legal[step % len(mover_legal)]),
        )
        check_screen(module.render(public, picked), where + " picked")
    seats = len(views) - 1
    private = getattr(module, "render_private", module.render)
    mine = views[0] if game.hidden_hands else public
    ctx = table_ctx(
        game,
        public,
        lang,
        step,
        legal=mover_legal,
        private=True,
        seat=0,
        deadline_s=None,
        computers=list(range(1, seats)),
        confirm_leave=step % 3 == 0,
    )
    check_screen(private(mine, ctx), where + " private")
    if step % 7 == 5:
        ended = table_ctx(game, public, lang, step, why="abandoned")
        check_screen(module.render(public, ended), where + " abandoned")
    if game.hidden_hands:
        for seat in range(seats):
            hand = table_ctx(game, public, lang, step, seat=seat, confirm_leave=seat == step % 4)
            check_screen(module.render_hand(views[seat], hand), f"{where} hand {seat}")


# -- playouts ---------------------------------------------------------------------------------


def setup(game: GameSpec, rng: Rng) -> tuple[dict[str, Any], int]:
    """Seeded options: a seat count and settings (table games), a variant (solitaires)."""
    if game.solitaire:
        variants = sorted(game.variants)
        return dict(game.variants[variants[rng.below(len(variants))]]), 1
    low, high = game.seats
    seats = low + rng.below(high - low + 1)
    chosen = {s.name: s.values[rng.below(len(s.values))] for s in game.settings if rng.below(2)}
    return game.options(chosen, seats), seats


def seated(game: GameSpec, state: Any, seats: int) -> list[int]:
    """The seats still in the game (all of them for a game without `active`)."""
    if game.solitaire:
        return [0]
    active = game.game.view(state, -1).get("active")
    return [p for p in range(seats) if not isinstance(active, list) or active[p]]


def playout(kind: str, seed: int) -> None:
    game = spec(kind)
    rules_game = game.game
    rng = Rng(seed)
    options, seats = setup(game, rng)
    state = rules_game.new_game(dict(options), seed=seed)
    assert rules_game.to_json(rules_game.new_game(dict(options), seed=seed)) == rules_game.to_json(
        state
    ), f"{kind}: the same seed and options must give the same game"
    history: list[tuple[str, int]] = []
    extra: list[Event] = []
    for step in range(MOVE_LIMIT + 10):
        views = check_views(game, state, seats)
        legal = check_moves(game, state, seats, rng)
        check_screens(game, state, views, legal, step, extra)
        if rules_game.status(state).over:
            break
        still = seated(game, state, seats)
        if step >= MOVE_LIMIT or rng.below(RESIGN_ODDS) == 0:
            player, move = still[rng.below(len(still))], "resign"
            extra = [removed_event(player, 3)] if step % 2 else []
        else:
            player = next(p for p in range(seats) if legal[p])
            move = legal[player][rng.below(len(legal[player]))]
            extra = [timeout_event(player, move, 1, 3)] if step % 4 == 3 else []
        state = rules_game.apply(state, move, player)
        history.append((move, player))
        if move == "resign" and not rules_game.status(state).over:
            assert player not in seated(game, state, seats), f"{kind}: a resigned seat plays on"
            with pytest.raises(IllegalMove):
                rules_game.apply(state, "resign", player)
    check_end(game, state, seats)
    replay = rules_game.new_game(dict(options), seed=seed)
    for move, player in history:
        replay = rules_game.apply(replay, move, player)
    assert rules_game.to_json(replay) == rules_game.to_json(state), f"{kind}: not deterministic"


def check_end(game: GameSpec, state: Any, seats: int) -> None:
    rules_game = game.game
    status = rules_game.status(state)
    assert status.over, f"{game.kind}: the playout did not end"
    assert len(status.scores) == seats
    if game.solitaire:
        assert status.result in ("won", "lost", "resigned")
        assert status.winners == ([0] if status.result == "won" else [])
    else:
        assert status.result == "over"
        assert status.winners and set(status.winners) <= set(range(seats)), status.winners
        assert rules_game.view(state, -1)["turn"] is None or status.over
    for p in range(seats):
        assert rules_game.legal_moves(state, p) == []
        with pytest.raises(IllegalMove):
            rules_game.apply(state, "resign", p)


@pytest.mark.parametrize("kind", KINDS)
@EXAMPLES
@given(seed=st.integers(min_value=0, max_value=2**53 - 1))
def test_seeded_playouts_to_the_end(kind: str, seed: int) -> None:
    playout(kind, seed)


@pytest.mark.parametrize("kind", KINDS)
def test_a_fixed_playout_of_every_game(kind: str) -> None:
    """One playout with a seed that never changes (a failure names it)."""
    playout(kind, 20240601)


# -- locale keys ------------------------------------------------------------------------------


def implied_keys(game: GameSpec) -> set[str]:
    """The locale keys the bot asks for a game, by what the registry says of it."""
    k = game.kind
    keys = {game.title_key, f"rules-{k}", f"first-how-{k}"}
    if game.solitaire:
        keys |= {f"btn-{k}", f"new-{k}-title", f"card-title-{k}", f"stats-best-{k}"}
        keys |= {f"card-{k}-won", f"card-{k}-lost"}  # the share card's outcome line
        keys |= {f"variant-{k}-{v}" for v in game.variants}
        return keys
    keys |= {f"grp-btn-{k}", f"btn-ai-{k}", f"ping-{k}", f"lobby-settings-{k}"}
    if not game.hidden_hands:  # reminded in the group itself, too
        keys.add(f"ping-{k}-group")
    for s in game.settings:
        keys.add(f"grp-btn-{s.name}")
        if s.default is None:
            keys.add(f"lobby-{s.name}-auto")
    return keys


@pytest.mark.parametrize("kind", KINDS)
def test_every_implied_locale_key_exists_in_both_languages(kind: str) -> None:
    cat = catalog()
    for lang in LANGS:
        missing = sorted(key for key in implied_keys(spec(kind)) if not cat.has(lang, key))
        assert not missing, f"{kind}: {lang} lacks {missing}"


def test_the_toy_locales_have_the_same_keys_and_fit() -> None:
    keys = {}
    for lang in LANGS:
        text = (toy.LOCALES / f"{lang}.ftl").read_text(encoding="utf-8")
        keys[lang] = set(re.findall(r"^([a-z][a-z0-9-]*) =", text, re.MULTILINE))
    assert keys["ru"] == keys["en"]
    cat = catalog()
    for lang in LANGS:
        for key in keys[lang]:
            assert cat.has(lang, key)
            text = cat.t(
                lang,
                key,
                n=3,
                pile=2,
                piles=4,
                name="Ann",
                names="Ann",
                card="2♥",
                group="Club",
                game="Nim",
            )
            assert text.strip() and "{" not in text, (lang, key, text)
            if "-btn-" in key or key.startswith("btn-"):
                assert len(text) <= 40 and "<" not in text, (lang, key, text)
