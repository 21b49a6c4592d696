"""Telegram's newer buttons where they help a player: a card that cannot be played now is
disabled (Bot API 10.3: a tap does nothing, where it only answered "not now"), the move to make
is green (a ✅ card or cell, the hint's ⭐), giving up and leaving are red (Bot API 9.4's
`style`); and every such board is a request Telegram takes."""

from __future__ import annotations

import json
import random

import pytest

import rules
from bot.games.solitaire import model as solitaire
from bot.games.solitaire.screen import board as render_game
from bot.games.state import public_view, turn, view_of
from bot.i18n import translator
from bot.render import parquet as P
from bot.render import ryadki as R
from bot.render.parquet_events import cell_name
from bot.render.screen import Screen
from bot.wire.callbacks import GameCallback, parse
from bot.wire.keyboard import DANGER, SUCCESS, Button, Keyboard
from rules.notation import all_targets, move_targets, pick_sources
from rules.parquet_view import parquet_view
from rules.raspad_view import raspad_view
from rules.ryadki_view import ryadki_view
from tests.support import samples, telegram_spec

GID = "abcdefghij"


def action(button: Button) -> str | None:
    data = parse(button.callback_data)
    return data.action if isinstance(data, GameCallback) else None


def assert_sendable(screen: Screen | Keyboard | None, text: str = "x") -> None:
    """As the bot sends it: the keyboard's own JSON text, decoded as Telegram decodes it."""
    keyboard = screen.keyboard if isinstance(screen, Screen) else screen
    assert keyboard is not None
    params = {"chat_id": 1, "text": text, "reply_markup": json.loads(keyboard.to_json())}
    telegram_spec.assert_valid("sendMessage", params)


def test_a_styled_or_disabled_button_is_written_as_the_bot_api_has_it() -> None:
    keyboard = Keyboard(
        [
            [Button("🏳 Resign", "g:1:~resign", style=DANGER), Button("7♠", disabled=True)],
            [Button("✅ 8♠", "g:1:8S", style=SUCCESS, disabled=True), Button("A", "g:1:a")],
        ]
    )
    assert json.loads(keyboard.to_json())["inline_keyboard"] == [
        [
            {"text": "🏳 Resign", "style": "danger", "callback_data": "g:1:~resign"},
            {"text": "7♠", "disabled": {}},
        ],
        [
            {"text": "✅ 8♠", "style": "success", "disabled": {}},
            {"text": "A", "callback_data": "g:1:a"},
        ],
    ]
    assert_sendable(keyboard)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_ryadki_cards_that_cannot_be_played_now_are_disabled(lang: str) -> None:
    """On the player's turn the cards that answer are ✅ and green, the others disabled; on
    another's turn every card is disabled. Leaving (and its Yes) is red."""
    mod = rules.GAMES["ryadki"]
    _ = translator(lang)
    seen = {"mine": 0, "waiting": 0, "blocked": 0}
    for seed in range(4):
        state = mod.new_game({"players": 3, "deals": 1}, seed=seed)
        for step in range(60):
            if mod.status(state).over:
                break
            turn = mod.turn(state)
            assert turn is not None
            for seat in range(3):
                view = ryadki_view(mod.view(state, seat))
                keyboard = R.hand_keyboard(view, GID, step + 1, _)
                assert keyboard is not None
                *cards, leave = keyboard.buttons()
                assert leave.style == DANGER and action(leave) == "~resign"
                legal = set(mod.legal_moves(state, seat)) if seat == turn else set()
                for button in cards:
                    if button.disabled:
                        assert button.callback_data is None and "✅" not in button.text
                    else:
                        assert button.style == SUCCESS and button.text.startswith("✅ ")
                assert {action(b) for b in cards if not b.disabled} == legal - {"resign"}
                seen["mine" if seat == turn else "waiting"] += 1
                seen["blocked"] += seat == turn and any(b.disabled for b in cards)
                if step == 0:
                    assert_sendable(keyboard)
            state = mod.apply(state, mod.suggest(state, turn, seed), turn)
    assert min(seen.values()) > 20, seen
    view = ryadki_view(mod.view(mod.new_game({"players": 2}, seed=1), 0))
    asked = R.hand_keyboard(view, GID, 1, _, confirm_leave=True)
    assert asked is not None
    yes, no = asked.inline_keyboard[-1]
    assert (yes.text, yes.style, no.style) == (_("grp-btn-leave-yes"), DANGER, None)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_parquet_s_marked_cells_are_green_and_the_cells_nothing_fits_are_disabled(
    lang: str,
) -> None:
    """Before a pick every cell a card fits is ✅ (green); after one, the card's own cells.
    A cell where nothing can go, and no card can move from, is disabled (a tap there only said
    "pick a card first" or "not your turn"); every legal move stays within reach."""
    mod = rules.GAMES["parquet"]
    _ = translator(lang)
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = mod.new_game(seed=seed)
        for step in range(40):
            if mod.status(state).over:
                break
            turn = mod.turn(state)
            assert turn is not None
            view = parquet_view(mod.view(state, turn))
            legal = [m for m in mod.legal_moves(state, turn) if m != "resign"]
            can_place, can_move = pick_sources(legal)
            for pick in [None, *sorted(can_place | can_move)[:2]]:
                keyboard = P.keyboard(view, GID, step + 1, pick, legal, _)
                board = [b for row in keyboard.inline_keyboard[: P.ROWS] for b in row]
                live = all_targets(legal) if pick is None else set(move_targets(legal, pick))
                live |= can_move if pick is None else {pick}
                for r in range(P.ROWS):
                    for c in range(P.COLS):
                        button = board[r * P.COLS + c]
                        place = f"{r + 1}{c + 1}"
                        assert button.disabled == (place not in live), (place, button)
                        marked = button.text == P.MARK + cell_name(place)  # (named: findable)
                        assert (button.style == SUCCESS) == marked, button
                        checked += 1
                resign = keyboard.inline_keyboard[-1][0]
                assert resign.style == DANGER and action(resign) == "~resign"
                if step % 10 == 0:
                    assert_sendable(keyboard)
            state = mod.apply(state, rng.choice(legal), turn)
    assert checked > 6 * 40 * 35


