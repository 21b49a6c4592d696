"""What a Redis store process remembers of recently used games."""

from __future__ import annotations

from collections import OrderedDict

from bot.storage.record import Decoded, GameRecord


class RecentGames:
    """The last known (version, payload, decoded state) of up to `size` games, least recently
    used dropped first. A record built from an entry is fresh (its meta is parsed anew), so
    nothing a handler changes in memory leaks into the entry."""

    def __init__(self, size: int = 2048) -> None:
        self.size = size
        self._entries: OrderedDict[str, tuple[int, str, Decoded | None]] = OrderedDict()

    def version(self, game_id: str) -> int | None:
        entry = self._entries.get(game_id)
        return None if entry is None else entry[0]

    def record(self, game_id: str) -> GameRecord | None:
        entry = self._entries.get(game_id)
        if entry is None:
            return None
        self._entries.move_to_end(game_id)
        version, payload, decoded = entry
        record = GameRecord.from_payload(game_id, version, payload)
        if decoded is not None and decoded.text == record.state:
            record.decoded = decoded
        return record

    def remember(self, record: GameRecord, payload: str) -> None:
        entries = self._entries
        entries[record.id] = (record.version, payload, record.decoded)
        entries.move_to_end(record.id)
        if len(entries) > self.size:
            entries.popitem(last=False)

    def forget(self, game_id: str) -> None:
        self._entries.pop(game_id, None)
