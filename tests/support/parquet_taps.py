"""A Parquet move by taps, as a player makes it in a group: the card (or the board card to
move), answered to them alone, then its ✅ cell — both on the same board version, which the
first tap does not change (the group's budget is spent on the move only)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.render.parquet_events import cell_name
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


def toast_cells(toast: str) -> list[str]:
    """The cells the toast after a pick names (`K♠ → ✅ c4, e4. Tap…` → ["c4", "e4"]), sorted."""
    return sorted(toast.split("✅ ", 1)[1].split(".", maxsplit=1)[0].split(", "))


def cell_names(cells: Iterable[str]) -> list[str]:
    """Cells `"24"` as players read them (`"d2"`), sorted."""
    return sorted(map(cell_name, cells))
