"""Validate Bot API requests against the machine-readable Bot API 10.1 specification.

The spec lives outside the repository: ``<repo>/../shared/telegram/bot-api-10.1.json`` or the file
named by the environment variable ``TELEGRAM_SPEC_PATH``.  When it is absent, ``require_spec()``
(and everything built on it: ``assert_valid``, the recording session, the emulator fixtures) skips
the test with a clear reason -- except under ``CI=true``, where it fails loudly.

Public API
----------
``validate(method, params) -> list[str]``   errors (empty = valid)
``check(method, params) -> Report``         errors and warnings (unknown fields are warnings only:
                                            aiogram 3.31 speaks Bot API 10.3, the spec is 10.1)
``assert_valid(method, params)``            pytest-friendly: AssertionError listing every error
``decode_form(method, form)``               typed params from a form-encoded request
``visible_text(text, parse_mode)``          the text a user sees (tags stripped, entities unescaped)
``text_length(text)``                       length as Telegram counts it (UTF-16 code units)

Checks: the method exists; required fields are present; every value has one of the field's types
(Integer, String, Boolean, Float, True, InputFile, "Array of X", objects validated recursively,
abstract types via their subtypes, unions); length limits stated in descriptions ("1-64 bytes" in
UTF-8 bytes, "1-4096 characters after entities parsing" measured on the visible text after
parse_mode HTML/MarkdownV2 parsing, "0-200 characters", "list of 1-100 ...", "Values between
1-100"); HTML markup well-formedness (Telegram answers 400 "can't parse entities" otherwise); inline
keyboards (at most 8 buttons a row, 100 in total, exactly one action field per button, URL
schemes).
"""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

SPEC_FILE = "bot-api-10.1.json"
ENV_VAR = "TELEGRAM_SPEC_PATH"
REPO_ROOT = Path(__file__).resolve().parents[2]

MAX_BUTTONS_PER_ROW = 8
MAX_BUTTONS_TOTAL = 100

# Updates-only object types never appear in requests; everything else is looked up in the spec.
_SCALARS = {"Integer", "String", "Boolean", "Float", "True", "InputFile"}
_RANGE_RE = re.compile(r"\b(\d+)-(\d+) (characters|bytes|Bytes)\b")
_LIST_RANGE_RE = re.compile(r"(?:list of|include) (\d+)-(\d+)\b")
_VALUES_RE = re.compile(r"Values between (\d+)-(\d+)")
_DISCRIMINATOR_RE = re.compile(r"(?:always|must be) \"?([a-z_]+)\"?")
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
)
_URL_SCHEMES = ("http://", "https://", "tg://")


