#!/usr/bin/env bash
# Run the bot: creates .venv if missing, installs the project, starts `python -m bot`.
# Needs BOT_TOKEN in the environment or in .env; without REDIS_URL the embedded SQLite
# store (data/cardbot.sqlite3) is used, so nothing else has to be installed.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    echo "== creating .venv" >&2
    "$PY" -m venv .venv
fi
stamp=.venv/.cardbot-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    echo "== installing the project" >&2
    .venv/bin/python -m pip install -q --disable-pip-version-check -e .
    touch "$stamp"
fi
if [ -z "${BOT_TOKEN:-}" ] && ! grep -qs '^BOT_TOKEN=.\+' .env; then
    echo "BOT_TOKEN is not set: export BOT_TOKEN=... or put it in .env (see .env.example)" >&2
    exit 2
fi
exec .venv/bin/python -m bot "$@"
