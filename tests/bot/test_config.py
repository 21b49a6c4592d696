from __future__ import annotations

import logging
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.config import Settings


def test_defaults(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.setenv("BOT_TOKEN", "123:s3cr3tv4lue")
    monkeypatch.delenv("REDIS_URL", raising=False)
    s = Settings()  # type: ignore[call-arg]
    assert s.redis_url is None
    assert s.default_language == "ru"
    assert s.polling_timeout == 30
    assert s.game_ttl_seconds == 86400 and s.idle_ttl_seconds == 14 * 86400
    assert s.turn_timeout_seconds == 90 and s.lobby_ttl_seconds == 600
    assert s.bot_token.get_secret_value() == "123:s3cr3tv4lue"
    assert "s3cr3tv4lue" not in repr(s) and "s3cr3tv4lue" not in str(s.bot_token)


def test_env_file_and_empty_values(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    for var in ("BOT_TOKEN", "REDIS_URL", "DEFAULT_LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    (tmp_path / ".env").write_text("BOT_TOKEN=1:abc\nREDIS_URL=\nDEFAULT_LANGUAGE=EN\n")
    s = Settings()  # type: ignore[call-arg]
    assert s.bot_token.get_secret_value() == "1:abc"
    assert s.redis_url is None
    assert s.default_language == "en"


def test_token_required_and_language_checked(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BOT_TOKEN", raising=False)
    with pytest.raises(ValidationError):
        Settings()  # type: ignore[call-arg]
    monkeypatch.setenv("BOT_TOKEN", "1:abc")
    monkeypatch.setenv("DEFAULT_LANGUAGE", "de")
    with pytest.raises(ValidationError):
        Settings()  # type: ignore[call-arg]


def test_logs_never_show_the_token(monkeypatch: pytest.MonkeyPatch, caplog, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from bot.logging_setup import TokenFilter

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BOT_TOKEN", "123456:AAFsecretTOKEN")
    s = Settings()  # type: ignore[call-arg]
    f = TokenFilter(s.bot_token.get_secret_value())
    record = logging.LogRecord(
        "x",
        logging.INFO,
        __file__,
        1,
        "GET https://api.telegram.org/bot%s/getMe failed",
        ("123456:AAFsecretTOKEN",),
        None,
    )
    assert f.filter(record)
    assert "AAFsecretTOKEN" not in record.getMessage()
    assert "***" in record.getMessage()


def test_every_setting_is_documented_in_env_example() -> None:
    example = (Path(__file__).resolve().parents[2] / ".env.example").read_text(encoding="utf-8")
    names = {
        line.split("=", 1)[0].lstrip("# ").strip() for line in example.splitlines() if "=" in line
    }
    missing = [f.upper() for f in Settings.model_fields if f.upper() not in names]
    assert not missing, f".env.example lacks {missing}"
