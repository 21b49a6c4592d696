"""The result of a finished game, as the statistics record it (pure: built from the record).

`result_of(record)` is called on the record about to be saved as finished (the solitaire's last
move, a group game's last move, resign, removal after timeouts, a game abandoned for a new one);
the store's `finish` saves the record and the result in one compare-and-set, so a game counts
once however many processes or retried updates try to end it.

Outcomes: a solitaire is won, lost, resigned or abandoned (replaced by a new game). At a table
the rules' winners won (all seats sharing the win: a draw), a seat that left resigned or timed
out, the rest lost; a table ended early (`why` abandoned / replaced) counts the person who left
it as having abandoned it. Games against the computer are unranked; so is a deal of the day
after a hint, or any replay of it.
"""

from __future__ import annotations

from bot.games.solitaire.model import elapsed
from bot.games.state import state_of, view_of
from bot.registry import is_solitaire, spec
from bot.stats.daily import utc_day
from bot.stats.result import LANGS, GameResult, Outcome, PlayerResult
from bot.storage.record import GameRecord

# a solitaire's end (`Status.result`) as its outcome; any other (still playing) counts as lost
SOLO_OUTCOMES: dict[str, Outcome] = {"won": "won", "lost": "lost", "resigned": "resigned"}


def _solo(record: GameRecord, now: float, abandoned: bool) -> GameResult:
    meta = record.solo
    status = spec(record.kind).game.status(state_of(record))
    outcome: Outcome = "abandoned" if abandoned else SOLO_OUTCOMES.get(status.result, "lost")
    view = view_of(record)
    scoring = spec(record.kind).scoring
    rounds = view.get(scoring.rounds) if scoring is not None else None
    player = PlayerResult(
        meta.uid, 0, meta.name, outcome, status.scores[0] if status.scores else None
    )
    return GameResult(
        game_id=record.id,
        kind=record.kind,
        variant=meta.variant,
        players=(player,),
        moves=meta.moves,
        duration=elapsed(meta),
        finished_at=now,
        date=utc_day(now),
        used_undo=meta.undos > 0,
        used_hint=meta.hints > 0,
        daily=meta.daily,
        par=meta.par if meta.daily is not None else None,
        tier=meta.tier if meta.daily is not None else "",
        late=meta.late and meta.daily is not None,
        ranked=meta.ranked and (meta.daily is None or meta.hints == 0),
        rounds=rounds if isinstance(rounds, int) else None,
        extra={LANGS: {str(meta.uid): meta.lang}},
    )


def _table(record: GameRecord, now: float) -> GameResult:
    meta = record.table
    game = spec(record.kind).game
    status = game.status(state_of(record))
    winners = set(status.winners) if status.over else set()
    view = view_of(record, -1)
    active = view.get("active")
    seated = sum(map(bool, active)) if isinstance(active, list) else len(meta.players)
    moves = view.get("moves")
    early = meta.why in ("abandoned", "replaced")
    players = []
    for seat, p in enumerate(meta.players):
        outcome: Outcome
        left = meta.left.get(seat)
        if left is not None:
            outcome = "timeout" if left == "timeout" else "resigned"
        elif early:
            outcome = "won" if p.ai else "abandoned"
        elif seat in winners:
            outcome = "draw" if len(winners) > 1 and len(winners) == seated else "won"
        else:
            outcome = "lost"
        score = status.scores[seat] if seat < len(status.scores) else None
        players.append(PlayerResult(p.user_id, seat, p.name, outcome, score, p.ai))
    started = meta.started or now
    return GameResult(
        game_id=record.id,
        kind=record.kind,
        variant=_variant(record),
        players=tuple(players),
        moves=moves if isinstance(moves, int) else 0,
        duration=max(0, int(now - started)),
        finished_at=now,
        date=utc_day(now),
        chat_id=meta.group,
        ranked=not any(p.ai for p in meta.players),
        extra={LANGS: {str(p.user_id): p.lang for p in meta.players if not p.ai}},
    )


def _variant(record: GameRecord) -> str:
    """A table's variant: the creator's explicit choice of the setting that makes one (a
    default or a value by seat count is no variant)."""
    chosen = record.table.settings
    return next(
        (str(chosen[s.name]) for s in spec(record.kind).settings if s.variant and s.name in chosen),
        "",
    )


def result_of(record: GameRecord, now: float, *, abandoned: bool = False) -> GameResult:
    """The result of `record`, which has just been marked finished (`abandoned`: a solitaire
    given up for a new game)."""
    if is_solitaire(record.kind):
        return _solo(record, now, abandoned)
    return _table(record, now)
