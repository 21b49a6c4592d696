"""Lobby screens: the group lobby message and the private "play with friends" invite message."""

from __future__ import annotations

from html import escape
from urllib.parse import quote

from bot.games.table.lobby import Lobby
from bot.i18n import Translator
from bot.telegram.callbacks import game_data, ui_action
from bot.telegram.deeplinks import group_link, join_link
from bot.telegram.keyboard import Button, Keyboard


def _btn(text: str, gid: str, version: int, action: str, arg: str = "") -> Button:
    return Button(text=text, callback_data=game_data(gid, version, ui_action(action, arg)))


def lobby_text(
    lobby: Lobby,
    _: Translator,
    *,
    ttl_minutes: int,
    group_title: str | None = None,
    closed: str | None = None,
) -> str:
    """The lobby: who sits, the settings, what happens next. `closed`: a locale key when over."""
    game = _(f"grp-game-{lobby.kind}")
    lines = [_("lobby-title", game=game)]
    if group_title:
        lines.append(_("lobby-group", group=escape(group_title)))
    seated = [
        f"{i + 1}. {escape(p.name)}" + (" 👑" if p.user_id == lobby.creator else "")
        for i, p in enumerate(lobby.players)
    ]
    lines.append(
        _("lobby-players", n=len(lobby.players), max=lobby.max_players)
        + "\n"
        + ("\n".join(seated) if seated else "—")
    )
    if lobby.kind == "ryadki":
        deck = (
            _("lobby-deck-auto", n=lobby.effective_deck())
            if lobby.deck is None
            else str(lobby.deck)
        )
        lines.append(_("lobby-settings-ryadki", deck=deck, deals=lobby.deals))
    else:
        lines.append(_("lobby-settings-parquet"))
    if closed:
        lines.append(_(closed))
    else:
        if lobby.kind == "ryadki":
            lines.append(_("lobby-hint-ryadki"))
        if lobby.can_begin:
            lines.append(_("lobby-ready"))
        else:
            lines.append(_("lobby-need", n=lobby.min_players - len(lobby.players)))
        lines.append(_("lobby-expiry", m=ttl_minutes))
    return "\n\n".join(lines)


def lobby_keyboard(
    lobby: Lobby, gid: str, version: int, bot_username: str | None, code: str, _: Translator
) -> Keyboard:
    rows: list[list[Button]] = [
        [
            _btn(_("grp-btn-join"), gid, version, "join"),
            _btn(_("grp-btn-leave"), gid, version, "leave"),
        ],
    ]
    if bot_username:
        rows.append([Button(text=_("grp-btn-join-link"), url=join_link(bot_username, code))])
    if lobby.kind == "ryadki":
        deck = (
            _("lobby-deck-auto", n=lobby.effective_deck())
            if lobby.deck is None
            else str(lobby.deck)
        )
        rows.append(
            [
                _btn(_("grp-btn-deck", deck=deck), gid, version, "deck"),
                _btn(_("grp-btn-deals", n=lobby.deals), gid, version, "deals"),
            ]
        )
    rows.append(
        [
            _btn(_("grp-btn-start"), gid, version, "start"),
            _btn(_("grp-btn-cancel"), gid, version, "cancel"),
        ]
    )
    return Keyboard(rows)


def invite_text(
    lobby: Lobby, _: Translator, *, bot_username: str, code: str, ttl_hours: int
) -> str:
    """The creator's private message after "Play with friends" → a game."""
    game = _(f"grp-game-{lobby.kind}")
    seated = "\n".join(f"{i + 1}. {escape(p.name)}" for i, p in enumerate(lobby.players))
    return "\n\n".join(
        [
            _("invite-title", game=game),
            _("invite-how"),
            f"<code>{escape(join_link(bot_username, code))}</code>",
            _("lobby-players", n=len(lobby.players), max=lobby.max_players) + "\n" + seated,
            _("invite-expiry", h=ttl_hours),
        ]
    )


def invite_keyboard(
    lobby: Lobby, gid: str, version: int, bot_username: str, code: str, _: Translator
) -> Keyboard:
    link = join_link(bot_username, code)
    share = (
        "https://t.me/share/url?url="
        + quote(link, safe="")
        + "&text="
        + quote(_("invite-share-text", game=_(f"grp-game-{lobby.kind}")), safe="")
    )
    return Keyboard(
        [
            [Button(text=_("grp-btn-share"), url=share)],
            [Button(text=_("grp-btn-open-in-group"), url=group_link(bot_username, code))],
            [_btn(_("grp-btn-cancel"), gid, version, "cancel")],
        ]
    )
