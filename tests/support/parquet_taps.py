"""A Parquet move by taps, as a player makes it in a group: the card (or the board card to
move), answered to them alone, then its ✅ cell — both on the same board version, which the
first tap does not change (the group's budget is spent on the move only)."""

from __future__ import annotations

from bot.wire import callbacks


def halves(move: str) -> tuple[str, str]:
    """`KS@24` → ("KS", "24"); `24>15` → ("24", "15")."""
    src, _sep, dst = move.partition("@") if "@" in move else move.partition(">")
    return src, dst


def taps(gid: str, version: int, move: str) -> tuple[str, str]:
    """The two callback datas of `move` on the board at `version`: the pick, then the cell."""
    src, dst = halves(move)
    return (
        callbacks.game_data(gid, version, f"~pick:{src}"),
        callbacks.game_data(gid, version, f"~to:{dst}"),
    )
