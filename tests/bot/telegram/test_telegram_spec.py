"""The request validator catches what Telegram would reject."""

from __future__ import annotations

import pytest

from tests.support import telegram_spec as ts

pytestmark = pytest.mark.usefixtures("spec")


@pytest.fixture
def spec() -> None:
    ts.require_spec()


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
    report = ts.check("sendMessage", {"chat_id": 1, "text": "x", "field_from_10_3": True})
    assert report.ok
    assert any("field_from_10_3" in w for w in report.warnings)


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


def test_missing_spec_skips_or_fails_in_ci(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    monkeypatch.setenv(ts.ENV_VAR, "/nonexistent/bot-api.json")
    assert ts.load_spec() is None
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="spec not found"):
        ts.require_spec()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="required in CI"):
        ts.require_spec()


def test_deep_link_payloads() -> None:
    def link(url: str) -> dict[str, object]:
        return {"chat_id": 1, "text": "x", "reply_markup": kb([{"text": "Join", "url": url}])}

    assert ts.validate("sendMessage", link("https://t.me/cardgames_test_bot?start=jAb3_-x")) == []
    assert ts.validate("sendMessage", link("https://t.me/cardgames_test_bot?startgroup=g1")) == []
    assert ts.validate("sendMessage", link("https://t.me/cardgames_test_bot?start=a:b"))
    assert ts.validate("sendMessage", link("https://t.me/cardgames_test_bot?start=" + "a" * 65))
    assert ts.validate("sendMessage", link("https://t.me/cardgames_test_bot?start="))
