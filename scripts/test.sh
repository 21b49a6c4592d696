#!/usr/bin/env bash
# Install everything the tests need on a fresh Debian/Ubuntu machine, then run all checks:
# ruff check and format, mypy --strict, and the whole pytest suite (rules, bot, real Redis, end-to-end).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v redis-server >/dev/null 2>&1; then
    echo "== installing redis-server (apt)"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
fi

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    echo "== creating .venv"
    "$PY" -m venv .venv
fi
echo "== installing the project and its test tools"
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[dev]"

echo "== ruff (lint, format, complexity)"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
echo "== mypy --strict rules bot tests benchmarks"
.venv/bin/mypy --strict rules bot tests benchmarks
echo "== pytest"
exec .venv/bin/python -m pytest -q -p no:cacheprovider "$@"
