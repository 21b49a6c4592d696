"""Tests that need a program from apt: skipped on a machine without it, failed in CI (where
scripts/test.sh installs it, so its absence is a broken set-up, not a reason to skip)."""

from __future__ import annotations

import os

import pytest


def require(present: bool, what: str) -> None:
    if present:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{what} is required in CI (scripts/test.sh installs it)")
    pytest.skip(f"{what} is not installed (scripts/test.sh installs it)")
