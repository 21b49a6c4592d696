"""Validate one Bot API request against the committed schema (``telegram_schema``).

Checks: the method exists; required fields are present; every value has one of the field's types
(Integer, String, Boolean, Float, True, InputFile, "Array of X", objects validated recursively,
abstract types via their subtypes, unions; a ``type``/``status``/``source`` discriminator must be
its subtype's constant); the limits the schema records (``min_len``/``max_len`` in UTF-8 bytes or
in characters -- UTF-16 units of the visible text after parse_mode parsing when ``entities``;
``min_items``/``max_items``; ``min``/``max``; ``one_of``: a button's ``style``, say); HTML markup
well-formedness (Telegram answers 400 "can't parse entities" otherwise); inline keyboards (at
most 8 buttons a row, 100 in total, exactly one action field per button -- Bot API 10.3's
``disabled`` counts as one --, URL schemes, t.me deep-link payloads).

A field the schema does not know is a warning, not an error (a newer aiogram may speak a newer Bot
API than the schema); a field the schema names deprecated (Bot API 10.3's ``receiver_user_id`` and
``callback_query_id`` of the send methods, now ``ephemeral_message_parameters``) is an error:
Telegram refuses it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tests.support.telegram_schema import load_spec, spec_version
from tests.support.telegram_text import parse_entities, text_length

MAX_BUTTONS_PER_ROW = 8
MAX_BUTTONS_TOTAL = 100

_INLINE_ACTIONS = (
    "url",
    "callback_data",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
    "disabled",  # Bot API 10.3: a disabled button does nothing, and has no other action
)
_URL_SCHEMES = ("http://", "https://", "tg://")


@dataclass
class Report:
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    # set when the value is not even of the right shape (wrong JSON type, other subtype): used to
    # pick the closest alternative of a union when reporting errors
    mismatch: bool = False

    @property
    def ok(self) -> bool:
        return not self.errors


def check(method: str, params: Mapping[str, Any]) -> Report:
    """Validate one request.  ``params`` are JSON-shaped (what the JSON body would contain)."""
    spec = load_spec()
    report = Report()
    methods: dict[str, Any] = spec["methods"]
    m = methods.get(method)
    if m is None:
        lowered = {k.lower(): k for k in methods}
        hint = lowered.get(method.lower())
        extra = f" (did you mean {hint}?)" if hint else ""
        report.errors.append(f"{method}: unknown Bot API method{extra}")
        return report
    _check_fields(spec, method, m, params, report, method)
    return report


def validate(method: str, params: Mapping[str, Any]) -> list[str]:
    """Errors of one request (empty when valid)."""
    return check(method, params).errors


def assert_valid(method: str, params: Mapping[str, Any]) -> Report:
    """AssertionError listing every error; the report (with its warnings) when valid."""
    report = check(method, params)
    if report.errors:
        raise AssertionError(
            f"invalid Bot API request {method}:\n  "
            + "\n  ".join(report.errors)
            + f"\nparams: {_short(params)}"
        )
    return report


def _short(value: Any, limit: int = 600) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[:limit] + "..."


def _parse_mode_field(name: str) -> str:
    return "parse_mode" if name in {"text", "caption"} else f"{name}_parse_mode"


def _entities_field(name: str) -> str:
    return "entities" if name == "text" else f"{name}_entities"


def _check_fields(
    spec: dict[str, Any],
    owner: str,
    entry: dict[str, Any],
    params: Mapping[str, Any],
    report: Report,
    path: str,
) -> None:
    fields: list[dict[str, Any]] = entry.get("fields", [])
    known = {f["name"]: f for f in fields}
    deprecated = set(entry.get("deprecated", ()))
    for f in fields:
        if f["required"] and params.get(f["name"]) is None:
            report.errors.append(f"{path}: required field {f['name']!r} is missing")
    for name, value in params.items():
        fspec = known.get(name)
        if name in deprecated and value is not None:
            report.errors.append(f"{path}: field {name!r} is deprecated in {spec_version()}")
            continue
        if fspec is None:
            report.warnings.append(
                f"{path}: field {name!r} is unknown to {spec_version()} ({owner})"
            )
            continue
        if value is None:
            continue
        fpath = f"{path}.{name}"
        _check_value(spec, fspec["types"], value, report, fpath)
        _check_limits(fspec, value, params, report, fpath)


def _check_limits(
    f: dict[str, Any], value: Any, params: Mapping[str, Any], report: Report, path: str
) -> None:
    if isinstance(value, str) and "max_len" in f:
        lo, hi = f["min_len"], f["max_len"]
        if f["unit"] == "bytes":
            size = len(value.encode("utf-8"))
            what = "bytes (UTF-8)"
        else:
            measured = value
            if f.get("entities"):
                pm = params.get(_parse_mode_field(f["name"]))
                if params.get(_entities_field(f["name"])):
                    pm = None  # explicit entities: the text is taken as it is
                measured, parse_errors = parse_entities(value, pm if isinstance(pm, str) else None)
                for err in parse_errors:
                    report.errors.append(f"{path}: can't parse entities ({pm}): {err}")
            size = text_length(measured)
            what = "characters"
            if lo >= 1 and measured and not measured.strip():
                report.errors.append(f"{path}: text is empty after trimming whitespace")
        if not lo <= size <= hi:
            report.errors.append(f"{path}: length {size} {what} is outside {lo}-{hi}")
    if isinstance(value, str) and "one_of" in f and value not in f["one_of"]:
        choices = ", ".join(repr(v) for v in f["one_of"])
        report.errors.append(f"{path}: {value!r} is not one of {choices}")
    if isinstance(value, list) and "max_items" in f:
        lo, hi = f["min_items"], f["max_items"]
        if not lo <= len(value) <= hi:
            report.errors.append(f"{path}: {len(value)} items, must be {lo}-{hi}")
    if isinstance(value, int) and not isinstance(value, bool) and "max" in f:
        lo, hi = f["min"], f["max"]
        if not lo <= value <= hi:
            report.errors.append(f"{path}: value {value} outside {lo}-{hi}")


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "Boolean"
    if isinstance(value, int):
        return "Integer"
    if isinstance(value, float):
        return "Float"
    if isinstance(value, str):
        return "String"
    if isinstance(value, list):
        return "Array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def _check_value(
    spec: dict[str, Any], types: list[str], value: Any, report: Report, path: str
) -> None:
    """Value must match one of ``types``; on mismatch report the closest alternative's errors."""
    best: Report | None = None
    for t in types:
        sub = Report()
        _check_one(spec, t, value, sub, path)
        if sub.ok:
            report.warnings.extend(sub.warnings)
            return
        if best is None or _fit(sub) < _fit(best):
            best = sub
    assert best is not None
    if best.mismatch and len(types) > 1:
        report.errors.append(f"{path}: expected {' or '.join(types)}, got {_type_name(value)}")
        return
    report.errors.extend(best.errors)
    report.warnings.extend(best.warnings)


