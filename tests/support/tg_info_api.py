"""The Bot API methods of the fake Telegram (tests.support.recording) that answer about the bot
and chats or set the bot up: getMe, getChat, getChatMember, getChatAdministrators,
getChatMemberCount, the commands, descriptions and menu button, the webhook, close and logOut.
The methods about messages are `FakeTelegram`'s (tests.support.fake_telegram)."""

from __future__ import annotations

import json
from typing import Any

from tests.support.tg_errors import USER_NOT_FOUND, ApiError
from tests.support.tg_model import TgChat, TgUser
from tests.support.tg_world import TelegramWorld


class InfoApi(TelegramWorld):
    """A `TelegramWorld` that answers the Bot API calls about the bot and chats (`_api_<method>`,
    found by `FakeTelegram.handle`)."""

    def _api_getMe(self, params: dict[str, Any]) -> dict[str, Any]:
        me = self.bot.api()
        me.update(
            can_join_groups=True,
            can_read_all_group_messages=False,
            supports_inline_queries=self.inline_mode,
            can_connect_to_business=False,
            has_main_web_app=False,
        )
        return me

    def _member_json(self, chat: TgChat, user_id: int) -> dict[str, Any]:
        if user_id == self.bot.id:
            user_json = self._api_getMe({})
            status = chat.bot_status if chat.type != "private" else "member"
        else:
            user = self.users.get(user_id)
            if user is None:
                if self.strict:
                    raise ApiError(400, USER_NOT_FOUND)
                user = self.add_user(id=user_id)
            user_json = user.api()
            if chat.type == "private":
                status = "member"
            elif user_id == chat.owner:
                status = "creator"
            elif user_id in chat.admins:
                status = "administrator"
            elif user_id in chat.members:
                status = "member"
            else:
                status = "left"
        if status == "creator":
            return {"status": "creator", "user": user_json, "is_anonymous": False}
        if status == "administrator":
            rights = dict.fromkeys(
                (
                    "can_manage_chat",
                    "can_delete_messages",
                    "can_manage_video_chats",
                    "can_restrict_members",
                    "can_change_info",
                    "can_invite_users",
                    "can_post_stories",
                    "can_edit_stories",
                    "can_delete_stories",
                    "can_pin_messages",
                    "can_manage_topics",
                ),
                True,
            )
            return {
                "status": "administrator",
                "user": user_json,
                "can_be_edited": False,
                "is_anonymous": False,
                "can_promote_members": False,
                "can_send_welcome_messages": False,
                **rights,
            }
        if status == "kicked":
            return {"status": "kicked", "user": user_json, "until_date": 0}
        return {"status": status, "user": user_json}

    def _api_getChatMember(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self.chat(params.get("chat_id", 0))
        return self._member_json(chat, int(params.get("user_id", 0)))

    def _api_getChatAdministrators(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        chat = self.chat(params.get("chat_id", 0))
        ids = ([chat.owner] if chat.owner is not None else []) + sorted(chat.admins - {chat.owner})
        out = [self._member_json(chat, uid) for uid in ids if uid is not None]
        if chat.bot_status == "administrator":
            out.append(self._member_json(chat, self.bot.id))
        return out

    def _api_getChat(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self.chat(params.get("chat_id", 0))
        return {
            **chat.api(),
            "accent_color_id": 0,
            "max_reaction_count": 11,
            "accepted_gift_types": {
                "unlimited_gifts": False,
                "limited_gifts": False,
                "unique_gifts": False,
                "premium_subscription": False,
                "gifts_from_channels": False,
            },
        }

    def _api_getChatMemberCount(self, params: dict[str, Any]) -> int:
        chat = self.chat(params.get("chat_id", 0))
        return len(chat.members) + (1 if chat.bot_status in {"member", "administrator"} else 0)

    # -- the command menus: a list per (scope, language), shown as Telegram picks one --------
    @staticmethod
    def _commands_key(scope: dict[str, Any] | None, language_code: str | None) -> str:
        return json.dumps([scope or {"type": "default"}, language_code or ""], sort_keys=True)

    def commands_of(self, scope: str, language_code: str = "", **ids: int) -> list[str]:
        """The commands set for a scope (`type` and its ids, e.g. chat_id) and language ("":
        the list for users of any language), in their order; [] when none is set."""
        key = self._commands_key({"type": scope, **ids}, language_code)
        return [c["command"] for c in self.commands.get(key, [])]

    def menu(self, chat: TgChat, user: TgUser) -> list[str]:
        """The commands `user` sees in the "/" menu of `chat`: the first list set, in the
        order the Bot API documents ("Determining list of commands"), each scope first in the
        user's language, then without one."""
        if chat.type == "private":
            scopes: list[dict[str, Any]] = [
                {"type": "chat", "chat_id": chat.id},
                {"type": "all_private_chats"},
            ]
        else:
            admin = user.id == chat.owner or user.id in chat.admins
            member = {"type": "chat_member", "chat_id": chat.id, "user_id": user.id}
            scopes = [member]
            if admin:
                scopes.append({"type": "chat_administrators", "chat_id": chat.id})
            scopes.append({"type": "chat", "chat_id": chat.id})
            if admin:
                scopes.append({"type": "all_chat_administrators"})
            scopes.append({"type": "all_group_chats"})
        scopes.append({"type": "default"})
        for scope in scopes:
            for language in (user.language_code or "", ""):
                listed = self.commands.get(self._commands_key(scope, language))
                if listed:
                    return [c["command"] for c in listed]
        return []

    def _api_setMyCommands(self, params: dict[str, Any]) -> bool:
        key = self._commands_key(params.get("scope"), params.get("language_code"))
        listed = list(params.get("commands", []))
        if listed:
            self.commands[key] = listed
        else:  # an empty list is no list: the next scope's shows
            self.commands.pop(key, None)
        return True

    def _api_deleteMyCommands(self, params: dict[str, Any]) -> bool:
        self.commands.pop(
            self._commands_key(params.get("scope"), params.get("language_code")), None
        )
        return True

    def _api_getMyCommands(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        key = self._commands_key(params.get("scope"), params.get("language_code"))
        return list(self.commands.get(key, []))

    def _api_setMyDescription(self, params: dict[str, Any]) -> bool:
        return True

    def _api_setMyShortDescription(self, params: dict[str, Any]) -> bool:
        return True

    def _api_setChatMenuButton(self, params: dict[str, Any]) -> bool:
        return True

    def _api_deleteWebhook(self, params: dict[str, Any]) -> bool:
        self.webhook = None
        return True

    def _api_setWebhook(self, params: dict[str, Any]) -> bool:
        self.webhook = dict(params)
        return True

    def _api_getWebhookInfo(self, params: dict[str, Any]) -> dict[str, Any]:
        hook = self.webhook or {}
        return {
            "url": hook.get("url", ""),
            "has_custom_certificate": False,
            "pending_update_count": 0,
        }

    def _api_close(self, params: dict[str, Any]) -> bool:
        return True

    def _api_logOut(self, params: dict[str, Any]) -> bool:
        return True
