"""A fifth game that exists only in the tests: the toy Nim, declared to the bot the way a real
game is (`bot.registry`), to show that a new game is its own files only:

- `nim.py` — the engine (the rules API of `../shared/rules/API.md`);
- `nim_ai.py` — its computer player (`suggest`);
- `render_nim.py` — its screens (`render`, `render_private`, `render_hand`);
- `locales/ru.ftl`, `locales/en.ftl` — its texts;
- this module — one `register(GameSpec(...))` per kind, when it is imported: it is a module
  EXTRA_GAMES may name (`EXTRA_GAMES=tests.toy`), as an operator names a game of their own.

Two kinds from one engine: `nim` (open piles, two taps a move: a pile, then how many) and
`nimh` (each seat also holds three hidden cards, one tap a move on the private hand). Unless
EXTRA_GAMES names this module, the tests withdraw the toy before collecting theirs
(`withdrawn_unless`, `tests/bot/conftest.py`) and offer it in a fixture, `with registered():
yield`, while the tests that play it run; so no other test sees it. With EXTRA_GAMES naming
it, every test runs with it offered (and `registered` leaves it so). Its locale texts stay
loaded (the catalog has no way to drop them); they are complete in both languages, like every
other game's.

Beside it, a toy solitaire, Ladder, is declared the same way by `ladder_spec.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from bot.registry import GAMES, GameSpec, Setting, Settings, register, unregister
from rules.registry import Game
from tests.toy import nim

KINDS = ("nim", "nimh")
LOCALES = Path(__file__).parent / "locales"
GAME = Game(nim, ai="tests.toy.nim_ai")

NIM_PILES = Setting("piles", nim.PILES, 3)


def _piles_by_seats(seats: int) -> int:
    """`nimh` without a choice: a pile more than seats, 3 to 5."""
    return max(3, min(5, seats + 1))


NIMH_PILES = Setting("piles", nim.PILES, None, auto=_piles_by_seats, variant=True)


def _nim_options(settings: Settings, seats: int) -> dict[str, Any]:
    return {"players": seats, "piles": NIM_PILES.value(settings, seats)}


def _nimh_options(settings: Settings, seats: int) -> dict[str, Any]:
    return {"players": seats, "piles": NIMH_PILES.value(settings, seats), "hands": True}


def specs() -> tuple[GameSpec, ...]:
    """The toy's two kinds, as the bot sees them."""
    common: dict[str, Any] = {
        "family": "table",
        "game": GAME,
        "screens": "tests.toy.render_nim",
        "ranking": "higher",  # the counters taken: more is better
        "locales": LOCALES,
    }
    return (
        GameSpec(
            kind="nim",
            icon="🪙",
            taps=2,
            settings=(NIM_PILES,),
            options=_nim_options,
            **common,
        ),
        GameSpec(
            kind="nimh",
            icon="🧮",
            hidden_hands=True,
            settings=(NIMH_PILES,),
            options=_nimh_options,
            **common,
        ),
    )


@contextmanager
def offering(games: Sequence[GameSpec]) -> Iterator[None]:
    """Offer `games` while the block runs; then withdraw those that were not offered before
    (registering a kind that is offered already is harmless: it replaces itself)."""
    before = {game.kind for game in games if game.kind in GAMES}
    for game in games:
        register(game)
    try:
        yield
    finally:
        for game in games:
            if game.kind not in before:
                unregister(game.kind)


@contextmanager
def withdrawing(kinds: Sequence[str]) -> Iterator[None]:
    """Withdraw `kinds` while the block runs (then offer them again, after the others)."""
    gone = [GAMES[kind] for kind in kinds if kind in GAMES]
    for game in gone:
        unregister(game.kind)
    try:
        yield
    finally:
        for game in gone:
            register(game)


def registered() -> AbstractContextManager[None]:
    """Offer the toy's kinds while the block runs (then withdraw them, unless they were
    offered before: EXTRA_GAMES named this module)."""
    return offering(specs())


def withdrawn_unless(modules: Sequence[str], module: str, kinds: Sequence[str]) -> None:
    """Withdraw `kinds`, which `module` registered when imported, unless `modules` (the
    EXTRA_GAMES of this run) names it."""
    if module not in modules:
        for kind in kinds:
            unregister(kind)


@contextmanager
def offered(
    registered: Callable[[], AbstractContextManager[object]], records: Callable[[], list[Any]]
) -> Iterator[None]:
    """A toy offered while a test runs (`registered`: its module's), and afterwards no text the
    bot asked for missing in every language (`records`: the test's captured log records)."""
    with registered():
        yield
    missing = [r.getMessage() for r in records() if "i18n_missing" in r.getMessage()]
    assert not missing, "texts the bot asked for and found in no language"


for _spec in specs():  # as EXTRA_GAMES loads it: the module registers its games itself
    register(_spec)
