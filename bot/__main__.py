"""`python -m bot`: long polling with graceful shutdown (SIGINT/SIGTERM)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys

from pydantic import ValidationError

from bot.config import Settings, get_settings

log = logging.getLogger("bot")


async def run(settings: Settings) -> None:
    from bot.app import build_bot, build_dispatcher, set_commands
    from bot.storage import open_store

    store = await open_store(settings)
    backend = "redis" if settings.redis_url else f"sqlite path={settings.data_path}"
    bot = build_bot(settings)
    try:
        dp = build_dispatcher(store, settings)
        me = await bot.get_me()
        log.info("event=start bot=@%s store=%s", me.username, backend)
        await bot.delete_webhook(drop_pending_updates=False)
        try:
            await set_commands(bot)
        except Exception as err:  # commands are cosmetic; never fail the start on them
            log.warning("event=set_commands_failed error=%s", err)
        await dp.start_polling(
            bot,
            polling_timeout=settings.polling_timeout,
            handle_signals=True,
            close_bot_session=True,
            allowed_updates=dp.resolve_used_update_types(),
        )
    finally:
        await bot.session.close()
        await store.close()
        log.info("event=stopped")


def main() -> None:
    try:
        settings = get_settings()
    except ValidationError as err:
        missing = ", ".join(str(e["loc"][0]).upper() for e in err.errors())
        print(f"configuration error: {missing} (see .env.example)", file=sys.stderr)
        raise SystemExit(2) from None
    from bot.logging_setup import setup_logging

    setup_logging(settings.log_level, settings.bot_token.get_secret_value(), settings.log_format)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run(settings))


if __name__ == "__main__":
    main()
