#!/usr/bin/env bash
# Install everything the tests need on a fresh Debian/Ubuntu machine, then run all checks:
# ruff check and format, mypy --strict, and the whole pytest suite (rules, bot, real Redis, end-to-end).
#
#   bash scripts/test.sh            everything (what .ci/run runs)
#   bash scripts/test.sh --quick    the edit-test loop: all but the `slow` end-to-end games
#   bash scripts/test.sh [--quick] ARGS...   extra pytest arguments (tests/e2e, -k name, -x ...)
#
# pytest runs in parallel (pytest-xdist), PYTEST_WORKERS processes (default: 5 per core — most
# end-to-end time is spent waiting on Telegram's pace, not on the CPU, and the 20 slow games then
# start in two rounds on 2 cores); each worker starts its own servers on free loopback ports.
# PYTEST_WORKERS=0 runs everything in one process.
set -euo pipefail
cd "$(dirname "$0")/.."

# redis-server (+ redis-cli for the cluster) and nginx (the load balancer of the replica tests)
MISSING=""
command -v redis-server >/dev/null 2>&1 || MISSING="$MISSING redis-server"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || MISSING="$MISSING nginx-light"
if [ -n "$MISSING" ]; then
    echo "== installing$MISSING (apt)"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $MISSING >/dev/null
fi

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    echo "== creating .venv"
    "$PY" -m venv .venv
fi
echo "== installing the project and its test tools"
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[dev]"
# pip keeps an aiogram already installed if it is in range: test with the newest one allowed
AIOGRAM=$(.venv/bin/python -c 'import tomllib; print(next(d for d in tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"] if d.startswith("aiogram")))')
.venv/bin/python -m pip install -q --disable-pip-version-check --upgrade "$AIOGRAM"
echo "== testing with aiogram $(.venv/bin/python -c 'import aiogram; print(aiogram.__version__)') ($AIOGRAM)"

echo "== ruff (lint, format, complexity)"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
echo "== mypy --strict rules bot tests benchmarks"
# mypy takes one core; on the other, one collection of the tests writes pytest's rewritten test
# modules to __pycache__ (whatever PYTHONDONTWRITEBYTECODE says), which every pytest worker then
# reads instead of rewriting them itself
# (a collection error is reported by the run below)
PYTHONDONTWRITEBYTECODE="" .venv/bin/python -m pytest -q -p no:cacheprovider --collect-only \
    >/dev/null 2>&1 &
COLLECTING=$!
trap 'kill "$COLLECTING" 2>/dev/null || true' EXIT
.venv/bin/mypy --strict rules bot tests benchmarks
wait "$COLLECTING" || true
trap - EXIT
WORKERS=${PYTEST_WORKERS:-$(($(nproc) * 5))}
SELECT=()
if [ "${1:-}" = "--quick" ]; then
    shift
    SELECT=(-m "not slow")
    # (each @pytest.mark.slow marks one test: none of them is parametrised)
    SKIPPED=$(grep -rh --include='*.py' -c '^@pytest.mark.slow$' tests | awk '{s += $1} END {print s}')
    echo "== pytest, quick: $SKIPPED tests marked slow are left out (end-to-end games in real time)"
else
    echo "== pytest"
fi
exec .venv/bin/python -m pytest -q -p no:cacheprovider -n "$WORKERS" --maxschedchunk=1 \
    "${SELECT[@]}" "$@"
