"""Structured logs (key=value or JSON lines) that never contain the bot token."""

from __future__ import annotations

import json
import logging
import sys
import time


class TokenFilter(logging.Filter):
    """Replaces the token (and its secret half) in every record's final message with ***."""

    def __init__(self, token: str) -> None:
        super().__init__()
        secret = token.split(":", 1)[-1]
        self.needles = [s for s in {token, secret} if len(s) >= 8]

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        changed = False
        for needle in self.needles:
            if needle in message:
                message = message.replace(needle, "***")
                changed = True
            if record.exc_text and needle in record.exc_text:
                record.exc_text = record.exc_text.replace(needle, "***")
        if changed:
            record.msg, record.args = message, None
        return True


class KeyValueFormatter(logging.Formatter):
    """`ts=… level=INFO logger=bot.x event=… key=value` (messages are written as key=value)."""

    def format(self, record: logging.LogRecord) -> str:
        ts = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        msg = record.getMessage()
        if "=" not in msg.split(" ", 1)[0]:
            msg = "msg=" + json.dumps(msg, ensure_ascii=False)
        line = (
            f"ts={ts}.{int(record.msecs):03d}Z level={record.levelname} logger={record.name} {msg}"
        )
        if record.exc_info:
            exc = record.exc_text or self.formatException(record.exc_info)
            line += " exc=" + json.dumps(exc, ensure_ascii=False)
        return line


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        data = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        if record.exc_info:
            data["exc"] = record.exc_text or self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False)


def setup_logging(level: str, token: str, fmt: str = "kv") -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else KeyValueFormatter())
    handler.addFilter(TokenFilter(token))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    # aiogram logs every handled update at INFO; keep that out of the default output
    logging.getLogger("aiogram.event").setLevel(logging.WARNING)
