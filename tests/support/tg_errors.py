"""The errors of the fake Telegram (tests.support.recording): Telegram's own error texts and
`ApiError`, a Bot API error response."""

from __future__ import annotations

from typing import Any

NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup are "
    "exactly the same as a current content and reply markup of the message"
)
EDIT_NOT_FOUND = "Bad Request: message to edit not found"
DELETE_NOT_FOUND = "Bad Request: message to delete not found"
CANT_EDIT = "Bad Request: message can't be edited"
CANT_DELETE = "Bad Request: message can't be deleted"
CHAT_NOT_FOUND = "Bad Request: chat not found"
CANT_INITIATE = "Forbidden: bot can't initiate conversation with a user"
BLOCKED = "Forbidden: bot was blocked by the user"
NOT_MEMBER = "Forbidden: bot is not a member of the supergroup chat"
QUERY_INVALID = "Bad Request: query is too old and response timeout expired or query ID is invalid"
USER_NOT_FOUND = "Bad Request: user not found"
MIGRATED = "Bad Request: group chat was upgraded to a supergroup chat"
THREAD_NOT_FOUND = "Bad Request: message thread not found"
TOPIC_CLOSED = "Bad Request: TOPIC_CLOSED"
NOT_A_FORUM = "Bad Request: the chat is not a forum"
NO_TOPIC_RIGHTS = "Bad Request: not enough rights to create a topic"
RESULT_ID_DUPLICATE = "Bad Request: RESULT_ID_DUPLICATE"  # answerInlineQuery: two results, one id
# Bot API 10.3: an ephemeral message's receiver and tap go in ephemeral_message_parameters
EPHEMERAL_DEPRECATED = "Bad Request: {field} is deprecated, use ephemeral_message_parameters"


class ApiError(Exception):
    """A Bot API error response (HTTP status = error_code)."""

    def __init__(
        self,
        code: int,
        description: str,
        retry_after: int | None = None,
        migrate_to_chat_id: int | None = None,
    ) -> None:
        super().__init__(f"{code} {description}")
        self.code = code
        self.description = description
        self.retry_after = retry_after
        self.migrate_to_chat_id = migrate_to_chat_id

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ok": False,
            "error_code": self.code,
            "description": self.description,
        }
        parameters: dict[str, Any] = {}
        if self.retry_after is not None:
            parameters["retry_after"] = self.retry_after
        if self.migrate_to_chat_id is not None:
            parameters["migrate_to_chat_id"] = self.migrate_to_chat_id
        if parameters:
            out["parameters"] = parameters
        return out


def migrated_error(new_chat_id: int) -> ApiError:
    """What Telegram answers any request to a basic group that became a supergroup."""
    return ApiError(400, MIGRATED, migrate_to_chat_id=new_chat_id)


def retry_after_error(seconds: int) -> ApiError:
    return ApiError(429, f"Too Many Requests: retry after {seconds}", retry_after=seconds)
