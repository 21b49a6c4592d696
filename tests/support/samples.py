"""The sample boards in README.md, made by the code itself (a test compares them, so they cannot
drift). Each README block sits between `<!-- sample:<name> -->` and `<!-- /sample -->`; run
`python -m tests.support.samples` to write them afresh after changing a screen.

A sample is a seeded game played by the computer players up to a point, rendered like the bot
renders it, with the HTML tags taken out and the keyboard drawn as rows of [buttons].
"""

from __future__ import annotations

import html
import re
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from bot.games.state import public_view
from bot.games.state import turn as turn_of
from bot.games.table.lobby import Lobby
from bot.games.table.moves import computer_plan, computer_turn, play, start
from bot.render import parquet as render_parquet
from bot.render.screen import Screen, TableCtx
from bot.stats.result import GameResult
from bot.storage import GameRecord, Player, TableMeta
from rules import GAMES
from rules.parquet_view import parquet_view
from rules.ryadki_view import ryadki_view

README = Path(__file__).resolve().parents[2] / "README.md"
BLOCK_RE = re.compile(
    r"(<!-- sample:([a-z0-9-]+) -->\n```text\n)(.*?)(```\n<!-- /sample -->)", re.S
)


def plain(screen: Screen) -> str:
    """What a phone shows, as text: tags out, entities decoded, buttons as [rows]."""
    text = html.unescape(re.sub(r"</?(b|i|pre|code)>", "", screen.text))
    lines = [line.rstrip() for line in text.splitlines()]
    if screen.keyboard is not None:
        lines += (" ".join(f"[{b.text}]" for b in row) for row in screen.keyboard.inline_keyboard)
    return "\n".join(lines).strip() + "\n"


def parquet_vs_computer() -> str:
    """A private Parquet game against the computer, the person to move, a card picked."""
    meta = TableMeta(creator=1, lang="en", private=True, level="normal")
    lobby = Lobby("parquet", meta)
    lobby.join(Player(1, "Ann"))
    lobby.add_computer(1)
    record = GameRecord(id="sampleGame", kind="parquet", chat_id=1, state="", meta=meta)
    start(record, lobby, now=0.0, turn_timeout=90, seed=11)
    game = GAMES["parquet"]
    for step in range(12):
        if turn_of(record) == 1:
            computer_turn(record, computer_plan(record), float(step), 90)
        else:
            move = game.suggest(game.from_json(record.state), 0, step, level="strong")
            play(record, 0, move, float(step), 90)
    if turn_of(record) == 1:
        computer_turn(record, computer_plan(record), 20.0, 90)
    legal = game.legal_moves(game.from_json(record.state), 0)
    pick = next(m.split("@")[0] for m in legal if "@" in m)
    ctx = TableCtx(
        lang="en",
        game_id=record.id,
        version=record.version,
        events=meta.events,
        names=[p.name for p in meta.players],
        legal=legal,
        pick=pick,
        private=True,
        computers=[1],
    )
    return plain(render_parquet.render(parquet_view(public_view(record)), ctx))


README_GAMES = ("kosa", "raspad", "ryadki", "parquet")  # the games the README's screens show


def stats_screen() -> str:
    """/stats of a player with a few games of each kind (a deployment that offers the games the
    README describes: any other game registered is withdrawn meanwhile)."""
    from bot.i18n import translator
    from bot.registry import GAMES
    from bot.render import stats as render_stats
    from bot.stats.stats import BestResult, DayStreak, KindStats, UserStats
    from tests.toy import withdrawing

    best = BestResult("g1", True, 0, 212, 3, "2026-12-01", (1, 0, -3, -212))
    stats = UserStats(
        name="Ann",
        kinds={
            "kosa": KindStats(played=9, won=4, streak=1, best_streak=3, best=best),
            "raspad": KindStats(played=2, won=0),
            "parquet": KindStats(played=5, won=3),
        },
        days={"kosa:u": DayStreak(700, 4, 6)},
        day=DayStreak(700, 4, 6),
    )
    rated = {"parquet": render_stats.Rated(1138, 2)}
    with withdrawing([kind for kind in GAMES if kind not in README_GAMES]):
        return plain(render_stats.stats_screen(stats, rated, 700, translator("en")))


def _daily_result(kind: str, won: bool, score: int, moves: int, seconds: int) -> GameResult:
    from bot.stats.result import PlayerResult

    return GameResult(
        game_id="sampleGame",
        kind=kind,
        variant="u" if kind == "kosa" else "52",
        players=(PlayerResult(1, 0, "Ann", "won" if won else "lost", score),),
        moves=moves,
        duration=seconds,
        finished_at=1_796_140_800.0,
        date="2026-12-01",
        daily=700,
        rounds=None if kind == "kosa" else 6,
    )


def daily_card() -> str:
    """The card a ranked Kosa win posts (its place, its link)."""
    from bot.i18n import translator
    from bot.render import daily as render_daily

    result = _daily_result("kosa", True, 104, 212, 754)
    return render_daily.card_text(result, translator("en"), (3, 41), "CardClubBot") + "\n"


def daily_card_loss() -> str:
    """The card of a Raspad loss, 9 cards left."""
    from bot.i18n import translator
    from bot.render import daily as render_daily

    result = _daily_result("raspad", False, 9, 64, 301)
    return render_daily.card_text(result, translator("en"), (17, 41), "CardClubBot") + "\n"


