"""A rematch from a finished table: in a group, a new lobby with the same players seated and the
same settings; in an inline message, the same players dealt again on that message. A table that
has an owner (`bot.games.table.owners`: a game against the computer, a quick match) is asked
what its rematch is."""

from __future__ import annotations

from bot.games.refusal import Notice, Refused
from bot.games.table.commit import TableDoor
from bot.games.table.inline import InlineTables
from bot.games.table.lobbies import LobbyService
from bot.games.table.lobby import Lobby
from bot.games.table.owners import Owners
from bot.storage.record import GameRecord, Player


async def take(door: TableDoor, record: GameRecord, user: Player) -> GameRecord:
    """The rematch of a finished table, taken once (its button goes from the board): the
    table as saved with it. Refused for one not seated, a table not over, one taken."""
    if record.table.seat_of(user.user_id) is None:
        raise Refused("grp-not-seated")
    if record.phase != "over":
        raise Refused("grp-stale")
    if record.table.rematch:
        raise Refused("grp-rematch-busy")

    def mark(r: GameRecord) -> bool:
        if r.table.rematch:
            raise Refused("grp-rematch-busy")
        r.table.rematch = True
        return True

    old = await door.mutate(record.id, mark)
    if old is None:
        raise Refused("grp-stale")
    return old


class Rematches:
    def __init__(
        self, door: TableDoor, owners: Owners, lobbies: LobbyService, inline: InlineTables
    ) -> None:
        self.door = door
        self.owners = owners
        self.lobbies = lobbies
        self.inline = inline

    async def rematch(self, record: GameRecord, user: Player, lang: str) -> Notice | None:
        owner = self.owners.of(record)
        if owner is not None:
            return await owner.rematch(record, user, lang)
        group = record.table.group
        if group is None and record.table.inline is None:  # no way to deal it again
            seated = record.table.seat_of(user.user_id) is not None
            raise Refused("grp-stale" if seated else "grp-not-seated")
        old = await take(self.door, record, user)
        if group is None:  # an inline message: the same players, dealt again on it
            await self.inline.rematch(old)
            return None

        def seat_all(r: GameRecord) -> None:
            """The same players and settings, before the lobby is first shown."""
            lobby = Lobby(r.kind, r.table)
            for player in old.table.players:
                if player.user_id != user.user_id and not lobby.is_full:
                    lobby.join(player)
            r.table.settings = dict(old.table.settings)
            r.table.level = old.table.level

        title, thread = old.table.title or "", old.table.thread
        await self.lobbies.new_group_lobby(
            record.kind, group, title, user, lang, thread=thread, prepare=seat_all
        )
        return None
