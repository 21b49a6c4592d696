"""Settings from the environment and an optional `.env` file (pydantic-settings)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Annotated

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

LANGUAGES = ("ru", "en")
_MODULE = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


class GameModules(BaseSettings):
    """The games' own setting, read alone by `python -m bot --games` (no BOT_TOKEN needed)."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", case_sensitive=False
    )

    # modules (comma-separated) that register games of an operator's own beside the built-in
    # ones, each with `bot.registry.register(GameSpec(...))` when imported; loaded at start-up
    extra_games: Annotated[tuple[str, ...], NoDecode] = ()

    @field_validator("extra_games", mode="before")
    @classmethod
    def _module_names(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        names = tuple(name.strip() for name in value.split(",") if name.strip())
        for name in names:
            if not _MODULE.fullmatch(name):
                raise ValueError(f"EXTRA_GAMES: {name!r} is not a module name (a.b.c)")
        return names


class Settings(GameModules):
    bot_token: SecretStr
    # unset = the embedded SQLite file at DATA_PATH; else one of (bot.redis_url):
    # redis://[[user]:pass@]host:port/db (rediss:// TLS; unix:///path.sock?db=N),
    # redis+cluster://host:port[,host:port…] (Redis Cluster; rediss+cluster:// TLS),
    # redis+sentinel://host:port[,host:port…]/master-name[/db] (rediss+sentinel:// TLS)
    redis_url: str | None = None
    data_path: str = "data/cardbot.sqlite3"
    telegram_api_url: str | None = None
    default_language: str = "ru"
    log_level: str = "INFO"
    log_format: str = "kv"  # "kv" (key=value) or "json"
    polling_timeout: int = Field(default=30, ge=0, le=50)
    game_ttl_seconds: int = Field(default=86400, gt=0)
    idle_ttl_seconds: int = Field(default=14 * 86400, gt=0)
    turn_timeout_seconds: int = Field(default=90, gt=0)
    ai_pause_seconds: float = Field(default=1.0, ge=0, le=10)  # a computer seat's "thinking"
    turn_pings: bool = True  # a message that notifies a person whose turn it is
    # a group game's reminder goes to a player whose turn has waited this long (a player who
    # moves sooner needs none, and the group's write budget is kept for the board)
    turn_reminder_seconds: float = Field(default=20.0, gt=0)
    # a quick match: how long a person waits for an opponent before "nobody is free"
    match_wait_seconds: int = Field(default=60, gt=0)
    # a tournament's arena lengths offered, in minutes (the time a Swiss's round takes is its
    # games')
    arena_minutes: tuple[int, ...] = (15, 30, 60)
    lobby_ttl_seconds: int = Field(default=600, gt=0)
    invite_ttl_seconds: int = Field(default=86400, gt=0)
    timer_tick_seconds: float = Field(default=1.0, gt=0)
    edits_per_minute_per_group: int = Field(default=20, gt=0)
    # edits of one inline message (a game played through inline mode, in a chat the bot does
    # not know): Telegram counts them in that chat, so a group's 20 a minute is the safe pace
    inline_edits_per_minute: int = Field(default=20, gt=0)
    undo_depth: int = Field(default=20, ge=0, le=200)
    # worker processes of the solver and the computer players (bot.games.searches), started
    # on the first search; unset = the cores less one, at least one
    search_workers: int | None = Field(default=None, ge=1, le=64)
    remembered_games: int = Field(default=2048, ge=0)  # per process, Redis only; 0 = none
    event_loop: str = "auto"  # "auto" (uvloop when installed), "uvloop" or "asyncio"
    health_file: str | None = None  # touched every few seconds while the event loop runs
    webhook_url: str | None = None
    webhook_secret: SecretStr | None = None
    webhook_host: str = "0.0.0.0"
    webhook_port: int = 8080
    webhook_path: str = "/telegram"
    # SIGTERM in webhook mode: how long the updates in flight may take to finish
    webhook_drain_seconds: float = Field(default=20.0, gt=0)
    # a chat's lease while one replica handles its update (renewed meanwhile); after a crash,
    # that chat's next updates wait at most this long
    update_lease_seconds: float = Field(default=10.0, gt=0)
    # /metrics, /healthz and /readyz (bot.http_server); unset = no such server
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    metrics_host: str = "0.0.0.0"

    @field_validator(
        "redis_url",
        "telegram_api_url",
        "webhook_url",
        "health_file",
        "webhook_secret",
        "metrics_port",
        "search_workers",
        mode="before",
    )
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("redis_url")
    @classmethod
    def _redis_url_shape(cls, value: str | None) -> str | None:
        """A malformed REDIS_URL fails here, in one line (bot.redis_url)."""
        if value is not None:
            from bot.redis_url import parse_redis_url

            parse_redis_url(value)
        return value

    @field_validator("bot_token")
    @classmethod
    def _token_shape(cls, value: SecretStr) -> SecretStr:
        """The shape @BotFather gives (digits, a colon, the secret): a typo fails here, in
        one line, not as a traceback from deep inside aiogram. The value is never echoed."""
        left, sep, right = value.get_secret_value().strip().partition(":")
        if not (sep and left.isdigit() and right and not any(c.isspace() for c in right)):
            raise ValueError("BOT_TOKEN must look like 123456789:AAH… (the token from @BotFather)")
        return value

    @field_validator("default_language")
    @classmethod
    def _known_language(cls, value: str) -> str:
        value = value.strip().lower()
        if value not in LANGUAGES:
            raise ValueError(f"DEFAULT_LANGUAGE must be one of {', '.join(LANGUAGES)}")
        return value

    @field_validator("log_level")
    @classmethod
    def _upper(cls, value: str) -> str:
        return value.strip().upper()

    @field_validator("event_loop")
    @classmethod
    def _loop(cls, value: str) -> str:
        value = value.strip().lower()
        if value not in ("auto", "uvloop", "asyncio"):
            raise ValueError("EVENT_LOOP must be auto, uvloop or asyncio")
        return value

    @field_validator("log_format")
    @classmethod
    def _format(cls, value: str) -> str:
        value = value.strip().lower()
        if value not in ("kv", "json"):
            raise ValueError("LOG_FORMAT must be kv or json")
        return value


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()  # type: ignore[call-arg]  # BOT_TOKEN comes from the environment