def daily_end() -> str:
    """The day's Raspad given up after a few moves: a ranked attempt, 17th of 41."""
    from bot.games.solitaire import model
    from bot.games.solitaire.daily_screen import Share
    from bot.games.solitaire.screen import board
    from bot.stats.daily import day_date, day_seed

    record = model.new_record("raspad", "52", 1, "en", seed=day_seed("raspad", "52", day_date(700)))
    record.solo.daily = 700
    for step in range(6):
        move = GAMES["raspad"].suggest(GAMES["raspad"].from_json(record.state), 0, step)
        model.apply_move(record, move, 0)
    model.apply_move(record, "resign", 0)
    record.solo.started, record.solo.ended = 1000.0, 1301.0  # 5:01
    return plain(board(record, "en", share=Share(False, "CardClubBot", (17, 41))))


def daily_screen() -> str:
    """/daily on 15.12.2026 (#714): Raspad's Easy deal played (a loss, 17th of 41), its Medium
    under way, its Hard not yet; the month's calendar."""
    from bot.i18n import translator
    from bot.render import daily as render_daily
    from bot.stats.calendar import Day
    from bot.stats.stats import DayStreak

    easy = replace(_daily_result("raspad", False, 9, 64, 301), daily=714, tier="e")
    tiers = [
        render_daily.TierView("e", 24, easy, (17, 41)),
        render_daily.TierView("m", 25, None, playing=True),
        render_daily.TierView("h", 26, None),
    ]
    played = {707: (0, 2, 0), 708: (0, 1, 0), 712: (3, 2, 1), 713: (2, 0, 0), 714: (1, 0, 0)}
    month = [
        Day(n, played.get(n, (0, 0, 0)), (0, 2, 0) if n == 711 else (0, 0, 0))
        for n in range(700, 715)
    ]
    view = render_daily.DayView(
        kind="raspad",
        day=714,
        today=714,
        tiers=tiers,
        month=month,
        tiered=[n >= 712 for n in range(700, 715)],
        streak=DayStreak(714, 3, 6),
        games=("kosa", "raspad"),
        first_day=700,
    )
    return plain(render_daily.day_screen(view, translator("en")))


def _solitaire(kind: str, variant: str, seed: int, moves: int) -> str:
    """A seeded solitaire after `moves` of the computer player's moves, as its board shows."""
    from bot.games.solitaire import model
    from bot.games.solitaire.screen import board

    record = model.new_record(kind, variant, 1, "en", seed=seed)
    for step in range(moves):
        move = GAMES[kind].suggest(GAMES[kind].from_json(record.state), 0, step)
        model.apply_move(record, move, 20)
    return plain(board(record, "en"))


def raspad_board() -> str:
    return _solitaire("raspad", "52", 7, 6)


def kosa_board() -> str:
    return _solitaire("kosa", "u", 3, 4)


def _table(kind: str, names: list[str], seed: int, moves: int, **options: int) -> GameRecord:
    meta = TableMeta(creator=1, lang="en", group=-100, title="Card Club")
    lobby = Lobby(kind, meta)
    for i, name in enumerate(names):
        lobby.join(Player(i + 1, name))
    if kind == "ryadki":
        lobby.meta.settings["deals"] = options.get("deals", 1)
    record = GameRecord(id="sampleGame", kind=kind, chat_id=-100, state="", meta=meta)
    start(record, lobby, now=0.0, turn_timeout=90, seed=seed)
    game = GAMES[kind]
    for step in range(moves):
        state = game.from_json(record.state)
        turn = turn_of(record)
        if turn is None:
            break
        play(record, turn, game.suggest(state, turn, step), 10.0 * step, 90)
    return record


def _ctx(record: GameRecord, **extra: object) -> TableCtx:
    meta = record.table
    ctx = TableCtx(
        lang="en",
        game_id=record.id,
        version=record.version,
        events=meta.events,
        names=[p.name for p in meta.players],
        code="",
        title=meta.title or "",
        deadline_s=90,
    )
    for key, value in extra.items():
        setattr(ctx, key, value)
    return ctx


def ryadki_group() -> str:
    """The group's Ryadki table (the hands are private) a few moves in."""
    from bot.render import ryadki as render_ryadki

    record = _table("ryadki", ["Ann", "Ben", "Cat"], 5, 7)
    return plain(render_ryadki.render(ryadki_view(public_view(record)), _ctx(record)))


def parquet_group() -> str:
    """The group's Parquet board mid-game, the mover's card picked."""
    record = _table("parquet", ["Ann", "Ben"], 4, 14)
    game = GAMES["parquet"]
    turn = turn_of(record)
    legal = game.legal_moves(game.from_json(record.state), turn or 0)
    pick = next((m.split("@")[0] for m in legal if "@" in m), None)
    ctx = _ctx(record, legal=legal, pick=pick)
    return plain(render_parquet.render(parquet_view(public_view(record)), ctx))


SAMPLES: dict[str, Callable[[], str]] = {
    "raspad": raspad_board,
    "kosa": kosa_board,
    "ryadki-group": ryadki_group,
    "parquet-group": parquet_group,
    "parquet-vs-computer": parquet_vs_computer,
    "stats": stats_screen,
    "daily-card": daily_card,
    "daily-card-loss": daily_card_loss,
    "daily": daily_screen,
    "daily-end": daily_end,
}


def readme_blocks(text: str) -> dict[str, str]:
    return {m.group(2): m.group(3) for m in BLOCK_RE.finditer(text)}


def rewrite(text: str) -> str:
    def fill(m: re.Match[str]) -> str:
        return m.group(1) + SAMPLES[m.group(2)]() + m.group(4)

    return BLOCK_RE.sub(fill, text)


if __name__ == "__main__":
    README.write_text(rewrite(README.read_text(encoding="utf-8")), encoding="utf-8")
    sys.stdout.write(f"rewrote {', '.join(readme_blocks(README.read_text()))} in {README}\n")
