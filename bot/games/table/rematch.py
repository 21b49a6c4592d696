"""A rematch from a finished table: in a group, a new lobby with the same players seated and
the same settings; against the computer, the same table dealt again in a new message."""

from __future__ import annotations

from bot.games.match.service import Matches
from bot.games.refusal import Notice, Refused
from bot.games.table.changes import TableRecords
from bot.games.table.inline import InlineTables
from bot.games.table.lobbies import LobbyService
from bot.games.table.lobby import Lobby
from bot.games.table.play import PlayService
from bot.games.table.private import PrivateTables
from bot.games.table.publisher import Publisher
from bot.storage.record import GameRecord, Player


class Rematches:
    def __init__(
        self,
        records: TableRecords,
        publisher: Publisher,
        lobbies: LobbyService,
        play: PlayService,
        private: PrivateTables,
        inline: InlineTables,
        matches: Matches,
    ) -> None:
        self.records = records
        self.publisher = publisher
        self.lobbies = lobbies
        self.play = play
        self.private = private
        self.inline = inline
        self.matches = matches  # a quick match: every person asks for the rematch

    async def rematch(self, record: GameRecord, user: Player, lang: str) -> Notice | None:
        if record.table.boards:
            return await self.matches.rematch(record, user)
        if record.table.seat_of(user.user_id) is None:
            raise Refused("grp-not-seated")
        group = record.table.group
        inline = record.table.inline is not None
        if record.phase != "over" or (group is None and not record.table.private and not inline):
            raise Refused("grp-stale")
        if record.table.rematch:
            raise Refused("grp-rematch-busy")

        def mark(r: GameRecord) -> bool:
            if r.table.rematch:
                raise Refused("grp-rematch-busy")
            r.table.rematch = True
            return True

        old = await self.records.mutate(record.id, mark)
        if old is None:
            raise Refused("grp-stale")
        if inline:  # the same players, dealt again on the same message
            await self.inline.rematch(old)
            return None
        await self.publisher.show_board(old)  # drops the rematch button (nothing else changed)
        if group is None:  # against the computer: the same table again, in a new message
            again = await self.private.again(old, lang)
            if again is not None:
                await self.play.after_start(again)
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
        new = await self.lobbies.new_group_lobby(
            record.kind, group, title, user, lang, thread=thread, prepare=seat_all
        )
        if Lobby(new.kind, new.table).is_full:  # every seat taken: it deals at once
            await self.lobbies.after_change(new)
        return None
