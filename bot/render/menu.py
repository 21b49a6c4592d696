"""Main menu, language picker, rules and help pages (text + inline keyboard).

Every screen here lays out any number of games: a button per game, at most ROW_GAMES a row (two
fit a phone's width), the games in the order they were registered."""

from __future__ import annotations

from bot.i18n import Translator, t, translator
from bot.registry import GAMES, is_solitaire, kinds
from bot.render.common import button, listed, rows_of
from bot.render.screen import Screen
from bot.wire.callbacks import menu_data
from bot.wire.keyboard import Button, Keyboard

ROW_GAMES = 2  # game buttons a row


def rule_games() -> tuple[str, ...]:
    """The games with a rules page (`rules-<game>`): every game the bot offers."""
    return (*kinds("solitaire"), *kinds("table"))


def main_menu(lang: str, active: list[tuple[str, str]] | None = None) -> Screen:
    """`active`: unfinished games of this user's own (solitaires, games against the computer)
    as (kind, game_id), offered as "continue" buttons."""
    rows: list[list[Button]] = []
    text = t(lang, "menu-title")
    for kind, game_id in active or []:
        game = t(lang, f"game-{kind}") if is_solitaire(kind) else t(lang, f"btn-ai-{kind}")
        rows.append([button(t(lang, "btn-continue", game=game), menu_data(f"cont:{game_id}"))])
    solitaires = [button(t(lang, f"btn-{kind}"), menu_data(kind)) for kind in kinds("solitaire")]
    rows += rows_of(solitaires, ROW_GAMES)
    tables = [button(t(lang, f"btn-ai-{kind}"), menu_data(f"ai:{kind}")) for kind in kinds("table")]
    rows += rows_of(tables, ROW_GAMES)
    rows.append([button(t(lang, "btn-match"), menu_data("mq"))])
    rows.append([button(t(lang, "btn-daily"), menu_data("daily"))])
    rows.append([button(t(lang, "btn-friends"), menu_data("friends"))])
    rows.append(
        [
            button(t(lang, "btn-stats"), menu_data("stats")),
            button(t(lang, "btn-top"), menu_data("top")),
        ]
    )
    rows.append(
        [
            button(t(lang, "btn-rules"), menu_data("rules")),
            button(t(lang, "btn-language"), menu_data("lang")),
            button("⚙️", menu_data("set")),
        ]
    )
    return Screen(text, Keyboard(rows))


def language_menu(lang: str) -> Screen:
    rows = [
        [
            button(t(lang, "lang-ru"), menu_data("lang:ru")),
            button(t(lang, "lang-en"), menu_data("lang:en")),
        ],
        [button(t(lang, "btn-back"), menu_data("menu"))],
    ]
    return Screen(t(lang, "language-title"), Keyboard(rows))


def rules_page(lang: str, game: str | None = None, *, private: bool = True) -> Screen:
    """/rules: a button per game; with `game`, that game's rules (the buttons stay, so the
    next game is one tap away). The menu button only in a private chat."""
    text = t(lang, "rules-pick") if game is None else t(lang, f"rules-{game}")
    names = {
        g: t(lang, f"btn-{g}") if is_solitaire(g) else t(lang, f"grp-btn-{g}") for g in rule_games()
    }
    games = [button(names[g], menu_data(f"rules:{g}")) for g in names if g != game]
    rows = rows_of(games, ROW_GAMES)
    if private:
        rows.append([button(t(lang, "btn-menu"), menu_data("menu"))])
    return Screen(text, Keyboard(rows))


def help_text(lang: str, *, private: bool = True) -> str:
    """What the bot does, naming the games it offers (a private chat's /help or a group's)."""
    _ = translator(lang)
    names = {kind: _(game.title_key) for kind, game in GAMES.items()}
    tables = kinds("table")
    if private:
        return _(  # the menu's own buttons, so /help names what the menu shows
            "help-private",
            solitaires=", ".join(_(f"btn-{k}") for k in kinds("solitaire")),
            tables=", ".join(_(f"btn-ai-{k}") for k in tables),
            invite=listed([names[k] for k in tables], "list-or", _),
        )
    seated = [
        _("help-table", game=names[k], seats=_seats(k), most=GAMES[k].seats[1]) for k in tables
    ]
    hidden = [names[k] for k in tables if GAMES[k].hidden_hands]
    note = " " + _("help-group-hidden", games=", ".join(hidden)) if hidden else ""
    return _("help-group", tables=listed(seated, "list-and", _), hidden=note)


def _seats(kind: str) -> str:
    low, high = GAMES[kind].seats
    return str(low) if low == high else f"{low}–{high}"


def help_page(lang: str, *, private: bool = True) -> Screen:
    """/help: what the bot does and its commands (a private chat's or a group's)."""
    rows = [[button(t(lang, "btn-rules"), menu_data("rules"))]]
    if private:
        rows[0].append(button(t(lang, "btn-menu"), menu_data("menu")))
    return Screen(help_text(lang, private=private), Keyboard(rows))


def variant_menu(kind: str, variants: list[str], lang: str, active: str | None) -> Screen:
    """A solitaire's variants (and "continue" when a game of it is unfinished)."""
    rows = []
    text = t(lang, f"new-{kind}-title")
    if active:
        label = t(lang, "btn-continue", game=t(lang, f"game-{kind}"))
        rows.append([button(label, menu_data(f"cont:{active}"))])
        text += "\n" + t(lang, "new-abandons")
    rows += [
        [button(t(lang, f"variant-{kind}-{v}"), menu_data(f"new:{kind}:{v}"))] for v in variants
    ]
    rows.append([button(t(lang, "btn-back"), menu_data("menu"))])
    return Screen(text, Keyboard(rows))


def pick_game(_: Translator, mode: str) -> Screen:
    """Which table game: `new` in a group (/newgame), `inv` in a private chat (play with
    friends: the lobby comes with an invite link)."""
    rows = [
        [Button(text=_(f"grp-btn-{kind}"), callback_data=menu_data(f"grp:{mode}:{kind}"))]
        for kind in kinds("table")
    ]
    if mode == "inv":
        rows.append([Button(text=_("grp-btn-back"), callback_data=menu_data("menu"))])
    return Screen(_("invite-pick-game" if mode == "inv" else "lobby-pick-game"), Keyboard(rows))
