"""Parquet as the bot offers it: a table game for two with open hands, a move in two taps (a
card or a cell, then a cell), offered in inline mode."""

from __future__ import annotations

import rules
from bot.registry import GameSpec, register

register(
    GameSpec(
        kind="parquet",
        family="table",
        game=rules.GAMES["parquet"],
        icon="🧩",
        screens="bot.render.parquet",
        taps=2,
        inline=True,
        ranking="lower",  # the cards left in hand: fewer is better
    )
)
