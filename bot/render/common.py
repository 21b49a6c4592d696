"""Presentation pieces shared by the renderers: cards, cells, names, buttons, control rows."""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache

from bot.i18n import Translator
from bot.render.screen import SoloCtx, TableCtx
from bot.wire.callbacks import game_data, menu_data, ui_action
from bot.wire.keyboard import DANGER, Button, Keyboard
from rules import cards
from rules.cards import RANKS, SUITS
from rules.views import StatusView

ENDED_EARLY = ("abandoned", "replaced")  # a table's `why` when it ended before the rules' end

# -- widths: what a phone gives a <pre> line ------------------------------------------------------
# Telegram's apps draw ♠ ♥ ♦ ♣ (and ▶ ✔) as emoji even without U+FE0F, about two monospace
# columns each, like the wide emoji (🃏 🤖); a board line may take PHONE_COLUMNS of those columns
# (a 360 px phone). Where a phone draws them as text the line is only narrower.
PHONE_COLUMNS = 32
EMOJI_TEXT = frozenset("♠♥♦♣▶✔")
ZERO_WIDTH = frozenset("\ufe0f\u200d")


@lru_cache(maxsize=4096)
def width(text: str) -> int:
    """Monospace columns of `text` on a phone: emoji and ♠♥♦♣ two, anything else one."""
    n = 0
    for ch in text:
        if ch in ZERO_WIDTH:
            continue
        wide = ch in EMOJI_TEXT or unicodedata.east_asian_width(ch) in ("W", "F")
        n += 2 if wide else 1
    return n


def cell(text: str, columns: int) -> str:
    """Right-align `text` in `columns` monospace columns (measured by `width`)."""
    return " " * max(0, columns - width(text)) + text


def wrap(prefix: str, tokens: Sequence[str], limit: int = PHONE_COLUMNS) -> str:
    """`prefix` and the tokens separated by spaces, in lines of at most `limit` columns; a
    continued line is indented under the first token."""
    lines: list[str] = []
    line = prefix
    indent = " " * width(prefix)
    for token in tokens:
        fresh = line in (prefix, indent)
        if not fresh and width(line) + 1 + width(token) > limit:
            lines.append(line)
            line = indent
            fresh = True
        line += token if fresh else " " + token
    lines.append(line)
    return "\n".join(lines)


# -- cards ----------------------------------------------------------------------------------------
@lru_cache(maxsize=8)
def _faces(ranks: str) -> dict[str, str]:
    """Every code's face for one language's rank letters (`card-ranks`: 13 names, 2 … ace)."""
    names = ranks.split()
    if len(names) != len(RANKS):
        names = [cards.RANK_NAMES.get(r, r) for r in RANKS]
    faces = {
        r + s: n + cards.SUIT_SYMBOLS[s] for r, n in zip(RANKS, names, strict=True) for s in SUITS
    }
    faces.update(JOKER_FACES)
    return faces


# a joker's colour as the sides of a game are shown: 🔴 red, ⚫ black (a letter said nothing)
JOKER_FACES = {"XR": "🃏🔴", "XB": "🃏⚫"}


def face(code: str, _: Translator) -> str:
    """A card as players of `_`'s language read it: `Д♥` in Russian, `Q♥` in English (the codes
    and callback data keep the Latin letters)."""
    return _faces(_("card-ranks")).get(code) or JOKER_FACES.get(code) or cards.pretty(code)


def card(code: str | None, _: Translator) -> str:
    return face(code, _) if code else "··"


Namer = Callable[[str | None], str]  # a card code (None: an empty place) as players read it


def card_namer(_: Translator) -> Namer:
    """`card(code, _)` for one screen: its language's faces looked up once, not once a card."""
    faces = _faces(_("card-ranks"))

    def name(code: str | None) -> str:
        return (faces.get(code) or cards.pretty(code)) if code else "··"

    return name


