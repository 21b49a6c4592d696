"""What every renderer returns (`Screen`) and what it reads besides the rules view (`*Ctx`).

Every game module in bot.render has `render(view, ctx) -> Screen`; renderers only read: they
never change a view or a context, and import nothing above them (no service, no storage).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from bot.events import Event
from bot.i18n import Arg, Translator, t, translator
from bot.wire.callbacks import game_prefix, ui_action, with_action
from bot.wire.keyboard import Keyboard


class Screen(NamedTuple):
    text: str
    keyboard: Keyboard | None = None


@dataclass
class RenderCtx:
    """Common to every screen: the language, the game (its buttons carry `<gid>:<version>:`)
    and the events of its last change."""

    lang: str
    game_id: str
    version: int
    events: Sequence[Event] = field(default_factory=list)
    prefix: str = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.prefix = game_prefix(self.game_id, self.version)

    def move(self, move: str) -> str:
        return with_action(self.prefix, move)

    def ui(self, name: str, arg: str = "") -> str:
        return with_action(self.prefix, ui_action(name, arg))

    def t(self, key: str, **args: Arg) -> str:
        return t(self.lang, key, **args)

    @property
    def _(self) -> Translator:
        return translator(self.lang)


@dataclass
class Played:
    """A solitaire's counters for its result screen."""

    moves: int = 0
    undos: int = 0
    seconds: int = 0


@dataclass
class SoloCtx(RenderCtx):
    moves: list[str] = field(default_factory=list)  # legal moves now
    pick: str | None = None  # a picked source (hand card / place)
    hint: str | None = None  # a suggested move to mark
    confirm: str | None = None  # "fail" | "r" | "resign": ask before doing it
    can_undo: bool = False
    variant: str = ""
    played: Played = field(default_factory=Played)


@dataclass
class TableCtx(RenderCtx):
    """A group game's screens: the public table, a private hand (`seat`), or the lobby."""

    names: list[str] = field(default_factory=list)  # by seat
    bot_username: str = ""
    code: str = ""  # the invite code (deep links)
    title: str = ""  # the group's title
    legal: list[str] = field(default_factory=list)  # the mover's legal moves
    pick: str | None = None
    why: str | None = None
    deadline_s: int | None = None
    rematch: bool = True  # offer a rematch at the end
    dm_failed: list[int] = field(default_factory=list)
    seat: int | None = None  # a private hand's seat
    in_group: bool = False  # that hand is shown in the group, to its player alone
    confirm_leave: bool = False
    board_url: str | None = None  # a link to the game's message in its group (if it has one)
    missed: int = 0  # a private hand's seat: turns in a row the bot played for it (time ran out)
    ttl_minutes: int = 0  # lobby expiry
    ttl_hours: int = 0  # invite expiry
    closed: str | None = None  # a closed lobby: the locale key saying why
    private: bool = False  # against the computer in a private chat (table and hand in one)
    computers: list[int] = field(default_factory=list)  # the seats of computer players
    match: bool = False  # a quick match between strangers (each on a board of their own)
