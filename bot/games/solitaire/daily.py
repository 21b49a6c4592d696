"""The deal of the day's one ranked attempt a player has per game and day: who gets it when a
new game of today's deal starts.

The attempt is a claim in the store naming a game (`Store.claim_daily`), made before that game
is created: the two live apart (other Redis Cluster slots), so no one write holds both. A claim
whose game is missing is therefore one whose tap never got to create it (its process died, or
gave up on a stalled store, in between — also a claim of an older version of the bot, which
had the same gap): the next start creates that game under the claimed id, so the attempt is
never lost. Two starts at once both create it; the store lets only the first, and the other
shows it (`of_collision`). A claim whose game is being played is that game: a second tap on ▶
brings it back instead of replacing it.
"""

from __future__ import annotations

import logging

from bot.games.solitaire import days_ahead, model
from bot.registry import is_solitaire
from bot.stats import daily_tiers
from bot.storage import GameRecord, Store

log = logging.getLogger(__name__)


def playing(record: GameRecord | None, user_id: int) -> bool:
    """`record` is an unfinished solitaire of `user_id`."""
    return (
        record is not None
        and not record.finished
        and is_solitaire(record.kind)
        and record.solo.uid == user_id
    )


async def claim(store: Store, record: GameRecord) -> GameRecord | None:
    """Claim today's ranked attempt for `record`, a deal of the day not created yet. Returns
    the earlier claim's game when it is still being played (the tap gets that game); else
    None, and `record` is the ranked attempt (its own claim, or the missing game of an earlier
    one: it takes that game's id) or, when that is over, a replay."""
    meta = record.solo
    assert meta.daily is not None
    held = await store.claim_daily(
        meta.uid, record.kind, meta.variant, meta.daily, record.id, meta.tier
    )
    if held == record.id:
        return None
    earlier = await store.load(held)
    if earlier is None:  # claimed, never created: this is that game
        log.info("event=daily_claim_repaired game=%s user=%s", held, meta.uid)
        record.id = held
    elif playing(earlier, meta.uid):
        return earlier
    else:
        meta.ranked = False  # the ranked attempt is over: a replay
    return None


async def of_collision(store: Store, record: GameRecord) -> GameRecord | None:
    """`record` could not be created, its id taken: the day's ranked game another tap created
    meanwhile under the same claim, or None (an id collision, practically never)."""
    meta = record.solo
    if meta.daily is None or not meta.ranked:
        return None
    current = await store.load(record.id)
    return current if playing(current, meta.uid) else None


async def dealt(
    store: Store, kind: str, variant: str, number: int, tier: str, today: int
) -> tuple[int | None, int | None]:
    """The seed and par of deal of the day `number`, of `tier` on a day dealt in tiers (Medium
    when none is named). Today's is dealt at once, never a search: as chosen ahead
    (`bot.games.solitaire.days_ahead`, in the pool of search workers, kept in the store), else
    the day's spares, kept as the day's (`days_ahead.tiers`, `days_ahead.at_once`). An earlier
    day's deal is the one chosen then: kept, or chosen again as it was."""
    if daily_tiers.applies(kind, variant, number):
        deals = await days_ahead.tiers(store, kind, variant, number)
        return deals[tier] if daily_tiers.is_tier(tier) else deals["m"]
    if number >= today:
        return await days_ahead.at_once(store, kind, variant, number)
    await days_ahead.ready(kind, variant, number)
    return await days_ahead.decided(store, kind, variant, number)


async def day_record(
    store: Store, kind: str, variant: str, user_id: int, lang: str, day: int, tier: str, today: int
) -> GameRecord:
    """A new game of deal of the day `day` (of `tier` on a day dealt in tiers: Medium when it
    names none), not created yet: today's is ranked if it is the player's first attempt
    (`claim`), an earlier day's is a late game, never ranked."""
    seed, par = await dealt(store, kind, variant, day, tier, today)
    record = model.new_record(kind, variant, user_id, lang, seed=seed)
    meta = record.solo
    meta.daily, meta.par = day, par
    if daily_tiers.applies(kind, variant, day):
        meta.tier = tier if daily_tiers.is_tier(tier) else "m"
    if day < today:
        meta.ranked, meta.late = False, True
    return record
