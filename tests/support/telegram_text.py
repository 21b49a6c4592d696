"""The text of a message as Telegram sees it: visible text after parse_mode parsing, its length.

``text_length(text)``                 length as Telegram counts it (UTF-16 code units)
``visible_text(text, parse_mode)``    the text a user sees (tags stripped, entities unescaped)
``parse_entities(text, parse_mode)``  (visible text, parse errors): HTML, MarkdownV2, Markdown
``parse_html`` / ``parse_markdown_v2``  the two parsers (Telegram answers 400 "can't parse
                                      entities" for what they report)
"""

from __future__ import annotations

import html
import re


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
    return parse_entities(text, parse_mode)[0]


def parse_entities(text: str, parse_mode: str | None) -> tuple[str, list[str]]:
    """(visible text, errors) for a parse_mode (None or unknown: the text as it is)."""
    mode = (parse_mode or "").lower()
    if mode == "html":
        return parse_html(text)
    if mode == "markdownv2":
        return parse_markdown_v2(text)
    if mode == "markdown":
        return re.sub(r"[*_`\[]", "", text), []
    return text, []
