"""Lobby screens: the group lobby message and the private "play with friends" invite message."""

from __future__ import annotations

from typing import TypedDict
from urllib.parse import quote

from bot.i18n import Translator
from bot.render.common import esc, ui_button
from bot.render.screen import Screen, TableCtx
from bot.wire.callbacks import menu_data
from bot.wire.deeplinks import group_link, join_link
from bot.wire.keyboard import PRIMARY, Button, Keyboard


class LobbyView(TypedDict):
    """What the lobby screens read (`bot.games.table.lobby.Lobby.view()`)."""

    kind: str
    names: list[str]  # the seated, in seat order
    creator_seat: int | None
    settings: list[tuple[str, int | None, int]]  # (name, chosen or None: by seats, in use)
    min: int  # seats
    max: int
    can_begin: bool
    computers: int  # computer seats
    level: str  # the computer's level
    private: bool  # against the computer in a private chat
    hidden: bool  # hidden hands (the cards come in the private chat)


def _settings(lobby: LobbyView, _: Translator) -> dict[str, str]:
    """Each setting as shown, by name: its value, or "auto, <value>" when not chosen."""
    return {
        name: _(f"lobby-{name}-auto", n=value) if chosen is None else str(value)
        for name, chosen, value in lobby["settings"]
    }


def lobby_text(
    lobby: LobbyView,
    _: Translator,
    *,
    ttl_minutes: int,
    group_title: str | None = None,
    closed: str | None = None,
) -> str:
    """The lobby: who sits, the settings, what happens next. `closed`: a locale key when over."""
    game = _(f"grp-game-{lobby['kind']}")
    lines = [_("lobby-title-private" if lobby["private"] else "lobby-title", game=game)]
    if group_title:
        lines.append(_("lobby-group", group=esc(group_title)))
    seated = [
        f"{i + 1}. {esc(name)}" + (" 👑" if i == lobby["creator_seat"] else "")
        for i, name in enumerate(lobby["names"])
    ]
    lines.append(
        _("lobby-players", n=len(lobby["names"]), max=lobby["max"])
        + "\n"
        + ("\n".join(seated) if seated else "—")
    )
    if lobby["settings"] or not lobby["private"]:  # the settings, or how the game is drawn
        lines.append(_(f"lobby-settings-{lobby['kind']}", **_settings(lobby, _)))
    if lobby["computers"] or lobby["private"]:
        lines.append(_("lobby-level", level=_(f"ai-level-{lobby['level']}")))
    if lobby["private"] and not closed:
        lines.append(_("lobby-private-hint-duel" if lobby["max"] == 2 else "lobby-private-hint"))
        lines.append(_(f"first-how-{lobby['kind']}"))
        return "\n\n".join(lines)
    if closed:  # what happened (an invite's: in which group)
        lines.append(_(closed, group=esc(group_title or "")))
    else:
        if lobby["hidden"]:  # the cards come in the private chat
            lines.append(_("lobby-hint-hidden"))
        if lobby["can_begin"]:
            lines.append(_("lobby-ready"))
        else:
            lines.append(_("lobby-need", n=lobby["min"] - len(lobby["names"])))
        lines.append(_("lobby-expiry", m=ttl_minutes))
    return "\n\n".join(lines)


def _computer_row(lobby: LobbyView, gid: str, version: int, _: Translator) -> list[Button]:
    """Add or remove a computer seat, and the computer's level (the creator's buttons)."""
    row = []
    if len(lobby["names"]) < lobby["max"]:
        label = "grp-btn-ai-play" if lobby["max"] == 2 else "grp-btn-ai-add"
        row.append(ui_button(_(label), gid, version, "ai+"))
    if lobby["computers"] > (1 if lobby["private"] else 0):
        row.append(ui_button(_("grp-btn-ai-remove"), gid, version, "ai-"))
    level = _(f"ai-level-{lobby['level']}")
    row.append(ui_button(_("grp-btn-level", level=level), gid, version, "level"))
    return row


