"""Table games played in an inline message (inline mode: `@bot` in any chat).

A challenge is posted by the user's client, not by the bot: no game exists until someone taps
it. The first tap that seats a second player creates the game, dealt, keyed by the message's
`inline_message_id` (its id is derived from it, so two first taps at once, on two processes,
create one game: the store's create is set-if-absent), and the door shows the board on that same
message. The challenger may instead play the computer there. The game then goes on like
any table game (its buttons carry its id); a rematch deals a new game on the same message.
"""

from __future__ import annotations

import hashlib

from bot.games.refusal import Notice, Refused
from bot.games.table.commit import TableDoor
from bot.games.table.lobby import Lobby
from bot.games.table.play import PlayService
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
    def __init__(self, door: TableDoor, play: PlayService) -> None:
        self.door = door
        self.store = door.store
        self.play = play  # its deal

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
        self.play.deal(record)
        if not await self.door.create(record):  # another first tap was quicker
            raise Refused("inline-started")
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
        self.play.deal(record)
        return record if await self.door.create(record) else None