def _fit(r: Report) -> tuple[bool, int, int]:
    return (r.mismatch, len(r.warnings), len(r.errors))


def _scalar_ok(t: str, value: Any) -> bool | None:
    """Whether ``value`` is a ``t`` for a scalar type name; None when ``t`` is not a scalar."""
    if t == "Integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if t == "Float":
        return isinstance(value, int | float) and not isinstance(value, bool)
    if t == "Boolean":
        return isinstance(value, bool)
    if t == "True":
        return value is True
    if t in {"String", "InputFile"}:
        # An InputFile travels as a multipart part named by "attach://<name>" (or file_id/URL).
        return isinstance(value, str)
    return None


def _check_one(spec: dict[str, Any], t: str, value: Any, report: Report, path: str) -> None:
    got = _type_name(value)
    if t.startswith("Array of "):
        inner = t[len("Array of ") :]
        if not isinstance(value, list):
            report.errors.append(f"{path}: expected {t}, got {got}")
            report.mismatch = True
            return
        for i, item in enumerate(value):
            _check_value(spec, [inner], item, report, f"{path}[{i}]")
        return
    scalar = _scalar_ok(t, value)
    if scalar is not None:
        if not scalar:
            shown = repr(value) if t == "True" else got
            report.errors.append(f"{path}: expected {t}, got {shown}")
            report.mismatch = True
        return
    obj = spec["types"].get(t)
    if obj is None:
        report.errors.append(f"{path}: the schema has no type {t!r}")
        return
    if obj.get("subtypes"):
        _check_value(spec, list(obj["subtypes"]), value, report, path)
        return
    if not isinstance(value, dict):
        report.errors.append(f"{path}: expected {t}, got {got}")
        report.mismatch = True
        return
    fields: list[dict[str, Any]] = obj.get("fields", [])
    for f in fields:
        const = f.get("const")
        if const is not None and f["name"] in value and value[f["name"]] != const:
            report.errors.append(
                f"{path}.{f['name']}: {t} needs {const!r}, got {value[f['name']]!r}"
            )
            report.mismatch = True
            return
    _check_fields(spec, t, obj, value, report, path)
    if t == "InlineKeyboardMarkup":
        _check_inline_keyboard(value, report, path)
    elif t == "InlineKeyboardButton":
        _check_inline_button(value, report, path)


def _check_inline_keyboard(value: dict[str, Any], report: Report, path: str) -> None:
    rows = value.get("inline_keyboard")
    if not isinstance(rows, list):
        return
    total = 0
    for r, row in enumerate(rows):
        if not isinstance(row, list):
            continue
        if len(row) > MAX_BUTTONS_PER_ROW:
            report.errors.append(
                f"{path}.inline_keyboard[{r}]: {len(row)} buttons in a row "
                f"(at most {MAX_BUTTONS_PER_ROW})"
            )
        total += len(row)
    if total > MAX_BUTTONS_TOTAL:
        report.errors.append(
            f"{path}: {total} inline buttons in total (at most {MAX_BUTTONS_TOTAL})"
        )


_DEEP_LINK_RE = re.compile(r"[?&](start|startgroup|startchannel)=([^&#]*)")
DEEP_LINK_PAYLOAD_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")


def deep_link_errors(url: str) -> list[str]:
    """A t.me deep-link payload must be 1-64 of [A-Za-z0-9_-]; the Telegram app silently drops an
    invalid one (the bot would get a bare /start)."""
    if not re.match(r"(https?://)?(t\.me|telegram\.me)/|tg://resolve", url):
        return []
    return [
        f"deep-link {key} payload {payload!r} is not 1-64 characters of A-Z a-z 0-9 _ -"
        for key, payload in _DEEP_LINK_RE.findall(url)
        if not DEEP_LINK_PAYLOAD_RE.fullmatch(payload)
    ]


def _check_inline_button(value: dict[str, Any], report: Report, path: str) -> None:
    actions = [k for k in _INLINE_ACTIONS if value.get(k) is not None]
    if len(actions) != 1:
        report.errors.append(
            f"{path}: an inline button needs exactly one action field, got {actions or 'none'}"
        )
    url = value.get("url")
    if isinstance(url, str) and not url.startswith(_URL_SCHEMES):
        report.errors.append(f"{path}.url: {url!r} must be an http(s):// or tg:// URL")
    if isinstance(url, str):
        for err in deep_link_errors(url):
            report.errors.append(f"{path}.url: {err}")
    text = value.get("text")
    if isinstance(text, str) and not text.strip():
        report.errors.append(f"{path}.text: button text must not be empty")