def lobby_keyboard(
    lobby: LobbyView, gid: str, version: int, bot_username: str | None, code: str, _: Translator
) -> Keyboard:
    rows: list[list[Button]] = []
    if not lobby["private"]:
        rows.append(
            [
                ui_button(_("grp-btn-join"), gid, version, "join")._replace(style=PRIMARY),
                ui_button(_("grp-btn-leave"), gid, version, "leave"),
            ]
        )
        if bot_username:
            rows.append([Button(text=_("grp-btn-join-link"), url=join_link(bot_username, code))])
    if not (lobby["private"] and lobby["max"] == 2):
        rows.append(_computer_row(lobby, gid, version, _))
    else:  # one against one computer: only its level to choose
        level = _(f"ai-level-{lobby['level']}")
        rows.append([ui_button(_("grp-btn-level", level=level), gid, version, "level")])
    if lobby["settings"]:
        shown = _settings(lobby, _)
        rows.append(
            [
                ui_button(_(f"grp-btn-{name}", **{name: shown[name]}), gid, version, name)
                for name, _chosen, _value in lobby["settings"]
            ]
        )
    last = (
        Button(text=_("grp-btn-back"), callback_data=menu_data("menu"))
        if lobby["private"]
        else ui_button(_("grp-btn-cancel"), gid, version, "cancel")
    )
    start = ui_button(_("grp-btn-start"), gid, version, "start")._replace(style=PRIMARY)
    rows.append([start, last])
    return Keyboard(rows)


def invite_text(
    lobby: LobbyView, _: Translator, *, bot_username: str, code: str, ttl_hours: int
) -> str:
    """The creator's private message after "Play with friends" → a game."""
    game = _(f"grp-game-{lobby['kind']}")
    seated = "\n".join(f"{i + 1}. {esc(name)}" for i, name in enumerate(lobby["names"]))
    return "\n\n".join(
        [
            _("invite-title", game=game),
            _("invite-how"),
            f"<code>{esc(join_link(bot_username, code))}</code>",
            _("lobby-players", n=len(lobby["names"]), max=lobby["max"]) + "\n" + seated,
            _("invite-expiry", h=ttl_hours),
        ]
    )


def invite_keyboard(
    lobby: LobbyView, gid: str, version: int, bot_username: str, code: str, _: Translator
) -> Keyboard:
    link = join_link(bot_username, code)
    share = (
        "https://t.me/share/url?url="
        + quote(link, safe="")
        + "&text="
        + quote(_("invite-share-text", game=_(f"grp-game-{lobby['kind']}")), safe="")
    )
    return Keyboard(
        [
            [Button(text=_("grp-btn-share"), url=share)],
            [Button(text=_("grp-btn-open-in-group"), url=group_link(bot_username, code))],
            [ui_button(_("grp-btn-cancel"), gid, version, "cancel")],
        ]
    )


def render(lobby: LobbyView, ctx: TableCtx) -> Screen:
    """The lobby in its group (no buttons once closed)."""
    _ = ctx._
    text = lobby_text(lobby, _, ttl_minutes=ctx.ttl_minutes, closed=ctx.closed)
    if ctx.closed:  # a way on: a new game in this group, on this message
        data = menu_data(f"grp:new:{lobby['kind']}")
        return Screen(text, Keyboard([[Button(text=_("btn-new-lobby"), callback_data=data)]]))
    return Screen(
        text, lobby_keyboard(lobby, ctx.game_id, ctx.version, ctx.bot_username, ctx.code, _)
    )


def render_invite(lobby: LobbyView, ctx: TableCtx, phase: str, in_group: bool) -> Screen:
    """The creator's private invite message, as the lobby goes on (`phase` of the game)."""
    _ = ctx._
    if phase == "cancelled":
        menu = Keyboard([[Button(text=_("btn-menu"), callback_data=menu_data("menu"))]])
        return Screen(lobby_text(lobby, _, ttl_minutes=0, closed=ctx.closed), menu)
    if phase in ("play", "over") or in_group:  # what happened, and the way to the game
        said = "lobby-closed-started" if phase in ("play", "over") else "invite-in-group"
        text = lobby_text(lobby, _, ttl_minutes=0, group_title=ctx.title, closed=said)
        rows = [[Button(text=_("btn-menu"), callback_data=menu_data("menu"))]]
        if ctx.board_url:
            rows.insert(0, [Button(text=_("btn-to-table"), url=ctx.board_url)])
        return Screen(text, Keyboard(rows))
    text = invite_text(
        lobby, _, bot_username=ctx.bot_username, code=ctx.code, ttl_hours=ctx.ttl_hours
    )
    keyboard = invite_keyboard(lobby, ctx.game_id, ctx.version, ctx.bot_username, ctx.code, _)
    return Screen(text, keyboard)
