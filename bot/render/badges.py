"""Badges on screens (bot.stats.badges): their names and rules, the list in /stats, the screen of
every badge with its rule, the announcement of a new one and the card that shares it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from bot.i18n import Translator
from bot.registry import spec
from bot.render.common import button
from bot.render.screen import Screen
from bot.stats.badges import Badge, Earned, catalogue
from bot.wire.callbacks import menu_data
from bot.wire.keyboard import Button, Keyboard

COPY_LIMIT = 256  # CopyTextButton.text
LISTED = 5  # the newest badges /stats lists


def _game(badge: Badge, _: Translator) -> str:
    """A first win's game, as every screen names it (icon and name)."""
    return f"{spec(badge.kind).icon} " + _(spec(badge.kind).title_key) if badge.kind else ""


def name(badge: Badge, _: Translator) -> str:
    return f"{badge.icon} " + _(f"badge-{badge.key}", game=_game(badge, _))


def rule(badge: Badge, _: Translator) -> str:
    return _(f"badge-{badge.key}-rule", game=_game(badge, _))


def when(earned: Earned, _: Translator) -> str:
    """The day a badge was earned (by which day, for one the history before badges earned)."""
    if not earned.day:
        return _("badge-early")
    shown = date.fromisoformat(earned.day).strftime("%d.%m.%Y")
    return _("badge-by", date=shown) if earned.early else shown


def stats_lines(held: Sequence[Earned], _: Translator) -> str:
    """/stats: how many badges of all, and the newest few with their days."""
    head = _("stats-badges", n=len(held), of=len(catalogue()))
    newest = sorted(held, key=lambda e: e.day, reverse=True)[:LISTED]
    return "\n".join([head, *(f"{name(e.badge, _)} · {when(e, _)}" for e in newest)])


def badges_screen(held: Sequence[Earned], _: Translator) -> Screen:
    """Every badge with its rule: those earned first, with their days."""
    have = {e.badge.id: e for e in held}
    lines = [_("badges-title", n=len(held), of=len(catalogue()))]
    for badge in sorted(catalogue(), key=lambda b: b.id not in have):
        got = have.get(badge.id)
        entry = f"{'✅' if got else '⬜'} <b>{name(badge, _)}</b>\n{rule(badge, _)}"
        lines.append(entry + (f"\n{when(got, _)}" if got else ""))
    rows = [[button(_("btn-back"), menu_data("stats")), button(_("btn-menu"), menu_data("menu"))]]
    return Screen("\n\n".join(lines), Keyboard(rows))


def card(badge: Badge, day: str, bot_username: str, _: Translator) -> str:
    """The card a player posts of a badge: what it is, its rule, the day, the way to the bot."""
    lines = [_("card-badge", name=name(badge, _)), rule(badge, _)]
    if day:
        lines.append(date.fromisoformat(day).strftime("%d.%m.%Y"))
    if bot_username:
        lines.append(_("card-badge-try", link=f"https://t.me/{bot_username}"))
    return "\n".join(lines)


def share_button(badge: Badge, card_text: str, inline: bool, _: Translator) -> Button:
    """Post the card: by inline query when the bot's inline mode is on, else as text to copy."""
    if inline:
        return Button(text=_("btn-share"), switch_chosen=f"badge {badge.id}")
    return Button(text=_("btn-copy"), copy=card_text[:COPY_LIMIT])


def news_screen(badge: Badge, card_text: str, inline: bool, _: Translator) -> Screen:
    """A badge just earned, announced in the player's chat, with the way to share it."""
    text = _("badge-news") + f"\n<b>{name(badge, _)}</b>\n{rule(badge, _)}"
    rows = [
        [share_button(badge, card_text, inline, _)],
        [button(_("btn-badges"), menu_data("badges"))],
    ]
    return Screen(text, Keyboard(rows))
