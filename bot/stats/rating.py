"""Ratings of the table games with openskill's Weng-Lin Plackett-Luce model.

Plackett-Luce ranks any number of players in one update (2–6 seats) from a
full order with ties (players sharing a place share the update), in time linear in the number of
players; it is openskill's default model. Each player is a team of one. Defaults throughout:
mu 25, sigma 25/3, beta 25/6, tau 25/300 (sigma grows a little before each game, so a rating
never freezes).

The leaderboards rank by the ordinal mu − 3·sigma (the skill a player has with 99.7 %
certainty: it starts at 0 and rises as the games make the rating certain); `shown` turns it
into the number players see.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import NamedTuple

from openskill.models import PlackettLuce

from bot.stats.result import GameResult, places

MODEL = PlackettLuce()


class Rating(NamedTuple):
    mu: float
    sigma: float
    games: int = 0  # rated games played
    version: int = 0  # bumped by every change (the stores' compare-and-set)

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma

    def encode(self) -> str:
        """'version mu sigma games ordinal' (the stored form; Lua reads the first and last)."""
        return f"{self.version} {self.mu!r} {self.sigma!r} {self.games} {self.ordinal!r}"

    @classmethod
    def decode(cls, text: str | bytes) -> Rating:
        parts = (text.decode() if isinstance(text, bytes) else text).split()
        return cls(float(parts[1]), float(parts[2]), int(parts[3]), int(parts[0]))


def initial() -> Rating:
    return Rating(MODEL.mu, MODEL.sigma)


def update(before: list[Rating], ranks: list[float]) -> list[tuple[float, float]]:
    """The new (mu, sigma) of players (each a team of one) placed `ranks` (lower is better).

    This is `MODEL.rate(teams, ranks=ranks)` without the per-call copies and argument checks
    that make up half of its cost: the same tau step (sigma² + tau² before the game), the same
    order (best first: the model's `_compute` needs it), then the model's own update. Tests
    check it against `MODEL.rate` on random games, ties included."""
    tau2 = MODEL.tau * MODEL.tau
    order = sorted(range(len(before)), key=ranks.__getitem__)
    teams = [
        [MODEL.rating(mu=before[i].mu, sigma=math.sqrt(before[i].sigma ** 2 + tau2))] for i in order
    ]
    after = MODEL._compute(teams=teams, ranks=[ranks[i] for i in order])
    out = [(0.0, 0.0)] * len(before)
    for i, team in zip(order, after, strict=True):
        out[i] = (team[0].mu, team[0].sigma)
    return out


def rate(result: GameResult, current: Mapping[int, Rating | None]) -> dict[int, Rating]:
    """The new rating of every human player of `result`, from their ratings before it (None:
    a first rated game). Resigning and removal after timeouts are losses (`places`)."""
    humans = result.humans
    place = places(result)
    before = [current.get(p.user_id) or initial() for p in humans]
    after = update(before, [float(place[p.user_id]) for p in humans])
    return {
        p.user_id: Rating(mu, sigma, old.games + 1, old.version + 1)
        for p, old, (mu, sigma) in zip(humans, before, after, strict=True)
    }


def shown(ordinal: float) -> int:
    """The rating players see: 1000 for a new player, about 40 points per unit of skill."""
    return round(1000 + 40 * ordinal)
