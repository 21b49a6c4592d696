"""Table games played in an inline message (inline mode: `@bot` in any chat).

A challenge is posted by the user's client, not by the bot: no game exists until someone taps
it. The first tap that seats a second player creates the game, keyed by the message's
`inline_message_id` (its id is derived from it, so two first taps at once, on two processes,
create one game: the store's create is set-if-absent), deals at once and shows the board on that
same message. The challenger may instead play the computer there. The game then goes on like
any table game (its buttons carry its id); a rematch deals a new game on the same message.
"""

from __future__ import annotations

import hashlib

from bot.games.refusal import Notice, Refused
from bot.games.table.changes import TableRecords
from bot.games.table.lobby import Lobby
from bot.games.table.play import PlayService
from bot.games.table.publisher import Publisher
from bot.registry import spec
from bot.storage.record import ID_ALPHABET, GameRecord, Player, TableMeta, new_id
from bot.wire.challenge import Challenge

ID_CHARS = 16


def game_id(inline: str) -> str:
    """The id of the first game of an inline message (the same on every process)."""
    number = int.from_bytes(hashlib.blake2b(inline.encode(), digest_size=12).digest(), "big")
    chars = []
    for _ in range(ID_CHARS):
        number, digit = divmod(number, len(ID_ALPHABET))
        chars.append(ID_ALPHABET[digit])
    return "".join(chars)


class InlineTables:
    def __init__(self, records: TableRecords, publisher: Publisher, play: PlayService) -> None:
        self.records = records
        self.store = records.store
        self.publisher = publisher
        self.play = play

    async def tap(
        self, inline: str, challenge: Challenge, challenger: Player, user: Player
    ) -> Notice | None:
        """A tap on a challenge's button (`challenger`: its author, named as the store knows
        them). Refused when it seats nobody."""
        if spec(challenge.kind).family != "table":
            raise Refused("grp-stale")
        gid = game_id(inline)
        if await self.store.load(gid) is not None:  # the game is on: the board shows it
            raise Refused("inline-started")
        mine = user.user_id == challenge.user_id
        if challenge.act == "j" and mine:
            return Notice("inline-wait")
        if challenge.act == "a" and not mine:
            raise Refused("inline-ai-theirs", name=challenger.name)
        meta = TableMeta(creator=challenge.user_id, lang=challenge.lang, inline=inline)
        lobby = Lobby(challenge.kind, meta)
        lobby.join(challenger)
        if challenge.act == "a":
            lobby.add_computer(challenger.user_id)
        else:
            lobby.join(user)
        record = GameRecord(
            id=gid, kind=challenge.kind, chat_id=challenge.user_id, state="", meta=meta
        )
        if not await self.store.create(record):  # another first tap was quicker
            raise Refused("inline-started")
        await self.play.begin(gid)
        return None if challenge.act == "a" else Notice("inline-joined")

    async def rematch(self, old: GameRecord) -> GameRecord | None:
        """The same players again, dealt at once on the same inline message."""
        meta = TableMeta(
            creator=old.table.creator,
            players=list(old.table.players),
            settings=dict(old.table.settings),
            lang=old.table.lang,
            inline=old.table.inline,
            level=old.table.level,
        )
        record = GameRecord(id=new_id(), kind=old.kind, chat_id=old.chat_id, state="", meta=meta)
        if not await self.store.create(record):
            return None
        return await self.play.begin(record.id)
