"""The store: a few roles over one backend's keyed cells, composed into the one object callers
hold. Each role is written once over the cells (bot.storage.cells), except the game records,
the hot path, which each backend keeps its own way:

- `games` (bot.storage.games): create, load, peek, save, delete, version_of, game_ttl_left,
  active_games; a chat's game, a user's games, invites. The records are each backend's own
  (`RedisGames`, `SQLiteGames`), the rest is written once;
- `results` (bot.storage.results): finish (the save with its result, then the counting),
  count_result, pending_results, sweep_results, load_result, claim_daily, day_deal,
  keep_day_deal, choosing_day;
- `standings` (bot.storage.standings): user_stats, history, rating, leaderboard, set_hidden,
  seen_in_group, add_seen_in_group;
- `leases` (bot.storage.leases): take_send, schedule, cancel, claim_due, finish_due, mark,
  unmark;
- `people` (bot.storage.people): get_lang, set_lang, get_setting, set_setting;
- `badges` (bot.storage.badges): take_badge_news, settle_badges;
- `queue` (bot.storage.match_queue): the quick-match queue;
- `tournaments` (bot.storage.tournaments): tournaments, the group each holds, their ends;
- `cells`: the backend, its single operations and programs (bot.storage.writes).

Callers use the roles' methods by their names on the store (`store.load`, `store.finish`,
`store.leaderboard`, …: each is the role's own bound method), or a role (`store.leases`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from bot.outages import StoreUnavailable
from bot.storage.badges import Badges
from bot.storage.cells import Cells
from bot.storage.games import Games, Invite
from bot.storage.leases import Leases
from bot.storage.match_queue import MatchQueue
from bot.storage.people import People
from bot.storage.record import GameRecord
from bot.storage.results import DAILY_CLAIM_TTL, SWEEP_AFTER, Results
from bot.storage.standings import GROUP_SEEN_TTL, Standings
from bot.storage.tournaments import TournamentStore
from bot.storage.update_gate import LocalGate, UpdateGate

__all__ = [
    "DAILY_CLAIM_TTL",
    "GROUP_SEEN_TTL",
    "SWEEP_AFTER",
    "Invite",
    "Store",
    "StoreUnavailable",
]


class Store(ABC):
    """Async game repository. Both backends have identical semantics (one shared test suite)."""

    def __init__(self, cells: Cells, games: Games) -> None:
        self.cells = cells
        self.games = g = games
        self.results = r = Results(cells, games)
        self.standings = s = Standings(cells)
        self.leases = lease = Leases(cells)
        self.people = p = People(cells)
        self.badges = b = Badges(cells)
        self.queue = MatchQueue(cells)  # the quick-match queue, over the same cells
        self.tournaments = TournamentStore(cells)  # tournaments, over the same cells
        # games
        self.create, self.load, self.peek, self.save = g.create, g.load, g.peek, g.save
        self.version_of, self.delete, self.game_ttl_left = g.version_of, g.delete, g.game_ttl_left
        self.active_games = g.active_games
        self.get_chat_game, self.set_chat_game = g.get_chat_game, g.set_chat_game
        self.claim_chat_game, self.release_chat_game = g.claim_chat_game, g.release_chat_game
        self.user_games, self.add_user_game = g.user_games, g.add_user_game
        self.remove_user_game = g.remove_user_game
        self.put_invite, self.get_invite, self.delete_invite = (
            g.put_invite,
            g.get_invite,
            g.delete_invite,
        )
        # results
        self.finish, self.count_result, self.load_result = r.finish, r.count_result, r.load_result
        self.pending_results, self.sweep_results = r.pending_results, r.sweep_results
        self.claim_daily, self.day_deal, self.keep_day_deal = (
            r.claim_daily,
            r.day_deal,
            r.keep_day_deal,
        )
        self.choosing_day = r.choosing_day
        # standings
        self.user_stats, self.history, self.rating = s.user_stats, s.history, s.rating
        self.leaderboard, self.set_hidden = s.leaderboard, s.set_hidden
        self.seen_in_group, self.add_seen_in_group = s.seen_in_group, s.add_seen_in_group
        # leases
        self.take_send, self.schedule, self.cancel = lease.take_send, lease.schedule, lease.cancel
        self.claim_due, self.finish_due = lease.claim_due, lease.finish_due
        self.mark, self.unmark = lease.mark, lease.unmark
        # people
        self.get_lang, self.set_lang = p.get_lang, p.set_lang
        # badges
        self.take_badge_news, self.settle_badges = b.take_badge_news, b.settle_badges
        self.get_setting, self.set_setting = p.get_setting, p.set_setting

    @property
    def game_ttl(self) -> int:
        return self.games.game_ttl

    @property
    def idle_ttl(self) -> int:
        return self.games.idle_ttl

    def ttl_for(self, record: GameRecord) -> int:
        return self.games.ttl_for(record)

    def update_gate(self, **kw: Any) -> UpdateGate:
        """The gate that lets each Telegram update be handled once (bot.storage.update_gate):
        in this process's memory, unless the backend is shared by several processes."""
        return LocalGate(**kw)

    @abstractmethod
    async def close(self) -> None: ...
