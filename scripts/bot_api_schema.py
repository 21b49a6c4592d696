"""Generate the compact, facts-only Bot API schema the tests validate requests against.

    python scripts/bot_api_schema.py           # ../shared/telegram/bot-api-10.2.json + aiogram
                                               #   -> tests/support/bot_api_10_3.json
    python scripts/bot_api_schema.py SPEC OUT  # another spec file or output path

The schema is Bot API 10.3: the machine-readable 10.2 spec beside the clone (layout in
``../shared/telegram/README.md``) with 10.3's changes read from the installed aiogram's models
(aiogram 3.31 speaks 10.3; the script refuses another Bot API).  From aiogram, per method and
type: the fields 10.2 lacks (their types from the annotations, their limits from the docstrings
aiogram writes under each field), a changed required flag, the fields aiogram marks deprecated
(out of ``fields``, named in ``deprecated``: Telegram refuses them), and new subtypes of an
abstract type (its subclasses in aiogram); new types are added as far as the schema refers to
them.  Everything else, the limits above all, is 10.2's.

The output keeps facts only -- no description text:

- ``methods``: name -> ``{"fields": [...], "deprecated": [...]}``; ``types``: name ->
  ``{"fields": [...]}`` or, for an abstract type, ``{"subtypes": [...]}`` (``deprecated`` only
  where there are some).
- a field: ``name``, ``types`` (as the spec writes them: ``Integer``, ``Array of X``, ...),
  ``required``, and the limits its description states, as numbers:
  ``min_len``/``max_len`` + ``unit`` (``"bytes"``: UTF-8 bytes, ``"characters"``) +
  ``entities: true`` when measured after entities parsing ("1-4096 characters after entities
  parsing"); ``min_items``/``max_items`` ("list of 1-100", "must include 2-10 items");
  ``min``/``max`` ("Values between 1-100"); ``const``: the one value a ``type``, ``status`` or
  ``source`` discriminator may take ("always 'emoji'", "must be default"); ``one_of``: the
  values a string must be one of, where the description lists every one of them quoted
  ("Must be one of 'danger' (red), 'success' (green) or 'primary' (blue).").

Written deterministically (sorted names, one line per method and per type) so a regenerated file
diffs cleanly.  ``tests/bot/telegram/test_telegram_spec.py`` fails when the committed file is not
what this script makes of the spec in ``../shared`` and the installed aiogram.
"""

from __future__ import annotations

import ast
import copy
import inspect
import itertools
import json
import re
import sys
import textwrap
import types
import typing
from pathlib import Path
from typing import Any

import typing_extensions

REPO_ROOT = Path(__file__).resolve().parents[1]
SPEC_PATH = REPO_ROOT.parent / "shared" / "telegram" / "bot-api-10.2.json"
SCHEMA_PATH = REPO_ROOT / "tests" / "support" / "bot_api_10_3.json"
# the Bot API the schema speaks: 10.2 + what aiogram adds (its __api_version__ must be this)
VERSION, RELEASE_DATE = "10.3", "2026-08-24"

# The wording of the limits, as the validator has always read it (first match of a description).
_RANGE_RE = re.compile(r"\b(\d+)-(\d+) (characters|bytes|Bytes)\b")
_LIST_RANGE_RE = re.compile(r"(?:list of|include) (\d+)-(\d+)\b")
_VALUES_RE = re.compile(r"Values between (\d+)-(\d+)")
# "always 'emoji'" (10.2 quotes with '), 'always "emoji"' (10.1), "must be mpeg4_gif"; never the
# "one" of "must be one of 'a', 'A', ..." (a choice, not a constant)
_CONST_RE = re.compile(r"(?:always|must be) (?!one of\b)[\"']?([a-z][a-z0-9_]*)\b")
_DISCRIMINATORS = {"type", "status", "source"}
# "must be one of 'a', 'b' (note), or 'c'." -- the whole list quoted, up to the sentence's end
# (not "'static' for a .WEBP image, ...", nor a list of empty strings: emoji the spec lost)
_CHOICE = r"'[^'\s]+'(?: \([^)]*\))?"
_ONE_OF_RE = re.compile(rf"[Mm]ust be one of ({_CHOICE}(?:(?:,? or |, ){_CHOICE})+)(?=[.;]|$)")


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
    if types == ["String"] and (m := _ONE_OF_RE.search(desc)):
        out["one_of"] = re.findall(r"'([^']+)'", m.group(1))
    return out


