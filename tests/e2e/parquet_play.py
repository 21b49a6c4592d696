"""Parquet played through the emulator as people play it in a group.

A move is two taps on ONE version of the board (the group's budget pays for the move's edit
only): the first — a card of the mover's hand (or a 🔄 card of theirs on the board), or a ✅
cell — is answered to the mover alone in the tap's toast and leaves the board as it was; the
second completes the move, and the players wait for the board to show it before the next.

    alice, bob, group, board = await parquet_pair(emu)
    style = Style(seed=37, think=1.0, between=0.5)
    while not over(board):
        await parquet_move(emu, board, [alice, bob], style, card_first=...)

Cell first, the toast names what fits there ("These fit here: 8♥, 10♥. Now tap the card."): the
player taps one of those. Card first, the player taps a ✅ cell next; when the card does not
fit there the toast names what does, the cell is kept, and the player taps one of those cards.
`Style` picks among the options (the first one, or seeded choices) and sets the pace: seconds a
player looks at the board before the first tap and between the taps (a person's pace, not a
synchronisation: every wait for the bot is a bounded wait on what the players see).
A private game against the computer shows its pick on the board instead: `parquet_tap`.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.requests import version_of
from tests.support.recording import TgChat, TgMessage

T = TypeVar("T")
Button = dict[str, Any]

# a move the group's budget held back is shown within the budget's minute (the bot keeps the
# newest edit of the board waiting and sends it as soon as the group may be written to again)
BOARD_WAIT = 75.0
COLUMNS = "abcdefg"
FITS = re.compile(r"fits? (?:here|there): (.+?)\.(?: Now tap the card\.)?$")


def over(board: TgMessage) -> bool:
    return "wins!" in board.text or "draw" in board.text


def parquet_mover(board: TgMessage, users: list[EmuUser]) -> EmuUser:
    line = next(x for x in board.text.splitlines() if x.startswith("▶"))
    return next(u for u in users if u.name in line)


def ui_buttons(board: TgMessage, name: str) -> list[Button]:
    """The board's buttons whose action is `~<name>:…` (`to`: the ✅ cells, `pick`: the cards)."""
    return [b for b in board.buttons() if f":~{name}:" in str(b.get("callback_data", ""))]


def parquet_tap(board: TgMessage) -> str:
    """In a private game against the computer (the pick is shown on the board): a marked cell
    of the picked card when there is one, else a card to pick."""
    for b in board.buttons():
        data = str(b.get("callback_data", ""))
        action = data.split(":", 2)[-1]
        if not action.startswith("~") and ("@" in action or ">" in action):
            return data
    picks = ui_buttons(board, "pick")
    if picks:
        return str(picks[0]["callback_data"])
    raise AssertionError("no marked button on " + board.describe())


async def parquet_pair(
    emu: Emulator, *, started: bool = False
) -> tuple[EmuUser, EmuUser, TgChat, TgMessage]:
    """Alice and Bob in a group start Parquet by `/newgame parquet`: (alice, bob, group, board).
    `started`: both have opened the bot's private chat (a reminder goes there)."""
    alice = emu.user("Alice", language_code="en", started=started)
    bob = emu.user("Bob", language_code="en", started=started)
    group = emu.group("Card Club", owner=alice, members=[bob])
    alice.send(group, "/newgame parquet")
    lobby = await emu.wait_message(group, "gathering players")
    bob.tap(lobby, "✋ Join")
    board = await emu.wait_message(group, "cross phase")
    return alice, bob, group, board


@dataclass
class Style:
    """How the players choose (`seed` None: always the first option) and how fast they tap:
    `think` seconds looking at the board before a move's first tap, `between` before the next."""

    seed: int | None = None
    think: float = 0.0
    between: float = 0.0
    taps: int = 0  # taps made, each one answered
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, options: Sequence[T]) -> T:
        assert options, "nothing to choose from"
        return options[0] if self.seed is None else options[self.rng.randrange(len(options))]


async def pause(seconds: float) -> None:
    if seconds > 0:
        await asyncio.sleep(seconds)  # a person's pace (see the module docstring)


async def tap(emu: Emulator, user: EmuUser, board: TgMessage, button: Button, style: Style) -> str:
    """Tap and wait for the answer: its toast text ('' for a bare answer)."""
    answer = await emu.wait_answer(user.tap_data(board, str(button["callback_data"])))
    style.taps += 1
    return str(answer.get("text", ""))


def named_cards(board: TgMessage, said: str) -> list[Button]:
    """The card buttons a toast names as fitting a cell: `8♥` (a hand card: the one button of
    its rank) or `K♠ d2` (the mover's card on the board, marked 🔄)."""
    found = FITS.search(said)
    assert found, f"a toast that names no card: {said!r}"
    picks = ui_buttons(board, "pick")
    out: list[Button] = []
    for item in found.group(1).split(", "):
        on_board = re.fullmatch(r"\S+ ([a-g])([1-5])", item)
        if on_board:
            col, row = on_board.groups()
            action = f":~pick:{row}{COLUMNS.index(col) + 1}"
            out += [b for b in picks if str(b["callback_data"]).endswith(action)]
        else:
            out += [b for b in picks if b["text"] == item]
    assert out, f"no button for the cards in {said!r}: {board.describe()}"
    return out


async def parquet_move(
    emu: Emulator,
    board: TgMessage,
    users: list[EmuUser],
    style: Style | None = None,
    *,
    card_first: bool = False,
    timeout: float = BOARD_WAIT,
) -> None:
    """The mover makes one move by two taps (three when the card first tapped does not fit the
    cell tapped next) on the board's current version, then waits for the board to show it."""
    style = style or Style()
    mover = parquet_mover(board, users)
    version, shown = version_of(board), board.text

    def unchanged(said: str) -> None:
        assert version_of(board) == version and board.text == shown, (
            f"the board changed for a first tap ({said!r}): {board.describe()}"
        )

    await pause(style.think)
    if card_first:
        said = await tap(emu, mover, board, style.choose(ui_buttons(board, "pick")), style)
        assert "→ ✅" in said, said  # the toast names the picked card's cells
        unchanged(said)
        await pause(style.between)
        said = await tap(emu, mover, board, style.choose(ui_buttons(board, "to")), style)
        if said:  # the card does not fit there: the cell is kept, the toast says what fits
            assert "does not fit there" in said, said
            unchanged(said)
            await pause(style.between)
            said = await tap(emu, mover, board, style.choose(named_cards(board, said)), style)
    else:
        said = await tap(emu, mover, board, style.choose(ui_buttons(board, "to")), style)
        assert FITS.search(said), said
        unchanged(said)
        await pause(style.between)
        said = await tap(emu, mover, board, style.choose(named_cards(board, said)), style)
    assert said == "", f"the move's second tap was refused: {said!r}"
    await emu.wait_for(
        lambda: version_of(board) > version, timeout, f"the board to show {mover.name}'s move"
    )
