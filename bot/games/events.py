"""The events the bot itself adds to a game's events (beside the rules' own, rules.events):
they have the same shape, a dict with its kind under "e" (their types: bot.events), and are
rendered in the same place (bot.render.events)."""

from __future__ import annotations

from bot.events import Removed, Timeout, Undo


def timeout_event(seat: int, move: str, k: int, limit: int) -> Timeout:
    return Timeout(e="timeout", seat=seat, move=move, k=k, max=limit)


def removed_event(seat: int, limit: int) -> Removed:
    return Removed(e="removed", seat=seat, max=limit)


def undo_event() -> Undo:
    return Undo(e="undo")