def test_a_quick_match_board_on_the_other_s_turn_has_nothing_to_tap_but_resign() -> None:
    record = samples._table("parquet", ["Ann", "Ben"], 3, 2)
    waiting = 1 - (turn(record) or 0)
    ctx = samples._ctx(record, match=True, seat=waiting)
    keyboard = P.render(parquet_view(public_view(record)), ctx).keyboard
    assert keyboard is not None
    live = [b for b in keyboard.buttons() if not b.disabled]
    assert [b.style for b in live] == [DANGER]


@pytest.mark.parametrize("kind", ["raspad", "kosa"])
def test_a_solitaire_s_hint_is_green_and_giving_up_is_red(kind: str) -> None:
    variant = "52" if kind == "raspad" else "u"
    for seed in range(6):
        record = solitaire.new_record(kind, variant, 1, "en", seed=seed)
        for _step in range(30):
            moves = [m for m in solitaire.legal_moves(record) if m not in ("resign",)]
            if record.finished or not moves:
                break
            hint = moves[-1]
            keyboard = render_game(record, "en", hint=hint).keyboard
            assert keyboard is not None
            green = [b for b in keyboard.buttons() if b.style == SUCCESS]
            assert len(green) == 1 and "⭐" in green[0].text, (hint, keyboard)
            assert action(green[0]) in (hint, f"~ask:{hint}") or hint.startswith(
                (action(green[0]) or "?").removeprefix("~pick:") + ">"
            ), (hint, green)
            red = [b for b in keyboard.buttons() if b.style == DANGER]
            assert [action(b) for b in red] == ["~ask:resign"]
            assert_sendable(keyboard)
            solitaire.apply_move(record, moves[0], undo_depth=5)
        if record.finished:
            continue
        asked = render_game(record, "en", confirm="resign").keyboard
        assert asked is not None
        yes = asked.inline_keyboard[0][0]
        assert (action(yes), yes.style) == ("resign", DANGER)


def test_a_raspad_card_that_beats_nothing_is_disabled() -> None:
    found = 0
    for seed in range(20):
        record = solitaire.new_record("raspad", "52", 1, "ru", seed=seed)
        moves = solitaire.legal_moves(record)
        hand = raspad_view(view_of(record, 0))["hand"]
        keyboard = render_game(record, "ru").keyboard
        assert keyboard is not None
        for card, button in zip(hand, keyboard.buttons(), strict=False):  # the hand comes first
            beats = any(m.startswith(card + ">") for m in moves)
            assert button.disabled != beats, (card, button)
            found += not beats
    assert found > 5