def spec_path() -> Path:
    """Where the spec is looked for (it may not exist)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    return REPO_ROOT.parent / "shared" / "telegram" / SPEC_FILE


@cache
def _load(path: str) -> dict[str, Any] | None:
    p = Path(path)
    if not p.is_file():
        return None
    with p.open(encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def load_spec() -> dict[str, Any] | None:
    """The parsed spec, or None when the file is absent."""
    return _load(str(spec_path()))


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def missing_reason() -> str:
    return (
        f"Telegram Bot API spec not found at {spec_path()} "
        f"(put ../shared/telegram/{SPEC_FILE} beside the clone or set {ENV_VAR})"
    )


def require_spec() -> dict[str, Any]:
    """The spec; skips the current test when absent (fails under CI=true)."""
    spec = load_spec()
    if spec is not None:
        return spec
    import pytest

    if in_ci():
        pytest.fail(missing_reason() + " -- required in CI", pytrace=False)
    pytest.skip(missing_reason())
    raise AssertionError("unreachable")  # pytest.skip raises


def _spec_or_raise() -> dict[str, Any]:
    spec = load_spec()
    if spec is None:
        raise FileNotFoundError(missing_reason())
    return spec


# ---------------------------------------------------------------------------------------------
# Text measurement


def text_length(text: str) -> int:
    """Length as Telegram counts characters: UTF-16 code units (entity offsets use the same unit;
    never smaller than the number of code points, so this is the stricter reading)."""
    return len(text.encode("utf-16-le")) // 2


_HTML_TAGS = {
    "b",
    "strong",
    "i",
    "em",
    "u",
    "ins",
    "s",
    "strike",
    "del",
    "span",
    "tg-spoiler",
    "a",
    "tg-emoji",
    "code",
    "pre",
    "blockquote",
    "tg-time",
}
_TAG_RE = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^<>]*?)?)\s*(/?)>")
_ENTITY_RE = re.compile(r"&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);")
_PLAIN_RE = re.compile(r"[^<&]+")
_NAMED_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}


def parse_html(text: str) -> tuple[str, list[str]]:
    """(visible text, errors) for parse_mode HTML, following Telegram's formatting rules:
    supported tags only, properly nested; '<' and '&' must be escaped unless they start a tag or
    an entity; supported named entities are &lt; &gt; &amp; &quot;, numeric ones are allowed."""
    out: list[str] = []
    errors: list[str] = []
    stack: list[str] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "<":
            m = _TAG_RE.match(text, i)
            if m is None:
                errors.append(f"unescaped '<' at offset {i} (use &lt;)")
                out.append(ch)
                i += 1
                continue
            closing, name, attrs, _selfclose = m.groups()
            lname = name.lower()
            if lname not in _HTML_TAGS:
                errors.append(f"unsupported start tag {lname!r} at offset {i}")
            elif not closing and lname == "a" and "href=" not in attrs:
                errors.append(f"<a> without href at offset {i}")
                stack.append(lname)
            elif not closing and lname == "span" and "tg-spoiler" not in attrs:
                errors.append(f'<span> is only supported with class="tg-spoiler" (offset {i})')
                stack.append(lname)
            elif closing:
                if not stack or stack[-1] != lname:
                    errors.append(f"unexpected end tag </{lname}> at offset {i}")
                else:
                    stack.pop()
            else:
                stack.append(lname)
            i = m.end()
            continue
        if ch == "&":
            m = _ENTITY_RE.match(text, i)
            if m is None:
                errors.append(f"unescaped '&' at offset {i} (use &amp;)")
                out.append(ch)
                i += 1
                continue
            ent = m.group(1)
            if ent.startswith("#"):
                out.append(html.unescape(m.group(0)))
            elif ent in _NAMED_ENTITIES:
                out.append(_NAMED_ENTITIES[ent])
            else:
                errors.append(f"unsupported HTML entity &{ent}; at offset {i}")
                out.append(m.group(0))
            i = m.end()
            continue
        # plain text up to the next '<' or '&', copied in one piece
        m = _PLAIN_RE.match(text, i)
        assert m is not None  # ch is neither '<' nor '&', so the run is not empty
        out.append(m.group(0))
        i = m.end()
    if stack:
        errors.append(f"unclosed tag(s): {', '.join(stack)}")
    return "".join(out), errors


_MD2_SPECIAL = set("_*[]()~`>#+-=|{}.!")


def parse_markdown_v2(text: str) -> tuple[str, list[str]]:
    """Approximate visible text for MarkdownV2: escapes resolved, markup characters dropped,
    link targets removed.  Unescaped reserved characters outside markup are reported."""
    out: list[str] = []
    errors: list[str] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "\\" and i + 1 < n:
            out.append(text[i + 1])
            i += 2
            continue
        if ch == "]" and i + 1 < n and text[i + 1] == "(":
            close = text.find(")", i)
            i = n if close < 0 else close + 1
            continue
        if ch in "*_~|`[":
            i += 1
            continue
        if ch in _MD2_SPECIAL and ch not in ">":
            errors.append(f"character {ch!r} at offset {i} is reserved and must be escaped")
        out.append(ch)
        i += 1
    return "".join(out), errors


def visible_text(text: str, parse_mode: str | None) -> str:
    """The text a user sees once Telegram has parsed the entities."""
    return _parse(text, parse_mode)[0]


def _parse(text: str, parse_mode: str | None) -> tuple[str, list[str]]:
    mode = (parse_mode or "").lower()
    if mode == "html":
        return parse_html(text)
    if mode == "markdownv2":
        return parse_markdown_v2(text)
    if mode == "markdown":
        return re.sub(r"[*_`\[]", "", text), []
    return text, []


# ---------------------------------------------------------------------------------------------
# Validation


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
    spec = _spec_or_raise()
    report = Report()
    methods: dict[str, Any] = spec["methods"]
    m = methods.get(method)
    if m is None:
        lowered = {k.lower(): k for k in methods}
        hint = lowered.get(method.lower())
        extra = f" (did you mean {hint}?)" if hint else ""
        report.errors.append(f"{method}: unknown Bot API method{extra}")
        return report
    _check_fields(spec, method, m.get("fields", []), params, report, method)
    return report


def validate(method: str, params: Mapping[str, Any]) -> list[str]:
    """Errors of one request (empty when valid)."""
    return check(method, params).errors


def assert_valid(method: str, params: Mapping[str, Any]) -> Report:
    """Skip when the spec is missing (fail under CI); AssertionError listing every error."""
    require_spec()
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


def _check_fields(
    spec: dict[str, Any],
    owner: str,
    fields: list[dict[str, Any]],
    params: Mapping[str, Any],
    report: Report,
    path: str,
) -> None:
    known = {f["name"]: f for f in fields}
    for f in fields:
        if f["required"] and params.get(f["name"]) is None:
            report.errors.append(f"{path}: required field {f['name']!r} is missing")
    for name, value in params.items():
        fspec = known.get(name)
        if fspec is None:
            report.warnings.append(f"{path}: field {name!r} is unknown to Bot API 10.1 ({owner})")
            continue
        if value is None:
            continue
        fpath = f"{path}.{name}"
        _check_value(spec, fspec["types"], value, report, fpath)
        _check_limits(fspec, value, params, report, fpath)


def _check_limits(
    f: dict[str, Any], value: Any, params: Mapping[str, Any], report: Report, path: str
) -> None:
    desc: str = f["description"]
    if isinstance(value, str) and "String" in f["types"]:
        m = _RANGE_RE.search(desc)
        if m:
            lo, hi, unit = int(m.group(1)), int(m.group(2)), m.group(3).lower()
            if unit == "bytes":
                size = len(value.encode("utf-8"))
                what = "bytes (UTF-8)"
            else:
                measured = value
                if "after entit" in desc:
                    pm = params.get(_parse_mode_field(f["name"]))
                    if params.get(f"{f['name']}_entities" if f["name"] != "text" else "entities"):
                        pm = None
                    measured, parse_errors = _parse(value, pm if isinstance(pm, str) else None)
                    for err in parse_errors:
                        report.errors.append(f"{path}: can't parse entities ({pm}): {err}")
                size = text_length(measured)
                what = "characters"
                if lo >= 1 and measured and not measured.strip():
                    report.errors.append(f"{path}: text is empty after trimming whitespace")
            if not lo <= size <= hi:
                report.errors.append(f"{path}: length {size} {what} is outside {lo}-{hi}")
    if isinstance(value, list):
        m = _LIST_RANGE_RE.search(desc)
        if m and not lo_hi_ok(len(value), m):
            report.errors.append(f"{path}: {len(value)} items, must be {m.group(1)}-{m.group(2)}")
    if isinstance(value, int) and not isinstance(value, bool) and "Integer" in f["types"]:
        m = _VALUES_RE.search(desc)
        if m and not lo_hi_ok(value, m):
            report.errors.append(f"{path}: value {value} outside {m.group(1)}-{m.group(2)}")


def lo_hi_ok(n: int, m: re.Match[str]) -> bool:
    return int(m.group(1)) <= n <= int(m.group(2))


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


def _check_one(  # noqa: C901  (one flat case per Bot API type name)
    spec: dict[str, Any], t: str, value: Any, report: Report, path: str
) -> None:
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
    if t == "Integer":
        if not (isinstance(value, int) and not isinstance(value, bool)):
            report.errors.append(f"{path}: expected Integer, got {got}")
            report.mismatch = True
        return
    if t == "Float":
        if not (isinstance(value, int | float) and not isinstance(value, bool)):
            report.errors.append(f"{path}: expected Float, got {got}")
            report.mismatch = True
        return
    if t == "Boolean":
        if not isinstance(value, bool):
            report.errors.append(f"{path}: expected Boolean, got {got}")
            report.mismatch = True
        return
    if t == "True":
        if value is not True:
            report.errors.append(f"{path}: expected True, got {value!r}")
            report.mismatch = True
        return
    if t in {"String", "InputFile"}:
        # An InputFile travels as a multipart part named by "attach://<name>" (or file_id/URL).
        if not isinstance(value, str):
            report.errors.append(f"{path}: expected {t}, got {got}")
            report.mismatch = True
        return
    obj = spec["types"].get(t)
    if obj is None:
        report.errors.append(f"{path}: the spec has no type {t!r}")
        return
    if obj.get("subtypes"):
        _check_value(spec, list(obj["subtypes"]), value, report, path)
        return
    if not isinstance(value, dict):
        report.errors.append(f"{path}: expected {t}, got {got}")
        report.mismatch = True
        return
    fields = obj.get("fields", [])
    for f in fields:
        if f["name"] in {"type", "status", "source"} and f["name"] in value:
            m = _DISCRIMINATOR_RE.search(f["description"])
            if m and value[f["name"]] != m.group(1):
                report.errors.append(
                    f"{path}.{f['name']}: {t} needs {m.group(1)!r}, got {value[f['name']]!r}"
                )
                report.mismatch = True
                return
    _check_fields(spec, t, fields, value, report, path)
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


# ---------------------------------------------------------------------------------------------
# Form-encoded requests (what aiogram's AiohttpSession sends)


def _decode_scalar(types: list[str], raw: str) -> Any:
    """Decode one form value given the field's declared types (best effort; invalid values stay
    strings so validation reports them)."""
    if types in (["String"], ["InputFile", "String"], ["InputFile"]):
        return raw
    for t in types:
        if t in {"Integer"}:
            try:
                return int(raw)
            except ValueError:
                continue
        elif t == "Float":
            try:
                return float(raw)
            except ValueError:
                continue
        elif t in {"Boolean", "True"}:
            if raw in {"true", "false"}:
                return raw == "true"
            if raw in {"True", "False"}:
                return raw == "True"
        elif t in {"String", "InputFile"}:
            return raw
        else:  # object or array: JSON
            try:
                return json.loads(raw)
            except ValueError:
                continue
    return raw


def decode_form(method: str, form: Mapping[str, str]) -> dict[str, Any]:
    """Typed params of a form-encoded request, using the spec's declared field types."""
    spec = load_spec()
    fields: dict[str, list[str]] = {}
    if spec is not None and method in spec["methods"]:
        fields = {f["name"]: f["types"] for f in spec["methods"][method].get("fields", [])}
    out: dict[str, Any] = {}
    for key, raw in form.items():
        types = fields.get(key)
        if types is None:
            try:
                out[key] = json.loads(raw)
            except ValueError:
                out[key] = raw
        else:
            out[key] = _decode_scalar(types, raw)
    return out


def method_names() -> list[str]:
    return sorted(_spec_or_raise()["methods"])
