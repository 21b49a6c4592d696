"""`python -m bot`: long polling (or a webhook server when WEBHOOK_URL is set) with graceful
shutdown on SIGINT/SIGTERM. `python -m bot --games`: the games this deployment offers (the
built-in ones and those of EXTRA_GAMES), one kind a line, then exit (no BOT_TOKEN needed)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import signal
import sys
import time
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from aiogram import Bot, Dispatcher
from pydantic import ValidationError

from bot.config import GameModules, Settings, get_settings

if TYPE_CHECKING:
    from aiohttp import web

    from bot.http_server import OpsServer
    from bot.storage.update_gate import UpdateGate
    from bot.webhook import WebhookReceiver

T = TypeVar("T")
SIGNALS = (signal.SIGINT, signal.SIGTERM)

log = logging.getLogger("bot")


async def heartbeat(path: str, every: float = 10.0) -> None:
    """Touch `path` while the event loop is responsive (the container health check reads it)."""
    file = Path(path)
    while True:
        file.write_text(f"{time.time():.0f}\n")
        await asyncio.sleep(every)


def webhook_app(
    bot: Bot, dp: Dispatcher, settings: Settings, gate: UpdateGate | None = None
) -> tuple[web.Application, WebhookReceiver]:
    """The aiohttp application that receives updates at WEBHOOK_PATH (checks the secret),
    and its receiver (bot.webhook). The gate defaults to the one of the dispatcher's store."""
    from aiohttp import web

    from bot.webhook import WebhookReceiver

    secret = settings.webhook_secret.get_secret_value() if settings.webhook_secret else None
    app = web.Application()
    gate = gate or dp["store"].update_gate(lease=settings.update_lease_seconds)
    receiver = WebhookReceiver(bot, dp, gate, secret=secret)
    receiver.add_routes(app, settings.webhook_path)
    return app, receiver


async def serve_webhook(
    bot: Bot, dp: Dispatcher, settings: Settings, ops: OpsServer | None = None
) -> None:
    """Listen, then set the webhook (every replica sets the same one: idempotent), serve until
    SIGINT/SIGTERM, then drain: unready at once, new updates refused, those in flight finished,
    the dispatcher's shutdown (timers handed over, waiting edits sent)."""
    from aiohttp import web

    assert settings.webhook_url
    secret = settings.webhook_secret.get_secret_value() if settings.webhook_secret else None
    app, receiver = webhook_app(bot, dp, settings)
    if ops is not None and shares_webhook_port(settings):
        ops.add_routes(app)  # /metrics, /healthz, /readyz beside the webhook path
    url = settings.webhook_url.rstrip("/") + settings.webhook_path
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
    await runner.setup()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()

    def on_signal(sig: signal.Signals) -> None:
        log.info("event=stopping signal=%s", sig.name)
        if ops is not None:
            ops.drain()  # /readyz answers 503 from now on
        stop.set()

    for sig in SIGNALS:
        loop.add_signal_handler(sig, on_signal, sig)
    workflow = {"dispatcher": dp, "bots": [bot], "bot": bot, **dp.workflow_data}
    await dp.emit_startup(**workflow)
    try:
        site = web.TCPSite(runner, settings.webhook_host, settings.webhook_port)
        await site.start()
        await bot.set_webhook(
            url=url, secret_token=secret, allowed_updates=dp.resolve_used_update_types()
        )
        log.info(
            "event=webhook_listening host=%s port=%s path=%s replica=%s",
            settings.webhook_host,
            settings.webhook_port,
            settings.webhook_path,
            receiver.gate.process,
        )
        if ops is not None:
            await ops.serving()
        await stop.wait()
        await receiver.drain(settings.webhook_drain_seconds)
    finally:
        for sig in SIGNALS:
            loop.remove_signal_handler(sig)
        await runner.cleanup()
        await dp.emit_shutdown(**workflow)


async def poll(bot: Bot, dp: Dispatcher, settings: Settings, ops: OpsServer | None) -> None:
    """Long polling until SIGINT/SIGTERM (handled here rather than by aiogram, so that the
    process is marked draining the moment it is told to stop)."""
    await bot.delete_webhook(drop_pending_updates=False)
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []

    def on_signal(sig: signal.Signals) -> None:
        log.info("event=stopping signal=%s", sig.name)
        if ops is not None:
            ops.drain()
        stopping.append(asyncio.ensure_future(dp.stop_polling()))

    if ops is not None:
        dp.startup.register(ops.serving)
    for sig in SIGNALS:
        loop.add_signal_handler(sig, on_signal, sig)
    try:
        await dp.start_polling(
            bot,
            polling_timeout=settings.polling_timeout,
            handle_signals=False,
            close_bot_session=True,
            allowed_updates=dp.resolve_used_update_types(),
        )
    finally:
        for sig in SIGNALS:
            loop.remove_signal_handler(sig)


def shares_webhook_port(settings: Settings) -> bool:
    return bool(settings.webhook_url) and settings.metrics_port == settings.webhook_port