def _entry(obj: dict[str, Any]) -> dict[str, Any]:
    if obj.get("subtypes"):
        return {"subtypes": list(obj["subtypes"])}
    out: dict[str, Any] = {"fields": [field_facts(f) for f in obj.get("fields", [])]}
    if obj.get("deprecated"):
        out["deprecated"] = sorted(obj["deprecated"])
    return out


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


# ---------------------------------------------------------------------------------------------
# Bot API 10.3 from aiogram's models

_SCALARS = {bool: "Boolean", int: "Integer", str: "String", float: "Float"}  # bool first


def aiogram_models() -> tuple[str, dict[str, type], dict[str, type]]:
    """aiogram's Bot API version, its method models by Bot API name and its type models by
    name."""
    import aiogram
    from aiogram import methods, types
    from aiogram.methods.base import TelegramMethod
    from aiogram.types.base import TelegramObject

    calls = {
        c.__api_method__: c
        for c in vars(methods).values()
        if isinstance(c, type)
        and issubclass(c, TelegramMethod)
        and isinstance(getattr(c, "__api_method__", None), str)
    }
    objects = {
        name: c
        for name, c in vars(types).items()
        if isinstance(c, type) and issubclass(c, TelegramObject) and c is not TelegramObject
    }
    return str(aiogram.__api_version__), calls, objects


def _docs(classes: list[type]) -> dict[str, str]:
    """The docstrings aiogram writes under each field of these models."""
    out: dict[str, str] = {}
    for klass in reversed(classes):
        body = ast.parse(textwrap.dedent(inspect.getsource(klass))).body[0]
        assert isinstance(body, ast.ClassDef)
        for stmt, after in itertools.pairwise(body.body):
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                doc = after.value if isinstance(after, ast.Expr) else None
                if isinstance(doc, ast.Constant) and isinstance(doc.value, str):
                    out[stmt.target.id] = doc.value
    return out


class _Reader:
    """aiogram's models read as the spec writes its fields."""

    def __init__(self, spec: dict[str, Any], objects: dict[str, type]) -> None:
        self.types: dict[str, Any] = spec["types"]
        self.objects = objects
        self.abstract = {n for n, t in self.types.items() if "subtypes" in t}

    def _abstract_of(self, cls: type) -> str | None:
        names = {b.__name__ for b in cls.__mro__[1:]} & self.abstract
        return names.pop() if len(names) == 1 else None

    def type_names(self, annotation: Any) -> list[str]:
        """A field's annotation as the spec's type names (``Array of X``, a union's members; an
        abstract type for its subtypes)."""
        if isinstance(annotation, typing_extensions.TypeAliasType):  # RichTextUnion: RichText
            named = annotation.__name__.removesuffix("Union")
            return [named] if named in self.abstract else self.type_names(annotation.__value__)
        origin, args = typing.get_origin(annotation), typing.get_args(annotation)
        if origin is typing.Annotated:
            return self.type_names(args[0])
        if origin is typing.Literal:
            return self.type_names(type(args[0]))
        if origin is list:
            return [f"Array of {t}" for t in self.type_names(args[0])]
        if origin in (typing.Union, types.UnionType):
            names: list[str] = []
            for arg in args:
                if arg is type(None) or getattr(arg, "__name__", "") == "Default":
                    continue
                more = self.type_names(arg)
                if len(args) > 2 and isinstance(arg, type) and (up := self._abstract_of(arg)):
                    more = [up]  # a member of an abstract type's union
                names += [n for n in more if n not in names]
            return names
        for scalar, name in _SCALARS.items():
            if isinstance(annotation, type) and issubclass(annotation, scalar):
                return [name]  # (aiogram's str enums included)
        if isinstance(annotation, type) and annotation.__name__ == "datetime":
            return ["Integer"]
        return [getattr(annotation, "__name__", str(annotation))]

    def fields(self, cls: type) -> list[tuple[dict[str, Any], bool]]:
        """(the spec's field, deprecated) for each field the model itself declares (not those
        of an abstract base: aiogram puts every subtype's fields there)."""
        own: list[type] = []
        for klass in cls.__mro__:
            if klass is not cls and (klass.__name__ in self.types or "[" in klass.__name__):
                break  # an abstract base, or TelegramMethod[...]
            own.append(klass)
        own = [k for k in own if k.__module__.startswith("aiogram.")]
        declared = {n for k in own for n in vars(k).get("__annotations__", {})}
        docs = _docs(own)
        out = []
        for name, info in getattr(cls, "model_fields", {}).items():
            if name not in declared:
                continue
            literal = typing.get_origin(info.annotation) is typing.Literal
            field = {
                "name": info.alias or name,
                "types": self.type_names(info.annotation),
                "required": info.is_required() or literal,  # a discriminator is always sent
                "description": docs.get(name, ""),
                "literal": literal,
            }
            extra = info.json_schema_extra
            out.append((field, isinstance(extra, dict) and bool(extra.get("deprecated"))))
        return out

    def merge(self, entry: dict[str, Any], cls: type) -> None:
        """The model's changes into a spec entry: new fields, a changed required flag (not of
        a discriminator: aiogram gives those a default), deprecated fields out."""
        known = {f["name"]: f for f in entry.setdefault("fields", [])}
        for field, deprecated in self.fields(cls):
            old = known.get(field["name"])
            if old is None and not deprecated:
                entry["fields"].append(field)
            elif old is not None and deprecated:
                entry["fields"].remove(old)
                entry.setdefault("deprecated", []).append(field["name"])
            elif old is not None and not field["literal"]:
                old["required"] = field["required"]

    def new_type(self, name: str) -> None:
        cls = self.objects[name]
        subtypes = [sub.__name__ for sub in _subclasses(cls)]
        if subtypes:
            self.types[name] = {"name": name, "subtypes": subtypes}
        else:
            self.types[name] = {"name": name, "fields": []}
            self.merge(self.types[name], cls)


