"""Generate the compact, facts-only Bot API schema the tests validate requests against.

    python scripts/bot_api_schema.py           # ../shared/telegram/bot-api-10.2.json
                                               #   -> tests/support/bot_api_10_2.json
    python scripts/bot_api_schema.py SPEC OUT  # another spec file or output path

The input is the machine-readable Bot API spec beside the clone (layout in
``../shared/telegram/README.md``).  The output keeps facts only -- no description text:

- ``methods``: name -> ``{"fields": [...]}``; ``types``: name -> ``{"fields": [...]}`` or, for an
  abstract type, ``{"subtypes": [...]}``.
- a field: ``name``, ``types`` (as the spec writes them: ``Integer``, ``Array of X``, ...),
  ``required``, and the limits its description states, as numbers:
  ``min_len``/``max_len`` + ``unit`` (``"bytes"``: UTF-8 bytes, ``"characters"``) +
  ``entities: true`` when measured after entities parsing ("1-4096 characters after entities
  parsing"); ``min_items``/``max_items`` ("list of 1-100", "must include 2-10 items");
  ``min``/``max`` ("Values between 1-100"); ``const``: the one value a ``type``, ``status`` or
  ``source`` discriminator may take ("always 'emoji'", "must be default").

Written deterministically (sorted names, one line per method and per type) so a regenerated file
diffs cleanly.  ``tests/bot/telegram/test_telegram_spec.py`` fails when the committed file is not
what this script makes of the spec in ``../shared``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
SPEC_PATH = REPO_ROOT.parent / "shared" / "telegram" / "bot-api-10.2.json"
SCHEMA_PATH = REPO_ROOT / "tests" / "support" / "bot_api_10_2.json"

# The wording of the limits, as the validator has always read it (first match of a description).
_RANGE_RE = re.compile(r"\b(\d+)-(\d+) (characters|bytes|Bytes)\b")
_LIST_RANGE_RE = re.compile(r"(?:list of|include) (\d+)-(\d+)\b")
_VALUES_RE = re.compile(r"Values between (\d+)-(\d+)")
# "always 'emoji'" (10.2 quotes with '), 'always "emoji"' (10.1), "must be mpeg4_gif"; never the
# "one" of "must be one of 'a', 'A', ..." (a choice, not a constant)
_CONST_RE = re.compile(r"(?:always|must be) (?!one of\b)[\"']?([a-z][a-z0-9_]*)\b")
_DISCRIMINATORS = {"type", "status", "source"}


def field_facts(field: dict[str, Any]) -> dict[str, Any]:
    """One field of the spec reduced to its facts."""
    desc: str = field.get("description", "")
    types: list[str] = list(field["types"])
    out: dict[str, Any] = {"name": field["name"], "types": types, "required": field["required"]}
    if "String" in types and (m := _RANGE_RE.search(desc)):
        out["min_len"], out["max_len"] = int(m.group(1)), int(m.group(2))
        out["unit"] = m.group(3).lower()
        if out["unit"] == "characters" and "after entit" in desc:
            out["entities"] = True
    if m := _LIST_RANGE_RE.search(desc):
        out["min_items"], out["max_items"] = int(m.group(1)), int(m.group(2))
    if "Integer" in types and (m := _VALUES_RE.search(desc)):
        out["min"], out["max"] = int(m.group(1)), int(m.group(2))
    if field["name"] in _DISCRIMINATORS and (m := _CONST_RE.search(desc)):
        out["const"] = m.group(1)
    return out


def _entry(obj: dict[str, Any]) -> dict[str, Any]:
    if obj.get("subtypes"):
        return {"subtypes": list(obj["subtypes"])}
    return {"fields": [field_facts(f) for f in obj.get("fields", [])]}


def build(spec: dict[str, Any], source: str = "") -> dict[str, Any]:
    """The facts-only schema of a parsed spec."""
    return {
        "version": spec["version"],
        "release_date": spec.get("release_date", ""),
        "generated_from": source,
        "methods": {name: _entry(m) for name, m in sorted(spec["methods"].items())},
        "types": {name: _entry(t) for name, t in sorted(spec["types"].items())},
    }


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def render(schema: dict[str, Any]) -> str:
    """The file text: valid JSON, sorted keys, one line per method and per type."""
    lines = ["{"]
    head = [k for k in sorted(schema) if k not in {"methods", "types"}]
    lines += [f"{_dump(k)}: {_dump(schema[k])}," for k in head]
    for i, section in enumerate(("methods", "types")):
        entries = schema[section]
        lines.append(f"{_dump(section)}: {{")
        names = sorted(entries)
        lines += [
            f"{_dump(n)}: {_dump(entries[n])}{',' if j < len(names) - 1 else ''}"
            for j, n in enumerate(names)
        ]
        lines.append("}," if i == 0 else "}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def generate(spec_path: Path = SPEC_PATH) -> str:
    """The schema text for the spec file at ``spec_path``."""
    with spec_path.open(encoding="utf-8") as fh:
        spec: dict[str, Any] = json.load(fh)
    return render(build(spec, spec_path.name))


def main(argv: list[str]) -> int:
    if len(argv) > 2:
        print(__doc__, file=sys.stderr)
        return 2
    spec_path = Path(argv[0]) if argv else SPEC_PATH
    out_path = Path(argv[1]) if len(argv) > 1 else SCHEMA_PATH
    if not spec_path.is_file():
        print(
            f"no Bot API spec at {spec_path} (../shared/telegram beside the clone)", file=sys.stderr
        )
        return 1
    text = generate(spec_path)
    old = out_path.read_text(encoding="utf-8") if out_path.is_file() else None
    out_path.write_text(text, encoding="utf-8")
    state = "unchanged" if old == text else "written"
    print(f"{out_path}: {state} ({len(text.encode())} bytes, from {spec_path})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
