"""The lobby of a table game, as a pure model over the record's TableMeta (no I/O).

Who is seated (in join order, which becomes the seat order), who created it, and the settings.
A change that a user may not make raises `Refused` with the locale key to show.

- Seats: the game's (`bot.registry.GameSpec.seats`); it starts when full, or when the creator
  starts it with at least the minimum seated.
- Settings: the game's own (`GameSpec.settings`), each stepped through by one button of the
  creator's; a setting never chosen takes its default (or its value by seat count).
- Computer seats: the creator adds or removes them (at least one person stays seated); they
  all play at the table's `level`. A lobby in the creator's private chat (`private`) is a game
  against the computer: the creator and computer seats only.
"""

from __future__ import annotations

from bot.games.refusal import Refused
from bot.registry import GameSpec, Options, spec
from bot.render.lobby import LobbyView
from bot.storage.record import Player, TableMeta
from rules.ai import LEVELS  # the computer's levels (importing it loads no computer player)

COMPUTER_NAMES = {
    "ru": ("Вера", "Глеб", "Зоя", "Лев", "Мира"),
    "en": ("Ada", "Alan", "Grace", "Linus", "Hedy"),
}
AI_MARK = "🤖"
COMPUTER_ACTIONS = ("level", "ai+", "ai-")


class Lobby:
    """`kind`'s lobby, kept in `meta` (changes write straight into it)."""

    def __init__(self, kind: str, meta: TableMeta) -> None:
        game = spec(kind)
        if game.solitaire:
            raise ValueError(f"no lobby for game {kind!r}")
        self.kind = kind
        self.game: GameSpec = game
        self.meta = meta

    # -- facts -------------------------------------------------------------------------------
    @property
    def players(self) -> list[Player]:
        return self.meta.players

    @property
    def min_players(self) -> int:
        return self.game.seats[0]

    @property
    def max_players(self) -> int:
        return self.game.seats[1]

    @property
    def is_full(self) -> bool:
        return len(self.players) >= self.max_players

    @property
    def can_begin(self) -> bool:
        return len(self.players) >= self.min_players

    @property
    def is_empty(self) -> bool:
        """No person is seated (computer seats alone do not keep a lobby open)."""
        return not self.meta.humans

    @property
    def computers(self) -> int:
        return len(self.players) - len(self.meta.humans)

    def options(self) -> Options:
        """Options for the game's `new_game` (missing keys take the rule pages' defaults)."""
        return self.game.options(self.meta.settings, len(self.players))

    def view(self) -> LobbyView:
        """What the lobby screens show (bot.render.lobby): the settings as (name, chosen or
        None for "by seat count", the value in use)."""
        seats = len(self.players)
        return {
            "kind": self.kind,
            "names": [p.name for p in self.players],
            "creator_seat": self.meta.seat_of(self.meta.creator),
            "settings": [
                (
                    s.name,
                    self.meta.settings.get(s.name, s.default),
                    s.value(self.meta.settings, seats),
                )
                for s in self.game.settings
            ],
            "min": self.min_players,
            "max": self.max_players,
            "can_begin": self.can_begin,
            "computers": self.computers,
            "level": self.meta.level,
            "private": self.meta.private,
            "hidden": self.game.hidden_hands,
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
        humans = self.meta.humans
        if not humans:  # computer seats do not stay on their own
            self.players.clear()
        elif user_id == self.meta.creator:
            self.meta.creator = self.players[humans[0]].user_id

    def check_start(self, user_id: int) -> None:
        """Only the creator starts, and only with enough players seated."""
        if user_id != self.meta.creator:
            raise Refused("lobby-only-creator-starts")
        if not self.can_begin:
            raise Refused("lobby-too-few")

    def check_cancel(self, user_id: int, is_admin: bool) -> None:
        if user_id != self.meta.creator and not is_admin:
            raise Refused("lobby-only-creator-cancels")

    def step(self, user_id: int, name: str) -> None:
        """The creator's tap on setting `name`: its next value."""
        setting = self.game.setting(name)
        if setting is None:
            raise Refused("lobby-no-settings")
        self._check_creator(user_id)
        self.meta.settings[name] = setting.next(self.meta.settings, len(self.players))

    def add_computer(self, user_id: int) -> Player:
        """A computer seat, named after the next free name of the lobby's language."""
        self._check_creator(user_id)
        if self.is_full:
            raise Refused("lobby-full")
        taken = {p.name for p in self.players}
        names = COMPUTER_NAMES.get(self.meta.lang, COMPUTER_NAMES["en"])
        name = next((f"{AI_MARK} {n}" for n in names if f"{AI_MARK} {n}" not in taken), AI_MARK)
        ids = {p.user_id for p in self.players}
        uid = next(-i for i in range(1, 100) if -i not in ids)
        player = Player(uid, name, self.meta.lang, ai=True)
        self.players.append(player)
        return player

    def remove_computer(self, user_id: int) -> None:
        """The last computer seat leaves (a game against the computer keeps one)."""
        self._check_creator(user_id)
        seats = [i for i, p in enumerate(self.players) if p.ai]
        if not seats or (self.meta.private and len(seats) == 1):
            raise Refused("lobby-no-computer")
        del self.players[seats[-1]]

    def next_level(self, user_id: int) -> None:
        self._check_creator(user_id)
        self.meta.level = LEVELS[(LEVELS.index(self.meta.level) + 1) % len(LEVELS)]

    def _check_creator(self, user_id: int) -> None:
        if user_id != self.meta.creator:
            raise Refused("lobby-only-creator-settings")