def _subclasses(cls: type) -> list[type]:
    """An abstract type's subtypes: its subclasses in aiogram."""
    subs: list[type] = cls.__subclasses__()
    return subs


def _referred(entry: dict[str, Any]) -> set[str]:
    names = set(entry.get("subtypes", []))
    for field in entry.get("fields", []):
        names |= {t.split(" of ")[-1] for t in field["types"]}  # Array of Array of X: X
    return names


def with_aiogram(spec: dict[str, Any]) -> dict[str, Any]:
    """A copy of the 10.2 spec with the Bot API changes aiogram's models make (see the module's
    docstring); aiogram must speak `VERSION`."""
    api, calls, objects = aiogram_models()
    if api != VERSION:
        raise SystemExit(f"aiogram speaks Bot API {api}, the schema is {VERSION}: see VERSION")
    out = copy.deepcopy(spec)
    out["version"], out["release_date"] = f"Bot API {VERSION}", RELEASE_DATE
    reader = _Reader(out, objects)
    for name, cls in sorted(calls.items()):
        reader.merge(out["methods"].setdefault(name, {"name": name, "fields": []}), cls)
    for name, entry in sorted(out["types"].items()):
        model = objects.get(name)
        if model is not None and "subtypes" in entry:
            more = [sub.__name__ for sub in _subclasses(model)]
            entry["subtypes"] += [n for n in more if n not in entry["subtypes"]]
        elif model is not None:
            reader.merge(entry, model)
    todo = set().union(*(_referred(e) for e in [*out["methods"].values(), *out["types"].values()]))
    while new := {n for n in todo if n in objects and n not in out["types"]}:
        for name in sorted(new):
            reader.new_type(name)
        todo = set().union(*(_referred(out["types"][n]) for n in new))
    for entry in [*out["methods"].values(), *out["types"].values()]:
        for field in entry.get("fields", []):
            field.pop("literal", None)
    return out


def generate(spec_path: Path = SPEC_PATH) -> str:
    """The schema text for the spec file at ``spec_path``."""
    with spec_path.open(encoding="utf-8") as fh:
        spec: dict[str, Any] = json.load(fh)
    return render(build(with_aiogram(spec), f"{spec_path.name} + aiogram's models"))


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
