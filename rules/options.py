"""Checking a game's `options` dict: unknown keys and bad values raise a clear ValueError."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Validator = Callable[[Any], bool]


def check_options(
    game: str,
    options: Mapping[str, Any] | None,
    validators: Mapping[str, tuple[Validator, str]],
) -> dict[str, Any]:
    """Return the given options after checking them; defaults are filled in by the caller.

    `validators` maps each known key to (predicate, description of the allowed values).
    """
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise ValueError(f"{game}: options must be a dict")
    out: dict[str, Any] = {}
    for key, value in options.items():
        if key not in validators:
            known = ", ".join(sorted(validators))
            raise ValueError(f"{game}: unknown option {key!r} (known: {known})")
        ok, allowed = validators[key]
        if not ok(value):
            raise ValueError(f"{game}: option {key!r} must be {allowed}, got {value!r}")
        out[key] = value
    return out


def is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)
