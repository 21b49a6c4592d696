"""The Telegram service: settings, storage, i18n, handlers, renderers."""
