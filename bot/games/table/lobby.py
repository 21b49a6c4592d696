"""The lobby of a group game, as a pure model over the record's TableMeta (no I/O).

Who is seated (in join order, which becomes the seat order), who created it, and the settings.
A change that a user may not make raises `Refused` with the locale key to show.

Settings:
- Ryadki: 2–6 players; deck 36 or 52 (default by seat count: 36 for 2–4 players, 52 for 5–6, as
  the rule page decides; an explicit choice overrides it); deals 1, 3 or 7 (default 7).
- Parquet: exactly 2 players; sides and the first mover are drawn by the rules module.
"""

from __future__ import annotations

from typing import Any

import rules
from bot.games.refusal import Refused
from bot.storage.record import Player, TableMeta

DECKS = (36, 52)
DEALS = (1, 3, 7)


class Lobby:
    """`kind`'s lobby, kept in `meta` (changes write straight into it)."""

    def __init__(self, kind: str, meta: TableMeta) -> None:
        if kind not in rules.GROUP_GAMES:
            raise ValueError(f"no lobby for game {kind!r}")
        self.kind = kind
        self.meta = meta

    # -- facts -------------------------------------------------------------------------------
    @property
    def players(self) -> list[Player]:
        return self.meta.players

    @property
    def min_players(self) -> int:
        return rules.GAMES[self.kind].PLAYERS[0]

    @property
    def max_players(self) -> int:
        return rules.GAMES[self.kind].PLAYERS[1]

    @property
    def is_full(self) -> bool:
        return len(self.players) >= self.max_players

    @property
    def can_begin(self) -> bool:
        return len(self.players) >= self.min_players

    @property
    def is_empty(self) -> bool:
        return not self.players

    def effective_deck(self) -> int:
        """The deck the game will use: the explicit choice, else 36 up to 4 players, 52 above."""
        if self.meta.deck is not None:
            return self.meta.deck
        return 36 if len(self.players) <= 4 else 52

    def options(self) -> dict[str, Any]:
        """Options for `rules.GAMES[kind].new_game` (missing keys take the rule pages' defaults)."""
        if self.kind == "ryadki":
            return {
                "players": len(self.players),
                "deck": self.effective_deck(),
                "deals": self.meta.deals,
            }
        return {}

    def view(self) -> dict[str, Any]:
        """What the lobby screens show (bot.render.lobby)."""
        return {
            "kind": self.kind,
            "names": [p.name for p in self.players],
            "creator_seat": self.meta.seat_of(self.meta.creator),
            "deck": self.meta.deck,
            "effective_deck": self.effective_deck(),
            "deals": self.meta.deals,
            "min": self.min_players,
            "max": self.max_players,
            "can_begin": self.can_begin,
        }

    # -- changes -----------------------------------------------------------------------------
    def join(self, player: Player) -> bool:
        """Seat `player`; False when already seated. Refused("lobby-full") when full."""
        if self.meta.seat_of(player.user_id) is not None:
            return False
        if self.is_full:
            raise Refused("lobby-full")
        self.players.append(player)
        return True

    def leave(self, user_id: int) -> None:
        """Unseat a player. The creator's role passes to the next seated player."""
        seat = self.meta.seat_of(user_id)
        if seat is None:
            raise Refused("lobby-not-seated")
        del self.players[seat]
        if user_id == self.meta.creator and self.players:
            self.meta.creator = self.players[0].user_id

    def check_start(self, user_id: int) -> None:
        """Only the creator starts, and only with enough players seated."""
        if user_id != self.meta.creator:
            raise Refused("lobby-only-creator-starts")
        if not self.can_begin:
            raise Refused("lobby-too-few")

    def check_cancel(self, user_id: int, is_admin: bool) -> None:
        if user_id != self.meta.creator and not is_admin:
            raise Refused("lobby-only-creator-cancels")

    def set_deck(self, user_id: int, deck: int) -> None:
        self._check_settings(user_id)
        if deck not in DECKS:
            raise ValueError(f"deck must be one of {DECKS}")
        self.meta.deck = deck

    def set_deals(self, user_id: int, deals: int) -> None:
        self._check_settings(user_id)
        if deals not in DEALS:
            raise ValueError(f"deals must be one of {DEALS}")
        self.meta.deals = deals

    def _check_settings(self, user_id: int) -> None:
        if self.kind != "ryadki":
            raise Refused("lobby-no-settings")
        if user_id != self.meta.creator:
            raise Refused("lobby-only-creator-settings")
