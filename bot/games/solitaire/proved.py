"""A proved win remembered (issue 43 point 3): a winning line the solver proved is kept in the
game's record (`SoloMeta.line`), with the position it starts from (`SoloMeta.line_at`), so
💡 along that line reads its move from the record — no search, in any process, after a restart —
and a move off the line makes the next 💡 search again. A lost position's way back is kept the
same way: the line from the newest earlier position the solver wins, so the ↩️ button's count is
the record's (`way_back`) and the hints after it follow that line.

A position is named by the history that reached it: how many moves of `history` from `s0`, and a
digest of `s0` with those moves (the rules are deterministic: the same start and moves are the
same position). A history that no longer holds that position (an undo past it, `s0` moved
forward in a long game) simply no longer finds the line.

Pure: no store, no Telegram; the hint taps save the record.
"""

from __future__ import annotations

import hashlib

from bot.games.solitaire import model
from bot.games.solitaire.hints import LOST, WON, Advice
from bot.storage import GameRecord
from bot.storage.record import SoloMeta


def _at(meta: SoloMeta, moves: list[str], n: int) -> str:
    """The name of the position after the first `n` of `moves` from `meta.s0`."""
    text = f"{meta.s0 or ''}\n{' '.join(moves[:n])}".encode()
    return f"{n}:{hashlib.blake2b(text, digest_size=8).hexdigest()}"


def _since(meta: SoloMeta, moves: list[str]) -> int | None:
    """How many moves ago the kept line starts (None: no line, or not from this history)."""
    if not meta.line:
        return None
    n, _, _digest = meta.line_at.partition(":")
    if not n.isdigit() or int(n) > len(moves) or _at(meta, moves, int(n)) != meta.line_at:
        return None
    return len(moves) - int(n)


def next_move(game: GameRecord) -> Advice | None:
    """💡 from the record: the next move of the kept line when the game is on it (every move
    since its start was the line's), else None (search)."""
    meta = game.solo
    moves = meta.history.split()
    since = _since(meta, moves)
    line = meta.line.split()
    if since is None or since >= len(line) or moves[len(moves) - since :] != line[:since]:
        return None
    move = line[since]
    if move not in model.legal_moves(game):  # (a line kept under other rules)
        return None
    return Advice(WON, move, line=tuple(line[since:]))


def way_back(game: GameRecord) -> int | None:
    """The moves back to the kept line's start when the game left the line there (what a lost
    position's ↩️ button offers); 0 when the game is on the line (nothing to go back to); None
    when the record keeps no line from this game's history (search)."""
    meta = game.solo
    moves = meta.history.split()
    since = _since(meta, moves)
    if since is None:
        return None
    on_line = moves[len(moves) - since :] == meta.line.split()[:since]
    return 0 if on_line else since


def keep(game: GameRecord, advice: Advice) -> bool:
    """Keep the line `advice` proved in the record (a LOST verdict with no way back drops the
    kept one); True when the record changed."""
    meta = game.solo
    moves = meta.history.split()
    if advice.verdict == WON and advice.line:
        start = len(moves)
    elif advice.verdict == LOST and advice.back and advice.line:
        start = len(moves) - advice.back
    elif advice.verdict == LOST:
        start = -1  # lost for good: no line from here
    else:
        return False  # a guess proves nothing
    line = " ".join(advice.line) if start >= 0 else ""
    at = _at(meta, moves, start) if start >= 0 else ""
    if (meta.line, meta.line_at) == (line, at):
        return False
    meta.line, meta.line_at = line, at
    return True
