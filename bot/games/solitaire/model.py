"""The solitaires' game service (Kosa, Raspad): create, move, undo, hint, event lines, stats.

Pure bookkeeping over `rules` and `GameRecord`; no Telegram here. The record's `meta`:
  uid, lang, msg (board message id), variant, moves, undos, started/ended (unix time),
  event (list of [locale key, args]), and the undo history: s0 (a state JSON: the opening
  state, moved forward in long games), log (every move since, space-separated) and undo_left
  (how many steps back are allowed).

Undo replays the log from s0 without its last move: the rules are deterministic, so that is
the previous position exactly. A move appends a few bytes to the log instead of a whole earlier
state, which keeps every save (and load) small; an undo costs one replay (~20 µs a move).
"""

from __future__ import annotations

import time
from typing import Any, NamedTuple

import rules
from bot.storage import GameRecord, Store, new_id
from bot.storage.base import Decoded
from rules import cards
from rules.rng import fresh_seed

KINDS = ("kosa", "raspad")
VARIANTS: dict[str, dict[str, dict[str, Any]]] = {
    "kosa": {"u": {"max_passes": None}, "3": {"max_passes": 3}},
    "raspad": {"52": {"jokers": False}, "54": {"jokers": True}},
}
DEFAULT_VARIANT = {"kosa": "u", "raspad": "52"}

Event = list[Any]  # [locale key, {args}]


def pretty(card: str) -> str:
    return cards.pretty(card)


def new_record(
    kind: str,
    variant: str,
    user_id: int,
    lang: str,
    seed: int | None = None,
    deck: list[str] | None = None,
) -> GameRecord:
    module = rules.GAMES[kind]
    options = VARIANTS[kind][variant]
    state = module.new_game(
        dict(options), seed=seed if seed is not None else fresh_seed(), deck=deck
    )
    meta: dict[str, Any] = {
        "uid": user_id,
        "lang": lang,
        "msg": None,
        "variant": variant,
        "moves": 0,
        "undos": 0,
        "s0": None,
        "log": "",
        "undo_left": 0,
        "started": time.time(),
        "ended": None,
        "event": opening_events(kind, module.view(state, 0)),
    }
    text = module.to_json(state)
    meta["s0"] = text
    record = GameRecord(
        id=new_id(),
        kind=kind,
        chat_id=user_id,
        state=text,
        meta=meta,
        finished=module.status(state).over,
    )
    record.decoded = Decoded(text, state)
    return record


def opening_events(kind: str, view: dict[str, Any]) -> list[Event]:
    if kind == "raspad":
        return raspad_events(view.get("events", []), None)
    return []


def _memo(record: GameRecord) -> Decoded:
    """The record's decoded state (decoding it once; the record keeps it)."""
    memo = record.decoded
    if memo is None or memo.text != record.state:
        memo = record.decoded = Decoded(
            record.state, rules.GAMES[record.kind].from_json(record.state)
        )
    return memo


def state_of(record: GameRecord) -> Any:
    """The record's rules state (rules states are immutable, so it is shared)."""
    return _memo(record).state


def _set_state(record: GameRecord, state: Any, view: dict[str, Any] | None = None) -> None:
    text = rules.GAMES[record.kind].to_json(state)
    record.state = text
    record.decoded = Decoded(text, state, view)


def view_of(record: GameRecord, state: Any | None = None) -> dict[str, Any]:
    """The view of the record's state (or of `state`), computed once per decoded state."""
    memo = _memo(record)
    if state is not None and state is not memo.state:
        view: dict[str, Any] = rules.GAMES[record.kind].view(state, 0)
        return view
    if memo.view is None:
        memo.view = rules.GAMES[record.kind].view(memo.state, 0)
    return memo.view


def can_undo(record: GameRecord) -> bool:
    meta = record.meta
    return int(meta.get("undo_left") or 0) > 0 and bool(meta.get("s0")) and not record.finished


class Moved(NamedTuple):
    state: Any  # the rules state after the move
    view: dict[str, Any]  # its view (what the board shows)


def apply_move(record: GameRecord, move: str, undo_depth: int) -> Moved:
    """Apply `move` to the record in place (state, undo history, counters, event line) and
    return the new rules state with its view. Raises rules.IllegalMove (record untouched) when
    illegal."""
    module = rules.GAMES[record.kind]
    before = state_of(record)
    after = module.apply(before, move, 0)
    view: dict[str, Any] = module.view(after, 0)
    if record.kind == "kosa":
        events = kosa_events(view_of(record), view, move)
    else:
        events = (
            [["ev-beat", {"card": pretty(move[:2]), "target": pretty(move[3:])}]]
            if ">" in move
            else []
        )
        events += raspad_events(list(getattr(after, "events", ())), move)
    meta = record.meta
    log = meta.get("log") or ""
    meta["log"] = f"{log} {move}" if log else move
    if move != "resign":
        meta["undo_left"] = min(int(meta.get("undo_left") or 0) + 1, undo_depth)
    _set_state(record, after, view)
    _trim_log(record, undo_depth)
    meta["moves"] = int(meta.get("moves", 0)) + 1
    meta["event"] = events
    if module.status(after).over:
        record.finished = True
        meta["ended"] = time.time()
        meta["undo_left"] = 0
    return Moved(after, view)


LOG_LIMIT = 256  # moves the undo log holds before the state it starts from moves forward


def _replay(kind: str, text: str, moves: list[str]) -> Any:
    module = rules.GAMES[kind]
    state = module.from_json(text)
    for move in moves:
        state = module.apply(state, move, 0)
    return state