def freeze_startup_heap() -> None:
    """Move everything alive after startup (modules, aiogram's and pydantic's schemas, the
    locale bundles: ~250,000 objects) out of the garbage collector's sight. A full collection
    otherwise walks them all (~0.15 s of CPU each time, triggered as the heap grows) though
    none of them is ever garbage."""
    gc.collect()
    gc.freeze()


async def run(settings: Settings) -> None:
    from bot.app import build_bot, build_dispatcher, set_commands
    from bot.games.solitaire.days_ahead import before_midnight
    from bot.storage import open_store

    store = await open_store(settings)
    backend = "redis" if settings.redis_url else f"sqlite path={settings.data_path}"
    bot = build_bot(settings)
    beat = asyncio.create_task(heartbeat(settings.health_file)) if settings.health_file else None
    ahead = asyncio.create_task(before_midnight(store), name="days-ahead")
    ops: OpsServer | None = None
    try:
        dp = build_dispatcher(bot, store, settings)
        if settings.metrics_port is not None:
            from bot.http_server import OpsServer
            from bot.telegram import metrics_middleware

            metrics_middleware.install(bot, dp)
            ops = OpsServer(store)
            if not shares_webhook_port(settings):
                await ops.start(settings.metrics_host, settings.metrics_port)
        me = await bot.get_me()
        log.info(
            "event=start bot=@%s store=%s mode=%s",
            me.username,
            backend,
            "webhook" if settings.webhook_url else "polling",
        )
        try:
            await set_commands(bot)
        except Exception as err:  # commands are cosmetic; never fail the start on them
            log.warning("event=set_commands_failed error=%s", err)
        freeze_startup_heap()
        if settings.webhook_url:
            await serve_webhook(bot, dp, settings, ops)
        else:
            await poll(bot, dp, settings, ops)
    finally:
        if beat is not None:
            beat.cancel()
        ahead.cancel()
        if ops is not None:
            ops.drain()
            await ops.stop()
        await bot.session.close()
        await store.close()
        log.info("event=stopped")


def loop_factory(choice: str) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop factory for "uvloop" (or "auto" when it is installed); None = asyncio's.
    uvloop does each Redis round trip and each update's asyncio work for about half the CPU."""
    if choice == "asyncio":
        return None
    try:
        import uvloop
    except ImportError:
        if choice == "uvloop":
            raise SystemExit("EVENT_LOOP=uvloop but uvloop is not installed") from None
        return None
    return uvloop.new_event_loop


def run_loop(coro: Coroutine[Any, Any, T], choice: str = "auto") -> T:
    factory = loop_factory(choice)
    log.info("event=loop loop=%s", "asyncio" if factory is None else "uvloop")
    with asyncio.Runner(loop_factory=factory) as runner:
        return runner.run(coro)


def config_errors(err: ValidationError) -> None:
    """One line per setting, never its value (the token)."""
    for e in err.errors(include_input=False, include_url=False):
        field = str(e["loc"][0]).upper() if e["loc"] else "settings"
        why = str(e["msg"]).removeprefix("Value error, ")
        print(f"configuration error in {field}: {why} (see .env.example)", file=sys.stderr)


def load_games(modules: Sequence[str]) -> bool:
    """Load the modules of EXTRA_GAMES (each registers its games); one line for each that
    cannot be loaded."""
    from bot import registry

    loaded = True
    for name in modules:
        try:
            registry.load([name])
        except Exception as err:  # an operator's module: say which, and why, in one line
            print(f"configuration error in EXTRA_GAMES: {name}: {err!r}", file=sys.stderr)
            loaded = False
    return loaded


def print_games() -> int:
    """`--games`: a line per kind the bot offers (kind, family, seats, icon and name)."""
    try:
        modules = GameModules()
    except ValidationError as err:
        config_errors(err)
        return 2
    if not load_games(modules.extra_games):
        return 2
    from bot.i18n import t
    from bot.registry import GAMES

    for kind, game in GAMES.items():
        low, high = game.seats
        seats = str(low) if low == high else f"{low}-{high}"
        print(f"{kind}\t{game.family}\t{seats}\t{game.icon} {t('en', game.title_key)}")
    return 0


def arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the bot.")
    parser.add_argument(
        "--games",
        action="store_true",
        help="print the games this deployment offers (built-in and EXTRA_GAMES) and exit",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    if arguments(sys.argv[1:] if argv is None else argv).games:
        raise SystemExit(print_games())
    try:
        settings = get_settings()
    except ValidationError as err:
        config_errors(err)
        raise SystemExit(2) from None
    if not load_games(settings.extra_games):
        raise SystemExit(2)
    from bot.logging_setup import setup_logging

    setup_logging(settings.log_level, settings.bot_token.get_secret_value(), settings.log_format)
    from aiogram.exceptions import TelegramNetworkError, TelegramUnauthorizedError

    try:
        with contextlib.suppress(KeyboardInterrupt):
            run_loop(run(settings), settings.event_loop)
    except TelegramUnauthorizedError:
        log.error(
            "event=startup_failed reason=unauthorized hint=%s",
            "Telegram refused BOT_TOKEN: check the token from @BotFather",
        )
        raise SystemExit(1) from None
    except (TelegramNetworkError, OSError) as err:
        log.error("event=startup_failed reason=network error=%r", str(err))
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()
