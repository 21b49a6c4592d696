"""Short messages of table games outside their board: the turn ping, a new player's greeting in
their private chat, the note that tells a lobby's creator to open the private chat first."""

from __future__ import annotations

from bot.i18n import translator
from bot.registry import spec
from bot.render.common import esc


def mention(user_id: int, name: str) -> str:
    return f'<a href="tg://user?id={user_id}">{esc(name)}</a>'


def ping(kind: str, lang: str, group_title: str | None, user_id: int, name: str) -> str:
    """`ping-<game>`: the player's turn (arguments `group` and `name`, a mention)."""
    return translator(lang)(
        f"ping-{kind}", group=esc(group_title or ""), name=mention(user_id, name)
    )


def welcome(kind: str, lang: str, group_title: str | None) -> str:
    """A new player's greeting in their private chat: where the game is, and for a game with
    hidden hands that the cards will come here."""
    _ = translator(lang)
    game = _(spec(kind).title_key)
    if not group_title:
        return _("lobby-dm-welcome-nogroup", game=game)
    key = "lobby-dm-welcome" if spec(kind).hidden_hands else "lobby-dm-welcome-public"
    return _(key, game=game, group=esc(group_title))
