"""The computer players, one module per game: `rules.ai.<game>.suggest(state, player, seed)`.

They see only what their player may see (through the engines' public names) and draw their
randomness only from `rules.rng` with budgets counted in positions or plays, never time: the
same state and seed give the same move on every machine. The engines never import them;
`rules.GAMES[kind].suggest` imports one on first use.
"""