def rank_face(rank: str, _: Translator) -> str:
    """A rank alone (`"Q"` → `Д` in Russian)."""
    return face(rank + "S", _)[:-1]


def esc(text: str) -> str:
    return html.escape(text, quote=False)


def sorted_hand(codes: Sequence[str]) -> list[str]:
    """By suit (♠ ♥ ♦ ♣), then rank: easier to scan for a match."""
    return sorted(codes, key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0])))


def format_duration(seconds: int) -> str:
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def button(text: str, data: str) -> Button:
    """A callback button (its data was checked when it was built)."""
    return Button(text, data)


def ui_button(text: str, gid: str, version: int, name: str, arg: str = "") -> Button:
    """A button for a UI action of game `gid` at `version` (`~name:arg`)."""
    return Button(text, game_data(gid, version, ui_action(name, arg)))


def rows_of(buttons: list[Button], n: int) -> list[list[Button]]:
    return [buttons[i : i + n] for i in range(0, len(buttons), n)]


def listed(words: Sequence[str], key: str, _: Translator) -> str:
    """`words` as a sentence lists them: `a, b и c` (`key`: `list-and` or `list-or`)."""
    if len(words) < 2:
        return "".join(words)
    return _(key, rest=", ".join(words[:-1]), last=words[-1])


def control_rows(ctx: SoloCtx) -> list[list[Button]]:
    first = [button(ctx.t("btn-hint"), ctx.ui("hint"))]
    if ctx.can_undo:
        first.append(button(ctx.t("btn-undo"), ctx.ui("undo")))
    second = [
        Button(ctx.t("btn-resign"), ctx.ui("ask", "resign"), style=DANGER),
        button(ctx.t("btn-menu"), menu_data("menu")),
    ]
    return [first, second]


LOSES = ("resign", "r")  # the solitaire moves asked for because they lose the game


def confirm_rows(ctx: SoloCtx, yes_key: str, move: str) -> list[list[Button]]:
    """Yes (red when it loses the game: giving up, a redeal that loses) and Cancel."""
    yes = Button(ctx.t(yes_key), ctx.move(move), style=DANGER if move in LOSES else None)
    return [[yes, button(ctx.t("btn-cancel"), ctx.ui("back"))]]


def finished_rows(ctx: SoloCtx, kind: str) -> list[list[Button]]:
    again = f"again:{kind}:{ctx.variant}" if ctx.variant else f"again:{kind}"
    return [
        [
            button(ctx.t("btn-again"), menu_data(again)),
            button(ctx.t("btn-menu"), menu_data("menu")),
        ]
    ]


def markup(rows: list[list[Button]]) -> Keyboard:
    return Keyboard(rows)  # empty rows are dropped


def result_lines(
    ctx: SoloCtx, status: StatusView, score_key: str, score: int, total: int | None = None
) -> list[str]:
    result = status["result"]
    lines = [f"<b>{ctx.t('result-' + result)}</b>"]
    lines.append(ctx.t(score_key, n=score, total=total if total is not None else 0))
    played = ctx.played
    lines.append(
        ctx.t(
            "result-stats",
            moves=played.moves,
            time=format_duration(played.seconds),
            undos=played.undos,
        )
    )
    return lines


def private_end_keyboard(ctx: TableCtx) -> Keyboard:
    """Under a finished game against the computer: play again, and the menu (a quick match:
    never meet these players again)."""
    _ = ctx._
    row = []
    block = []
    if ctx.match:
        block = [[Button(text=_("match-btn-block"), callback_data=menu_data(f"mqb:{ctx.game_id}"))]]
    if ctx.rematch:
        data = game_data(ctx.game_id, ctx.version, ui_action("rematch"))
        row.append(Button(text=_("grp-btn-rematch"), callback_data=data))
    row.append(Button(text=_("grp-btn-back"), callback_data=menu_data("menu")))
    return Keyboard([*block, row])
