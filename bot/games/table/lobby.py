"""The lobby of a group game, as a pure model (no I/O).

A lobby lives in the `meta` dict of a game record until the game starts: who is seated (in join
order, which becomes the seat order), who created it, and the settings. Every change returns
nothing or raises `LobbyError` whose `key` is a locale message id the handler shows as an alert.

Settings:
- Ryadki: 2–6 players; deck 36 or 52 (default by seat count: 36 for 2–4 players, 52 for 5–6, as
  the rule page decides; an explicit choice overrides it); deals 1, 3 or 7 (default 7).
- Parquet: exactly 2 players; sides and the first mover are drawn by the rules module.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SEATS: dict[str, tuple[int, int]] = {"ryadki": (2, 6), "parquet": (2, 2)}
DECKS = (36, 52)
DEALS = (1, 3, 7)
DEFAULT_DEALS = 7


class LobbyError(Exception):
    """A user-caused refusal; `key` is the locale message id to show."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass
class Player:
    user_id: int
    name: str
    lang: str = "ru"

    def as_dict(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "lang": self.lang}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Player:
        return cls(int(data["user_id"]), str(data["name"]), str(data.get("lang") or "ru"))


@dataclass
class Lobby:
    kind: str
    creator: int
    players: list[Player] = field(default_factory=list)
    deck: int | None = None  # None: by seat count (Ryadki only)
    deals: int = DEFAULT_DEALS  # Ryadki only

    def __post_init__(self) -> None:
        if self.kind not in SEATS:
            raise ValueError(f"no lobby for game {self.kind!r}")

    # -- facts -------------------------------------------------------------------------------
    @property
    def min_players(self) -> int:
        return SEATS[self.kind][0]

    @property
    def max_players(self) -> int:
        return SEATS[self.kind][1]

    @property
    def is_full(self) -> bool:
        return len(self.players) >= self.max_players

    @property
    def can_begin(self) -> bool:
        return len(self.players) >= self.min_players

    def seat_of(self, user_id: int) -> int | None:
        for i, p in enumerate(self.players):
            if p.user_id == user_id:
                return i
        return None

    def effective_deck(self) -> int:
        """The deck the game will use: the explicit choice, else 36 up to 4 players, 52 above."""
        if self.deck is not None:
            return self.deck
        return 36 if len(self.players) <= 4 else 52

    def options(self) -> dict[str, Any]:
        """Options for `rules.GAMES[kind].new_game` (missing keys take the rule pages' defaults)."""
        if self.kind == "ryadki":
            return {
                "players": len(self.players),
                "deck": self.effective_deck(),
                "deals": self.deals,
            }
        return {}

    # -- changes -----------------------------------------------------------------------------
    def join(self, player: Player) -> bool:
        """Seat `player`; False when already seated. LobbyError("lobby-full") when full."""
        if self.seat_of(player.user_id) is not None:
            return False
        if self.is_full:
            raise LobbyError("lobby-full")
        self.players.append(player)
        return True

    def leave(self, user_id: int) -> None:
        """Unseat a player. The creator's role passes to the next seated player."""
        seat = self.seat_of(user_id)
        if seat is None:
            raise LobbyError("lobby-not-seated")
        del self.players[seat]
        if user_id == self.creator and self.players:
            self.creator = self.players[0].user_id

    @property
    def is_empty(self) -> bool:
        return not self.players

    def check_start(self, user_id: int) -> None:
        """Only the creator starts, and only with enough players seated."""
        if user_id != self.creator:
            raise LobbyError("lobby-only-creator-starts")
        if not self.can_begin:
            raise LobbyError("lobby-too-few")

    def check_cancel(self, user_id: int, is_admin: bool) -> None:
        if user_id != self.creator and not is_admin:
            raise LobbyError("lobby-only-creator-cancels")

    def set_deck(self, user_id: int, deck: int) -> None:
        self._check_settings(user_id)
        if deck not in DECKS:
            raise ValueError(f"deck must be one of {DECKS}")
        self.deck = deck

    def set_deals(self, user_id: int, deals: int) -> None:
        self._check_settings(user_id)
        if deals not in DEALS:
            raise ValueError(f"deals must be one of {DEALS}")
        self.deals = deals

    def _check_settings(self, user_id: int) -> None:
        if self.kind != "ryadki":
            raise LobbyError("lobby-no-settings")
        if user_id != self.creator:
            raise LobbyError("lobby-only-creator-settings")

    # -- storage -----------------------------------------------------------------------------
    def as_meta(self) -> dict[str, Any]:
        return {
            "creator": self.creator,
            "players": [p.as_dict() for p in self.players],
            "settings": {"deck": self.deck, "deals": self.deals},
        }

    @classmethod
    def from_meta(cls, kind: str, meta: dict[str, Any]) -> Lobby:
        settings = meta.get("settings") or {}
        deck = settings.get("deck")
        return cls(
            kind=kind,
            creator=int(meta["creator"]),
            players=[Player.from_dict(p) for p in meta.get("players", [])],
            deck=int(deck) if deck is not None else None,
            deals=int(settings.get("deals", DEFAULT_DEALS)),
        )


def lobby_expired(expires_at: float, now: float) -> bool:
    return now >= expires_at
