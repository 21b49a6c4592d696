"""The request validator catches what Telegram would reject; the schema it reads is up to date."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path
from types import ModuleType
from typing import Any

import aiogram
import pytest

from tests.support import telegram_spec as ts

REPO_ROOT = Path(__file__).resolve().parents[3]


def kb(*rows: list[dict[str, str]]) -> dict[str, object]:
    return {"inline_keyboard": list(rows)}


def btn(text: str, data: str) -> dict[str, str]:
    return {"text": text, "callback_data": data}


def test_valid_send_message_passes() -> None:
    params = {
        "chat_id": 42,
        "text": "<b>Kosa</b>\n<pre>♠A ♥10 &lt;stock&gt;</pre>",
        "parse_mode": "HTML",
        "reply_markup": kb([btn("♠A", "g1:3:pick:AS"), btn("Hint", "g1:3:~hint")]),
    }
    assert ts.validate("sendMessage", params) == []
    ts.assert_valid("sendMessage", params)


def test_missing_chat_id_fails() -> None:
    errors = ts.validate("sendMessage", {"text": "hello"})
    assert any("chat_id" in e and "missing" in e for e in errors)
    with pytest.raises(AssertionError, match="chat_id"):
        ts.assert_valid("sendMessage", {"text": "hello"})


def test_unknown_method_fails() -> None:
    assert ts.validate("sendMesage", {"chat_id": 1, "text": "x"}) != []


def test_callback_data_over_64_bytes_fails() -> None:
    ok = {"chat_id": 1, "text": "x", "reply_markup": kb([btn("a", "x" * 64)])}
    assert ts.validate("sendMessage", ok) == []
    bad = {"chat_id": 1, "text": "x", "reply_markup": kb([btn("a", "x" * 65)])}
    errors = ts.validate("sendMessage", bad)
    assert any("callback_data" in e and "65" in e for e in errors)


def test_callback_data_is_measured_in_utf8_bytes() -> None:
    # 22 suit symbols = 22 characters but 66 bytes
    bad = {"chat_id": 1, "text": "x", "reply_markup": kb([btn("a", "♠" * 22)])}
    assert any("callback_data" in e for e in ts.validate("sendMessage", bad))


def test_text_over_4096_characters_fails() -> None:
    assert ts.validate("sendMessage", {"chat_id": 1, "text": "a" * 4096}) == []
    errors = ts.validate("sendMessage", {"chat_id": 1, "text": "a" * 4097})
    assert any("4097" in e for e in errors)


def test_html_text_is_measured_without_tags_and_with_entities_unescaped() -> None:
    body = "<pre>" + "&lt;" * 4000 + "</pre><b>" + "x" * 96 + "</b>"
    assert ts.validate("sendMessage", {"chat_id": 1, "text": body, "parse_mode": "HTML"}) == []
    longer = body + "!"
    errors = ts.validate("sendMessage", {"chat_id": 1, "text": longer, "parse_mode": "HTML"})
    assert any("4097" in e for e in errors)
    # the same text without parse_mode counts every raw character
    assert ts.validate("sendMessage", {"chat_id": 1, "text": body}) != []


def test_empty_text_after_parsing_fails() -> None:
    errors = ts.validate("sendMessage", {"chat_id": 1, "text": "<b></b>", "parse_mode": "HTML"})
    assert any("outside 1-4096" in e for e in errors)
    assert ts.validate("sendMessage", {"chat_id": 1, "text": " \n "})


def test_supported_html_passes() -> None:
    text = (
        "<b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><ins>n</ins><s>s</s><del>d</del>"
        '<span class="tg-spoiler">x</span><tg-spoiler>y</tg-spoiler>'
        '<a href="https://t.me/cardgames_test_bot?start=abc">link</a>'
        '<pre><code class="language-python">x = 1</code></pre><blockquote>q</blockquote>'
        "&#9824; &#x2665; &quot;&amp;&quot;"
    )
    assert ts.validate("sendMessage", {"chat_id": 1, "text": text, "parse_mode": "HTML"}) == []


def test_malformed_html_fails() -> None:
    bad = (
        "<b>open",
        "a < b",
        "<div>x</div>",
        "Tom & Jerry",
        "<b><i>x</b></i>",
        "<span>x</span>",
        "<a>x</a>",
        "&nbsp;x",
    )
    for text in bad:
        errors = ts.validate("sendMessage", {"chat_id": 1, "text": text, "parse_mode": "HTML"})
        assert errors, text
    # the same text without parse_mode is plain text and fine
    assert ts.validate("sendMessage", {"chat_id": 1, "text": "a < b & c"}) == []


def test_nine_buttons_in_a_row_fail() -> None:
    row = [btn(str(i), f"d{i}") for i in range(9)]
    errors = ts.validate("sendMessage", {"chat_id": 1, "text": "x", "reply_markup": kb(row)})
    assert any("9 buttons in a row" in e for e in errors)
    assert (
        ts.validate("sendMessage", {"chat_id": 1, "text": "x", "reply_markup": kb(row[:8])}) == []
    )


def test_more_than_100_buttons_fail() -> None:
    rows = [[btn(str(i), f"{r}.{i}") for i in range(8)] for r in range(13)]  # 104
    errors = ts.validate("sendMessage", {"chat_id": 1, "text": "x", "reply_markup": kb(*rows)})
    assert any("104 inline buttons" in e for e in errors)


def test_button_needs_exactly_one_action() -> None:
    errors = ts.validate(
        "sendMessage", {"chat_id": 1, "text": "x", "reply_markup": kb([{"text": "a"}])}
    )
    assert any("exactly one action" in e for e in errors)
    both = {"text": "a", "callback_data": "x", "url": "https://t.me/x"}
    assert ts.validate("sendMessage", {"chat_id": 1, "text": "x", "reply_markup": kb([both])})


def test_a_button_s_style_and_disabled_are_validated() -> None:
    """Bot API 9.4's `style` (one of three colours) and 10.3's `disabled` (a DisabledButton
    object, the button's one action: it does nothing)."""

    def send(*buttons: dict[str, Any]) -> str:
        return str(
            ts.validate("sendMessage", {"chat_id": 1, "text": "x", "reply_markup": kb([*buttons])})
        )

    red = {"text": "🏳", "callback_data": "g:1:~resign", "style": "danger"}
    off = {"text": "7♠", "disabled": {}}
    assert send(red, off, {**off, "style": "success"}, {**red, "style": "primary"}) == "[]"
    assert "'red' is not one of 'danger', 'success', 'primary'" in send({**red, "style": "red"})
    assert "expected DisabledButton, got Boolean" in send({**off, "disabled": True})
    assert send({"text": "7♠", "disabled": "yes"})
    assert "exactly one action" in send({**off, "callback_data": "g:1:7S"})


def test_wrong_types_fail() -> None:
    assert ts.validate("sendMessage", {"chat_id": True, "text": "x"})
    assert ts.validate("sendMessage", {"chat_id": 1.5, "text": "x"})
    assert ts.validate("sendMessage", {"chat_id": "@chan", "text": 5})
    assert ts.validate("editMessageText", {"chat_id": 1, "message_id": "7", "text": "x"})
    assert ts.validate("answerCallbackQuery", {"callback_query_id": "1", "show_alert": "yes"})


def test_answer_callback_text_limit_200() -> None:
    assert ts.validate("answerCallbackQuery", {"callback_query_id": "1", "text": "x" * 200}) == []
    assert ts.validate("answerCallbackQuery", {"callback_query_id": "1", "text": "x" * 201})


def test_nested_objects_and_subtypes() -> None:
    cmds = [{"command": "start", "description": "Main menu"}]
    assert ts.validate("setMyCommands", {"commands": cmds, "scope": {"type": "default"}}) == []
    errors = ts.validate("setMyCommands", {"commands": cmds, "scope": {"type": "chat"}})
    assert any("chat_id" in e for e in errors)
    long_cmd = [{"command": "x" * 33, "description": "d"}]
    assert ts.validate("setMyCommands", {"commands": long_cmd})


def test_reply_markup_union_reports_the_closest_type() -> None:
    markup = kb([btn("a", "x" * 70)])
    errors = ts.validate(
        "editMessageText", {"chat_id": 1, "message_id": 2, "text": "t", "reply_markup": markup}
    )
    assert errors and all("callback_data" in e for e in errors)


def test_unknown_field_is_a_warning_only() -> None:
    report = ts.check("sendMessage", {"chat_id": 1, "text": "x", "field_from_10_4": True})
    assert report.ok
    assert any("field_from_10_4" in w for w in report.warnings)


def test_an_ephemeral_message_is_sent_the_bot_api_10_3_way_only() -> None:
    to_bob = {"receiver_user_id": 5, "callback_query_id": "q1"}
    send = {"chat_id": -100, "text": "x", "ephemeral_message_parameters": to_bob}
    report = ts.check("sendMessage", send)
    assert report.ok and report.warnings == []  # 10.3's field, known
    no_receiver = {**send, "ephemeral_message_parameters": {"callback_query_id": "q1"}}
    assert any("receiver_user_id" in e for e in ts.validate("sendMessage", no_receiver))
    for old, value in to_bob.items():  # the 10.2 way: deprecated by 10.3, refused
        errors = ts.validate("sendMessage", {"chat_id": -100, "text": "x", old: value})
        assert errors == [f"sendMessage: field {old!r} is deprecated in Bot API 10.3"]
    # the receiver still names an ephemeral message to edit or delete, the tap its answer
    edit = {"chat_id": -100, "receiver_user_id": 5, "ephemeral_message_id": 1, "text": "y"}
    assert ts.check("editEphemeralMessageText", edit).warnings == []
    assert ts.validate("editEphemeralMessageText", edit) == []
    assert ts.validate("deleteEphemeralMessage", {k: edit[k] for k in list(edit)[:3]}) == []
    assert ts.validate("answerCallbackQuery", {"callback_query_id": "q1"}) == []


def test_get_updates_limit_range() -> None:
    assert ts.validate("getUpdates", {"offset": 5, "limit": 100, "timeout": 1}) == []
    assert ts.validate("getUpdates", {"limit": 101})


def test_decode_form_gives_typed_values() -> None:
    form = {
        "chat_id": "-1001234",
        "text": "123",
        "disable_notification": "true",
        "reply_markup": '{"inline_keyboard": [[{"text": "a", "callback_data": "b"}]]}',
    }
    params = ts.decode_form("sendMessage", form)
    assert params["chat_id"] == -1001234
    assert params["text"] == "123"
    assert params["disable_notification"] is True
    assert params["reply_markup"]["inline_keyboard"][0][0]["text"] == "a"
    assert ts.validate("sendMessage", params) == []


def test_visible_text_and_length() -> None:
    assert ts.visible_text("<b>a</b> &lt;&amp;&gt; &#9824;", "HTML") == "a <&> ♠"
    assert ts.text_length("♠🂡") == 3  # the playing card is outside the BMP: two UTF-16 units


def test_deep_link_payloads() -> None:
    def link(url: str) -> dict[str, object]:
        return {"chat_id": 1, "text": "x", "reply_markup": kb([{"text": "Join", "url": url}])}

    assert ts.validate("sendMessage", link("https://t.me/cardgames_test_bot?start=jAb3_-x")) == []
    assert ts.validate("sendMessage", link("https://t.me/cardgames_test_bot?startgroup=g1")) == []
    assert ts.validate("sendMessage", link("https://t.me/cardgames_test_bot?start=a:b"))
    assert ts.validate("sendMessage", link("https://t.me/cardgames_test_bot?start=" + "a" * 65))
    assert ts.validate("sendMessage", link("https://t.me/cardgames_test_bot?start="))


def test_discriminators_quoted_the_10_2_way_are_enforced() -> None:
    # 10.2 writes "always 'emoji'" (10.1: always "emoji"); the schema keeps the constant
    ok = {"chat_id": 1, "message_id": 2, "reaction": [{"type": "emoji", "emoji": "👍"}]}
    assert ts.validate("setMessageReaction", ok) == []
    bad = {"chat_id": 1, "message_id": 2, "reaction": [{"type": "bogus", "emoji": "👍"}]}
    assert ts.validate("setMessageReaction", bad)


# ---------------------------------------------------------------------------------------------
# The schema: committed, facts only, and what the script makes of the spec in ../shared


def _generator() -> ModuleType:
    path = REPO_ROOT / "scripts" / "bot_api_schema.py"
    spec = importlib.util.spec_from_file_location("bot_api_schema", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*(_keys(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(v) for v in value))
    return set()


def test_schema_is_committed_and_never_skips() -> None:
    assert ts.SCHEMA_PATH.is_relative_to(REPO_ROOT), ts.SCHEMA_PATH
    schema = ts.require_spec()
    assert schema["version"] == "Bot API 10.3"
    assert "sendMessage" in ts.method_names()
    assert "description" not in _keys(schema), "the schema keeps facts only, no description text"


def test_generator_reads_limits_and_constants_as_facts() -> None:
    facts = _generator().field_facts

    def field(name: str, desc: str, *types: str) -> dict[str, Any]:
        got: dict[str, Any] = facts(
            {"name": name, "types": list(types), "required": True, "description": desc}
        )
        return got

    text = field("text", "Text, 1-4096 characters after entities parsing", "String")
    assert text["min_len"] == 1 and text["max_len"] == 4096 and text["entities"] is True
    data = field("callback_data", "Data to be sent, 1-64 bytes", "String")
    assert (data["min_len"], data["max_len"], data["unit"]) == (1, 64, "bytes")
    assert "entities" not in data
    ids = field("message_ids", "A JSON-serialized list of 1-100 identifiers", "Array of Integer")
    assert (ids["min_items"], ids["max_items"]) == (1, 100)
    limit = field("limit", "Values between 1-100 are accepted.", "Integer")
    assert (limit["min"], limit["max"]) == (1, 100)
    assert field("type", "Type of the reaction, always 'emoji'", "String")["const"] == "emoji"
    assert field("type", 'Type, always "emoji"', "String")["const"] == "emoji"
    assert field("type", "Type of the result, must be mpeg4_gif", "String")["const"] == "mpeg4_gif"
    assert "const" not in field("type", "must be one of 'a' for letters, '1' for digits", "String")
    style = "Must be one of 'danger' (red), 'success' (green) or 'primary' (blue). If omitted, …"
    assert field("style", style, "String")["one_of"] == ["danger", "success", "primary"]
    align = field("align", "Currently, must be one of 'left', 'center', or 'right'.", "String")
    assert align["one_of"] == ["left", "center", "right"]
    for partial in (  # not every value quoted, or empty strings (emoji the spec lost)
        "must be one of 'a' for letters, '1' for digits",
        "Currently, must be one of '', '', or ''.",
        "Currently, one of 'XTR' for Telegram Stars or 'TON' for TON grams.",
    ):
        assert "one_of" not in field("format", partial, "String"), partial


def test_the_schema_knows_what_aiogram_sends_and_what_10_3_deprecated() -> None:
    """Every field of aiogram's method models is in the schema, but those aiogram marks
    deprecated; receiver_user_id and callback_query_id of the send methods are named so."""
    api, calls, _ = _generator().aiogram_models()
    if api != "10.3":
        pytest.skip(f"aiogram {aiogram.__version__} speaks Bot API {api}, the schema 10.3")
    methods = ts.load_spec()["methods"]
    for name, model in calls.items():
        known = {f["name"] for f in methods[name]["fields"]}
        for field, info in model.model_fields.items():
            extra = info.json_schema_extra
            deprecated = isinstance(extra, dict) and bool(extra.get("deprecated"))
            assert ((info.alias or field) in known) != deprecated, (name, field)
    gone = ["callback_query_id", "receiver_user_id"]
    assert methods["sendMessage"]["deprecated"] == gone
    assert "deprecated" not in methods["editEphemeralMessageText"]


def test_committed_schema_matches_the_shared_spec() -> None:
    """Regenerates the schema from ../shared/telegram/bot-api-10.2.json and aiogram's models and
    compares it with the committed file.  The only test that needs ../shared (and aiogram
    speaking the schema's Bot API): skipped without them, failed under CI."""
    gen = _generator()
    spec_path: Path = gen.SPEC_PATH
    reason = None
    if not spec_path.is_file():
        reason = f"{spec_path} is absent: the committed schema's staleness cannot be checked"
    elif aiogram.__api_version__ != gen.VERSION:
        reason = (
            f"aiogram {aiogram.__version__} speaks Bot API {aiogram.__api_version__}: set VERSION "
            "and RELEASE_DATE in scripts/bot_api_schema.py and regenerate the schema"
        )
    if reason is not None:
        if os.environ.get("CI"):  # as tests/support/needs.py: CI always has ../shared
            pytest.fail(f"{reason} -- required in CI", pytrace=False)
        pytest.skip(reason)
    fresh = str(gen.generate(spec_path))
    committed = ts.SCHEMA_PATH.read_text(encoding="utf-8")
    if fresh != committed:
        pytest.fail(
            f"{ts.SCHEMA_PATH.relative_to(REPO_ROOT)} is stale against {spec_path} and "
            f"aiogram {aiogram.__version__}: run "
            "`python scripts/bot_api_schema.py` and commit the result\n  "
            + "\n  ".join(_differences(committed, fresh)),
            pytrace=False,
        )


def _differences(committed: str, fresh: str, most: int = 10) -> list[str]:
    """What changed, entry by entry (field by field for a method or a type)."""
    try:
        old: dict[str, Any] = json.loads(committed)
    except ValueError as e:
        return [f"the committed file is not valid JSON: {e}"]
    new: dict[str, Any] = json.loads(fresh)
    out: list[str] = []
    for key in sorted(set(old) | set(new)):
        if key not in {"methods", "types"}:
            if old.get(key) != new.get(key):
                out.append(f"{key}: {old.get(key)!r} -> {new.get(key)!r}")
            continue
        was, now = old.get(key, {}), new.get(key, {})
        for name in sorted(set(was) | set(now)):
            a, b = was.get(name), now.get(name)
            if a == b:
                continue
            if a is None or b is None:
                out.append(f"{key}.{name}: {'added' if a is None else 'removed'}")
                continue
            fa = {f["name"]: f for f in a.get("fields", [])}
            fb = {f["name"]: f for f in b.get("fields", [])}
            changed = [n for n in sorted(set(fa) | set(fb)) if fa.get(n) != fb.get(n)]
            out += [f"{key}.{name}.{n}: {fa.get(n)} -> {fb.get(n)}" for n in changed]
            if not changed:
                out.append(f"{key}.{name}: {a} -> {b}")
    if not out:
        out.append("same facts, different layout (the script's output format changed)")
    return out[:most] + ([f"... and {len(out) - most} more"] if len(out) > most else [])
