"""The card a player posts after the day's deal (pure): one look tells a win from a loss and
how good it was, the day's number, the player's place, and a link that opens the same deal.
No card of the deal is named, so it spoils nothing.

What "good" means is the game's own (its `bot.registry.Scoring`): a loss is judged by the cards
it brought home (`Scoring.home`; in Raspad, which has no home, by the cards still out), and the
game's texts say what a win or a loss achieved (`card-<game>-won`, `card-<game>-lost`).
The bar has ten squares: green and full for a win only; a loss fills orange squares in
proportion to its progress and never more than nine, so no loss looks as good as a win.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import Translator
from bot.registry import spec
from bot.wire.deeplinks import daily_payload

CELLS = 10
WIN, LOSS, EMPTY = "🟩", "🟧", "⬜"


@dataclass(frozen=True, slots=True)
class Facts:
    """A ranked attempt at the day's deal, as its result recorded it."""

    kind: str  # a solitaire
    day: int  # the deal's number
    won: bool
    score: int  # the game's result score (`Status.scores`: Kosa cards home, Raspad cards out)
    total: int  # cards in the deal
    moves: int
    seconds: int
    rounds: int | None = None  # rounds played, in a game that counts them (`Scoring.rounds`)
    place: tuple[int, int] | None = None  # (rank, players on the day's board)
    par: int | None = None  # the deal's par (`bot.stats.daily_winnable`)
    tier: str = ""  # which of the day's three deals (`bot.stats.daily_tiers`; "": the one)


def home(facts: Facts) -> int:
    """The cards the attempt brought home (the game's `Scoring.home` of its score)."""
    scoring = spec(facts.kind).scoring
    if scoring is None:
        raise ValueError(f"{facts.kind} is no solitaire")
    return scoring.home(facts.score, facts.total)


def progress(facts: Facts) -> float:
    """How far the attempt got, 0..1 (a win is 1)."""
    if facts.won:
        return 1.0
    if facts.total <= 0:
        return 0.0
    return min(max(home(facts) / facts.total, 0.0), 1.0)


def bar(facts: Facts) -> str:
    if facts.won:
        return WIN * CELLS
    filled = min(CELLS - 1, int(progress(facts) * CELLS))
    return LOSS * filled + EMPTY * (CELLS - filled)


def clock(seconds: int) -> str:
    minutes, secs = divmod(max(seconds, 0), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def outcome_line(facts: Facts, _: Translator) -> str:
    """What the attempt achieved, in the game's own terms: its text `card-<game>-won` or
    `card-<game>-lost`, given the score, the cards home and those not home (`left`), the
    deal's cards and the rounds."""
    done = home(facts)
    return _(
        f"card-{facts.kind}-{'won' if facts.won else 'lost'}",
        score=facts.score,
        home=done,
        left=facts.total - done,
        total=facts.total,
        rounds=facts.rounds or 0,
    )


def deal_link(bot_username: str, kind: str, day: int, tier: str = "") -> str:
    """The deep link that opens the day's deal of `kind` (of `tier`) for whoever taps it."""
    return f"https://t.me/{bot_username}?start={daily_payload(kind, day, tier)}"


def card(facts: Facts, _: Translator, bot_username: str = "") -> str:
    head = _(f"card-title-{facts.kind}", day=facts.day)
    if facts.tier:
        head += _("daily-tier", tier=facts.tier)
    if facts.place is not None:
        head += " · " + _("card-place", rank=facts.place[0], of=facts.place[1])
    lines = [head, bar(facts), outcome_line(facts, _)]
    lines.append(_("card-pace", moves=facts.moves, time=clock(facts.seconds)))
    if facts.par is not None:
        lines.append(_("card-par", par=facts.par))
    if bot_username:
        link = deal_link(bot_username, facts.kind, facts.day, facts.tier)
        lines.append(_("card-try", link=link))
    return "\n".join(lines)
