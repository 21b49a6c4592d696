"""What a finished game writes, as the store's keyed writes (pure; bot.storage.writes): the keys
of the results, and the groups that carry bot.stats.game_end's decisions with the conditions that
make them exactly-once. Written once: each backend only applies the groups (bot.storage.cells).

Keys (each tag one Redis Cluster slot; a group never names two tags):
- `g:<id>` the game, `g:<id>:r` its result (JSON, kept `RESULT_TTL`);
- `rs:<n>` the pending results (sorted set id → when recorded, or a sweeper's lease), split over
  SHARDS keys by the game id (bot.storage.shards);
- `u:<uid>` `:st` statistics (fields, bot.stats.stats; `v` their version; badges and the
  calendar among them), `:h` the last HISTORY_LIMIT results (list), `:done` the games counted
  (sorted set id → when), `:bq` the badges earned, to announce (sorted set badge → when);
- `lb:<scope>` ('kind' global, 'kind:chat' a group): the boards (sorted sets named by
  bot.stats.boards.Board.name), `:rt` the ratings (fields uid → bot.stats.rating encoding),
  `:done` the games rated, `:hid` the users hidden from the global boards.

The conditions: a user's statistics (badges and calendar included), history, badges to announce
and marker are one group, applied only if the game's marker is absent (1: counted before) and the
statistics' version is the one read (2: read again);
a scope's ratings, their board lines and marker likewise (the ratings as read); a line on a global
board is skipped for a hidden user (`Unless`), and keeps the better score by its rule (`Rank.keep`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.stats.boards import Board
from bot.stats.game_end import BoardLine, board_lines, rating_scopes
from bot.stats.rating import Rating
from bot.stats.result import GameResult
from bot.stats.stats import HISTORY_LIMIT
from bot.storage.leases import deadlines
from bot.storage.shards import SHARDS, shard_of
from bot.storage.writes import (
    Absent,
    DropField,
    Expire,
    Field,
    FieldIs,
    Group,
    Key,
    Push,
    Rank,
    Read,
    SetFields,
    Span,
    Trim,
    Unless,
    Write,
)
from bot.storage.writes import Fields as AllFields

RESULT_TTL = 86400  # a recorded result is kept this long (the sweep's window)
MARKER_MARGIN = 3600  # the per-game markers outlive the result key by this much

Raw = dict[int, str | None]  # a scope's ratings as read (uid → encoded, None: never rated)


def user(uid: int, part: str) -> Key:
    return Key(f"u:{uid}", part)


def scope(name: str, part: str) -> Key:
    return Key(f"lb:{name}", part)


def board_key(board: Board) -> Key:
    return scope(board.scope, board.name)


def result_key(game_id: str) -> Key:
    """Where a game's result is recorded (kept RESULT_TTL), in the game's slot."""
    return Key(f"g:{game_id}", "r")


def pending(game_id: str) -> Key:
    """The pending-results shard of a game."""
    return Key(f"rs:{shard_of(game_id)}")


def pending_shards() -> list[Key]:
    return [Key(f"rs:{i}") for i in range(SHARDS)]


def snapshot_reads(
    result: GameResult, users: Sequence[int] | None = None, scopes: Sequence[str] | None = None
) -> list[Read]:
    """What the counting decides from: each player's statistics (of `users`, default all),
    each scope's ratings of the players (of `scopes`, default all)."""
    uids = [p.user_id for p in result.humans]
    users = uids if users is None else users
    scopes = rating_scopes(result) if scopes is None else scopes
    reads: list[Read] = [AllFields(user(u, "st")) for u in users]
    return reads + [Field(scope(s, "rt"), tuple(str(u) for u in uids)) for s in scopes]


def split(
    result: GameResult, users: Sequence[int], scopes: Sequence[str], values: Sequence[Any]
) -> tuple[dict[int, dict[str, str]], dict[str, Raw]]:
    """The replies of `snapshot_reads(result, users, scopes)`: statistics, raw ratings."""
    uids = [p.user_id for p in result.humans]
    stats = {u: dict(values[i]) for i, u in enumerate(users)}
    raw = {s: dict(zip(uids, values[len(users) + j], strict=True)) for j, s in enumerate(scopes)}
    return stats, raw


def decoded(raw: Raw) -> dict[int, Rating | None]:
    return {u: None if v is None else Rating.decode(v) for u, v in raw.items()}


def marked(key: Key, game_id: str, at: float, window: float) -> tuple[Write, ...]:
    """The game's marker in `key`, and the markers older than `window` gone."""
    return Rank(key, game_id, at), Trim(key, Span.upto(at - window))


def user_group(
    uid: int,
    game_id: str,
    read: Mapping[str, str],
    changed: Mapping[str, str],
    history: str,
    at: float,
    window: float,
    dropped: Sequence[str] = (),
    news: Sequence[str] = (),
) -> Group:
    """A player's statistics (`read` as read, `changed` the result's fields, `dropped` the
    fields it removes), history line, the badges it earned queued to be announced (`news`)
    and marker: 0 applied, 1 counted before, 2 the statistics moved since they were read."""
    version = read.get("v")
    st, done = user(uid, "st"), user(uid, "done")
    fields = (*changed.items(), ("v", str(int(version or 0) + 1)))
    return Group(
        guards=(Absent(done, game_id), FieldIs(st, "v", version)),
        writes=(
            SetFields(st, tuple(fields)),
            *(DropField(st, name) for name in dropped if name not in changed),
            Push(user(uid, "h"), history, HISTORY_LIMIT),
            *(Rank(badge_news(uid), badge, at) for badge in news),
            *marked(done, game_id, at, window),
        ),
    )


def badge_news(uid: int) -> Key:
    """The badges a player earned, waiting to be announced (sorted set: badge → when)."""
    return user(uid, "bq")


def announce(uid: int) -> Group:
    """The player's badges waiting to be announced are due at once, on any process's clock
    (a deadline `badge:<uid>`, bot.games.badge_news)."""
    key = f"badge:{uid}"
    return Group(writes=(Rank(deadlines(key), key, 0.0),))


def line_writes(lines: Iterable[BoardLine]) -> list[Write]:
    """Board lines by their keep rule; on a global board, none for a hidden user."""
    out: list[Write] = []
    for line in lines:
        key, uid = board_key(line.board), str(line.user_id)
        unless = Unless(scope(line.board.scope, "hid"), uid) if line.board.hides else None
        out.append(Rank(key, uid, float(line.score), line.keep, unless))
        if line.ttl:
            out.append(Expire(key, line.ttl, unless))
    return out


def rating_group(
    result: GameResult,
    name: str,
    read: Raw,
    new: Mapping[int, Rating],
    at: float,
    window: float,
) -> Group:
    """A scope's new ratings (`read` as read), their board lines and the marker: 0 applied,
    1 rated before, 2 or more: a rating moved since it was read."""
    rt, done = scope(name, "rt"), scope(name, "done")
    lines = board_lines(result, {}, {name: new})
    return Group(
        guards=(Absent(done, result.game_id), *(FieldIs(rt, str(u), read.get(u)) for u in new)),
        writes=(
            SetFields(rt, tuple((str(u), r.encode()) for u, r in new.items())),
            *line_writes(lines),
            *marked(done, result.game_id, at, window),
        ),
    )


def line_groups(lines: Iterable[BoardLine]) -> list[Group]:
    """Lines as one group per scope (one slot each)."""
    scopes: dict[str, list[BoardLine]] = {}
    for line in lines:
        scopes.setdefault(line.board.scope, []).append(line)
    return [Group(writes=tuple(line_writes(mine))) for mine in scopes.values()]
