"""Weng-Lin's Plackett-Luce update (Algorithm 4 of Weng & Lin 2011, as openskill documents its
PlackettLuce model), written out here independently of openskill so tests can check the bot's
ratings against the formula rather than against the library that computed them."""

from __future__ import annotations

import math

MU, SIGMA, BETA, KAPPA, TAU = 25.0, 25.0 / 3.0, 25.0 / 6.0, 0.0001, 25.0 / 300.0


def plackett_luce(
    teams: list[list[tuple[float, float]]], ranks: list[float]
) -> list[list[tuple[float, float]]]:
    """New (mu, sigma) of every player; `teams` of (mu, sigma), `ranks` lower = better."""
    teams = [[(mu, math.sqrt(sigma**2 + TAU**2)) for mu, sigma in team] for team in teams]
    k = len(teams)
    team_mu = [sum(mu for mu, _ in team) for team in teams]
    team_s2 = [sum(sigma**2 for _, sigma in team) for team in teams]
    c = math.sqrt(sum(s2 + BETA**2 for s2 in team_s2))
    e = [math.exp(mu / c) for mu in team_mu]
    sum_q = [sum(e[i] for i in range(k) if ranks[i] >= ranks[q]) for q in range(k)]
    a = [sum(1 for i in range(k) if ranks[i] == ranks[q]) for q in range(k)]
    out = []
    for i in range(k):
        omega = delta = 0.0
        for q in range(k):
            if ranks[q] <= ranks[i]:
                p = e[i] / sum_q[q]
                delta += p * (1 - p) / a[q]
                omega += ((1.0 if q == i else 0.0) - p) / a[q]
        gamma = math.sqrt(team_s2[i]) / c
        omega *= team_s2[i] / c
        delta *= team_s2[i] / c**2 * gamma
        out.append(
            [
                (
                    mu + sigma**2 / team_s2[i] * omega,
                    sigma * math.sqrt(max(1 - sigma**2 / team_s2[i] * delta, KAPPA)),
                )
                for mu, sigma in teams[i]
            ]
        )
    return out
