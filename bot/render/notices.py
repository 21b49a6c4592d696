"""Short messages of table games outside their board: the turn ping, a new player's greeting in
their private chat, the note that tells a lobby's creator to open the private chat first."""

from __future__ import annotations

from bot.i18n import translator
from bot.registry import spec
from bot.render.common import esc
from bot.wire.keyboard import Button, Keyboard


def mention(user_id: int, name: str) -> str:
    return f'<a href="tg://user?id={user_id}">{esc(name)}</a>'


def ping(
    kind: str, lang: str, where: str, user_id: int, name: str, *, in_group: bool = False
) -> str:
    """The player's turn: `ping-<game>` in their private chat (or to them alone), naming
    `where` the game is (the group's title); `ping-<game>-group` in the group itself, which
    mentions them (arguments `group`, `name`)."""
    key = f"ping-{kind}-group" if in_group else f"ping-{kind}"
    return translator(lang)(key, group=esc(where), name=mention(user_id, name))


def to_board(lang: str, link: str | None) -> Keyboard | None:
    """A ping's one button: the board, where a link can lead there."""
    if link is None:
        return None
    return Keyboard([[Button(translator(lang)("btn-to-board"), url=link)]])


def welcome(kind: str, lang: str, group_title: str | None) -> str:
    """A new player's greeting in their private chat: where the game is, and for a game with
    hidden hands that the cards will come here."""
    _ = translator(lang)
    game = _(spec(kind).title_key)
    if not group_title:
        return _("lobby-dm-welcome-nogroup", game=game)
    key = "lobby-dm-welcome" if spec(kind).hidden_hands else "lobby-dm-welcome-public"
    return _(key, game=game, group=esc(group_title))
