"""`python -m rules.solve GAME (--seed N | --deck C1,C2,...) [--options JSON] [--budget SECONDS]`

Solves the deal's first position within about SECONDS of wall-clock time (default 10) and
prints one JSON line: `{"winnable": true|false|null, "moves": [...], "nodes": N,
"seconds": S}`; `moves` is a winning line in the API's notation when `winnable` is true.
Bad arguments: a short message on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rules.solve import GAMES
from rules.solve.timed import solve_for


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m rules.solve", description=__doc__.split("\n")[0])
    p.add_argument("game", choices=list(GAMES))
    deal = p.add_mutually_exclusive_group(required=True)
    deal.add_argument("--seed", type=int)
    deal.add_argument("--deck", help="the full deck order, comma-separated card codes")
    p.add_argument("--options", default="{}", help='game options as JSON, e.g. {"jokers": true}')
    p.add_argument("--budget", type=float, default=10.0, help="wall-clock seconds (default 10)")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)  # exits 2 with a usage line on bad arguments
    if not args.budget > 0:
        parser.error("--budget must be a positive number of seconds")
    try:
        options: Any = json.loads(args.options)
    except ValueError:
        parser.error("--options must be a JSON object")
    if not isinstance(options, dict):
        parser.error("--options must be a JSON object")
    deck = args.deck.split(",") if args.deck is not None else None
    import rules

    try:
        state = rules.GAMES[args.game].new_game(options, seed=args.seed, deck=deck)
    except ValueError as exc:
        parser.error(str(exc))
    got = solve_for(args.game, state, args.budget)
    out = {
        "winnable": got.solution.winnable,
        "moves": list(got.solution.moves),
        "nodes": got.nodes,
        "seconds": round(got.seconds, 3),
    }
    print(json.dumps(out, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
