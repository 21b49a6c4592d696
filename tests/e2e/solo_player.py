"""A player of the bot's solitaires in the end-to-end tests, who plays as a person does.

Telegram limits a chat to about one message (send or edit) a second, with a short burst; the
emulator enforces it, and the bot answers a tap at once while the board's edit may come a little
later (after a 429 the coalescer edits the board with the newest position). So the player does
not read the board right after the tap's answer: after every tap it looks at the board until the
board shows that tap's effect (the ⭐ hint, a new version, the confirmation, the end screen),
then taps again. Every wait is the emulator's bounded `wait_for`; none is a sleep.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.e2e.emulator import Emulator, EmuUser
from tests.support.recording import TgMessage

GAME_DATA = re.compile(r"^[A-Za-z0-9]{10}:(\d+):")
YES = ("⚠️ Yes", "🔄 Yes", "⚠️ Да", "🔄 Да")  # the confirmations a hinted move may ask for
LOST = ("can no longer be won from here", "отсюда уже не выиграть")  # a hint in a lost position
GIVE_UP, YES_GIVE_UP = "🏳 Give up", "🏳 Yes, give up"


def version_of(msg: TgMessage) -> int | None:
    """The game version the board's buttons carry (None: no game buttons)."""
    for data in msg.callback_data():
        m = GAME_DATA.match(data or "")
        if m:
            return int(m.group(1))
    return None


def finished(msg: TgMessage) -> bool:
    """No game button left: the end screen."""
    return not any(GAME_DATA.match(d or "") for d in msg.callback_data())


def starred(msg: TgMessage) -> str | None:
    """The button the bot's hint marked with ⭐."""
    for text in msg.button_texts():
        if "⭐" in text:
            return text
    return None


def way_back(msg: TgMessage) -> str | None:
    """The button back to a winnable position, offered when the solver proves the deal lost."""
    return next((t for t in msg.button_texts() if t.startswith(("↩️ Back ", "↩️ Назад на "))), None)


def hint_answered(msg: TgMessage) -> bool:
    """The board shows the hint's ⭐, or a lost position's way back, or that the deal is lost for
    good (`LOST`: no ⭐, and the game goes on)."""
    lost = any(text in msg.text for text in LOST)
    return starred(msg) is not None or way_back(msg) is not None or lost


def confirmation(msg: TgMessage) -> str | None:
    """The "Yes" button of a confirmation the bot asks for (hand to the line, losing redeal)."""
    return next((t for t in msg.button_texts() if t.startswith(YES)), None)


async def tap(emulator: Emulator, user: EmuUser, msg: TgMessage, button: str) -> dict[str, Any]:
    """Tap a button of the message as it is now; the bot's answer to the tap."""
    return await emulator.wait_answer(user.tap(msg, button))


async def wait_board(
    emulator: Emulator,
    user: EmuUser,
    board: TgMessage | int,
    shows: Callable[[TgMessage], object],
    what: str,
) -> TgMessage:
    """Look at the board message until it `shows` something (bounded); the message, live."""
    message_id = board if isinstance(board, int) else board.message_id

    def seen() -> TgMessage | None:
        msg = emulator.message(user, message_id)
        return msg if shows(msg) else None

    try:
        return await emulator.wait_for(seen, what=f"the board to show {what}")
    except AssertionError as e:
        now = emulator.message(user, message_id)
        raise AssertionError(f"{e}\nthe board now: {now.describe()}") from None


async def tap_and_see(
    emulator: Emulator,
    user: EmuUser,
    board: TgMessage | int,
    button: str,
    shows: Callable[[TgMessage], object],
    what: str,
    *,
    accepted: Callable[[dict[str, Any]], bool] | None = None,
) -> TgMessage:
    """Tap `button` on the board as it is now, get the tap's answer, then look at the board
    until it `shows` the tap's effect; the board (live). An answer that is not `accepted` (a
    refusal: "stale", "briefly unavailable"...) fails at once, without waiting for the board."""
    message_id = board if isinstance(board, int) else board.message_id
    before = emulator.message(user, message_id)
    answer = await tap(emulator, user, before, button)
    if accepted is not None and not accepted(answer):
        raise AssertionError(f"the tap on {button!r} was answered {answer}\n{before.describe()}")
    return await wait_board(emulator, user, message_id, shows, what)


def _hint_toast(answer: dict[str, Any]) -> bool:
    """The hint's toast ("… ⭐", or "💡 The computer's guess…" when the solver's budget ran out
    first: a move is still starred), or "🤔 Thinking…" when the search takes more than a moment
    (a loaded machine): the board then shows the ⭐ once the search is done."""
    text = str(answer.get("text") or "")
    return "⭐" in text or text.startswith(("🤔 ", "💡 "))


def _silent(answer: dict[str, Any]) -> bool:
    """A move or a confirmation step is answered without a toast (a toast is a refusal)."""
    return not answer.get("text")


async def hinted_move(
    emulator: Emulator, user: EmuUser, board: TgMessage, hint: str = "💡 Hint"
) -> None:
    """Tap Hint, then the ⭐ button (and confirm when the bot asks); one move is made. A deal
    the solver proves lost (a random deal may be, or become so after a guess) is taken back to
    its last winnable position instead, or given up when there is none within undo reach."""
    before = version_of(emulator.message(user, board.message_id))
    msg = await tap_and_see(
        emulator, user, board, hint, hint_answered, "the hint", accepted=_hint_toast
    )
    hinted = version_of(msg)  # the first hint of a game is saved: a new version
    if starred(msg) is None:
        back = way_back(msg)
        if back is not None:
            lost = version_of(msg)
            await tap_and_see(
                emulator, user, board, back, lambda m: version_of(m) != lost, "the way back"
            )
            return
        await tap_and_see(
            emulator, user, board, GIVE_UP, lambda m: m.has_button(YES_GIVE_UP), "give up?"
        )
        await tap_and_see(emulator, user, board, YES_GIVE_UP, finished, "the game given up")
        return

    def moved(m: TgMessage) -> bool:
        return version_of(m) != hinted or finished(m)

    star = starred(msg)
    assert star is not None, msg.describe()
    msg = await tap_and_see(
        emulator,
        user,
        board,
        star,
        lambda m: moved(m) or confirmation(m),
        "the hinted move or a confirmation",
        accepted=_silent,
    )
    yes = None if moved(msg) else confirmation(msg)
    if yes is not None:  # a confirmation step (hand to the line / losing redeal)
        msg = await tap_and_see(
            emulator, user, board, yes, moved, "the confirmed move", accepted=_silent
        )
    assert version_of(msg) != before or finished(msg), msg.describe()


async def new_raspad(emulator: Emulator, user: EmuUser) -> TgMessage:
    """/start, then Raspad with 52 cards: the menu's message becomes the board (live)."""
    user.send("/start")
    menu = await emulator.wait_message(user, contains="Card games")
    await tap_and_see(
        emulator,
        user,
        menu,
        "💥 Raspad (Decay)",
        lambda m: m.has_button("🂠 52 cards"),
        "Raspad's decks",
    )
    return await tap_and_see(
        emulator,
        user,
        menu,
        "🂠 52 cards",
        lambda m: version_of(m) is not None and "Hand:" in m.text,
        "the new Raspad board",
    )