def _trim_log(record: GameRecord, undo_depth: int) -> None:
    """Keep saves small and undo quick in long games: past LOG_LIMIT moves the log's starting
    state (s0) moves forward to `undo_depth` moves before now (one replay of ~LOG_LIMIT moves,
    a few ms, every LOG_LIMIT - undo_depth moves)."""
    meta = record.meta
    log = meta["log"]
    if log.count(" ") < LOG_LIMIT:
        return
    moves = log.split()
    keep = min(undo_depth, len(moves))
    try:
        base = _replay(record.kind, meta["s0"], moves[: len(moves) - keep])
    except (rules.IllegalMove, ValueError, KeyError, TypeError):  # an old or unreadable log
        meta.update(s0=record.state, log="", undo_left=0)
        return
    meta["s0"] = rules.GAMES[record.kind].to_json(base)
    meta["log"] = " ".join(moves[len(moves) - keep :])
    meta["undo_left"] = min(int(meta.get("undo_left") or 0), keep)


def undo(record: GameRecord) -> bool:
    """Step back one move (replaying the log without it); False when there is nothing to
    undo, or when the log no longer replays (rules changed since it was written)."""
    meta = record.meta
    moves = (meta.get("log") or "").split()
    if not can_undo(record) or not moves or not meta.get("s0"):
        return False
    try:
        state = _replay(record.kind, meta["s0"], moves[:-1])
    except (rules.IllegalMove, ValueError, KeyError, TypeError):
        return False
    _set_state(record, state)
    meta["log"] = " ".join(moves[:-1])
    meta["undo_left"] = int(meta["undo_left"]) - 1
    meta["moves"] = max(0, int(meta.get("moves", 0)) - 1)
    meta["undos"] = int(meta.get("undos", 0)) + 1
    meta["event"] = [["ev-undo", {}]]
    return True


def hint(record: GameRecord) -> str | None:
    module = rules.GAMES[record.kind]
    state = state_of(record)
    if module.status(state).over:
        return None
    try:
        return str(module.suggest(state, 0))
    except rules.IllegalMove:
        return None


def legal_moves(record: GameRecord, state: Any | None = None) -> list[str]:
    module = rules.GAMES[record.kind]
    return list(module.legal_moves(state if state is not None else state_of(record), 0))


# ------------------------------------------------------------------------------- events


def raspad_events(raw: list[str], move: str | None) -> list[Event]:
    out: list[Event] = []
    decayed: list[str] = []
    declared = move == "fail"

    def flush() -> None:
        if decayed:
            out.append(["ev-decay", {"cards": " ".join(decayed)}])
            decayed.clear()

    for ev in raw:
        if ev.startswith("decay:"):
            decayed.append(pretty(ev[6:]))
            continue
        flush()
        if ev == "close":
            out.append(["ev-close", {}])
        elif ev == "fail":
            out.append(["ev-fail" if declared else "ev-fail-auto", {}])
            declared = False
    flush()
    return out


def _place(name: str) -> list[Any]:
    if name.startswith("F"):
        return ["place-found", {}]
    if name == "b":
        return ["place-braid", {}]
    if name == "w":
        return ["place-waste", {}]
    if name == "s":
        return ["place-stock", {}]
    return ["place-spot", {"spot": name}]


def _top(pile: list[str]) -> str | None:
    return pile[-1] if pile else None


def kosa_card_at(view: dict[str, Any], place: str) -> str | None:
    if place == "b":
        return _top(view["braid"])
    if place == "w":
        return _top(view["waste"])
    if place.startswith("F"):
        return _top(view["foundations"][int(place[1:]) - 1])
    if place in view["spots"]:
        return _top(view["spots"][place])
    return None


def kosa_events(before: dict[str, Any], after: dict[str, Any], move: str) -> list[Event]:
    out: list[Event] = []
    src = dst = None
    if move == "d":
        top = _top(after["waste"])
        out.append(["ev-draw", {"card": pretty(top) if top else "?"}])
    elif move == "r":
        out.append(["ev-redeal", {"pass_no": after["pass"]}])
    elif ">" in move:
        src, dst = move.split(">")
        card = kosa_card_at(after, dst)
        key = "ev-fill" if dst in before["spots"] and not before["spots"][dst] else "ev-move"
        out.append(
            [key, {"card": pretty(card) if card else "?", "place": _place(dst), "spot": dst}]
        )
    # fills that the rules made by themselves (a vacancy with exactly one source)
    for spot, pile in after["spots"].items():
        expected = list(before["spots"][spot])
        if spot == src and expected:
            expected.pop()
        if dst is not None and spot == dst:
            expected.append(kosa_card_at(after, dst) or "")
        if pile != expected and pile:
            out.append(["ev-autofill", {"spot": spot, "card": pretty(pile[-1])}])
    return out


# ------------------------------------------------------------------------------- index


async def active_games(store: Store, user_id: int) -> list[tuple[str, str]]:
    """The user's unfinished solitaires as (kind, game_id), pruning finished/expired ones."""
    out: list[tuple[str, str]] = []
    for game_id in await store.user_games(user_id):
        record = await store.load(game_id)
        if record is None or record.finished:
            await store.remove_user_game(user_id, game_id)
            continue
        if record.kind in KINDS:
            out.append((record.kind, game_id))
    out.sort(key=lambda kg: KINDS.index(kg[0]))
    return out


def elapsed(meta: dict[str, Any]) -> int:
    end = meta.get("ended") or time.time()
    return max(0, int(end - float(meta.get("started") or end)))


def format_duration(seconds: int) -> str:
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
