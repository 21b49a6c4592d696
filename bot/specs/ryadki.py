"""Ryadki as the bot offers it: a table game for 2–6 with hidden hands, its deck chosen by
the number of seats (or the creator), 1, 3 or 7 deals."""

from __future__ import annotations

import rules
from bot.registry import GameSpec, Options, Setting, Settings, register
from rules.views import View


def _deck(seats: int) -> int:
    """The deck by seat count (rule page): 36 up to 4 players, 52 above."""
    return 36 if seats <= 4 else 52


SETTINGS = (
    Setting("deck", (36, 52), None, auto=_deck, variant=True),
    Setting("deals", (1, 3, 7), 7),
)


def _options(settings: Settings, seats: int) -> Options:
    deck, deals = SETTINGS
    return {
        "players": seats,
        "deck": deck.value(settings, seats),
        "deals": deals.value(settings, seats),
    }


def _illegal(view: View) -> str:
    """A card that cannot be played: on a stack, it must answer the card led."""
    return "ry-must-match" if view.get("stack") else "grp-illegal"


register(
    GameSpec(
        kind="ryadki",
        family="table",
        game=rules.GAMES["ryadki"],
        icon="🃏",
        screens="bot.render.ryadki",
        hidden_hands=True,
        ranking="higher",  # the game score: more is better
        settings=SETTINGS,
        options=_options,
        illegal=_illegal,
    )
)
