"""Checking a file against a JSON Schema, with the types of tablekit's YAML loader.

Every file format goes through `check`: a card file (cards.py builds its schema), a
scenario file and a save (schemas.py builds theirs). A problem becomes one error naming
the file, the line and the field, and saying what is allowed there. The names here are
importable from `schemas` too.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, Iterable

from .errors import TablekitError
from .yamlio import LineDict

FORMAT_LIBRARIES = ("fqdn", "idna", "isoduration", "jsonpointer", "rfc3339_validator", "rfc3986_validator",
                    "rfc3987", "rfc3987_syntax", "uri_template", "webcolors")
"""The optional libraries jsonschema's string-format checkers import when jsonschema
is imported. tablekit's schemas check no string format, and importing them costs a
fifth of a second in every fresh kernel (isoduration brings arrow; rfc3987_syntax
compiles its grammars, about a second of CPU)."""


def import_jsonschema() -> Any:
    """jsonschema, imported without the optional libraries of its format checkers
    (`FORMAT_LIBRARIES`), unless something imported jsonschema already. Each library
    is kept out only while jsonschema imports: it stays importable after, for other
    code; jsonschema then leaves those formats unchecked (its own fallback when a
    library is missing)."""
    if "jsonschema" in sys.modules:
        return sys.modules["jsonschema"]
    kept_out = [name for name in FORMAT_LIBRARIES if name not in sys.modules]
    for name in kept_out:
        sys.modules[name] = None  # type: ignore[assignment]  # an import of it fails at once
    try:
        import jsonschema
        import jsonschema.validators  # noqa: F401
    finally:
        for name in kept_out:
            if name in sys.modules and sys.modules[name] is None:
                del sys.modules[name]
    return jsonschema


jsonschema = import_jsonschema()
Draft7Validator = jsonschema.Draft7Validator

DRAFT = "http://json-schema.org/draft-07/schema#"
MAX_NAME = 200  # a name, an id, a key: no longer than this

_TYPES: dict[Any, Any] = {str: "string", int: "integer", bool: "boolean", list: "array",
                          dict: "object", float: "number", type(None): "null"}
_WORDS = {"string": "text", "integer": "a whole number", "boolean": "true or false",
          "array": "a list", "object": "a mapping", "number": "a number", "null": "null"}


# -- a validator whose types are the YAML loader's ------------------------------------------

def _is_int(_checker, v: Any) -> bool:
    return type(v) is int


def _is_number(_checker, v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


_CHECKER = Draft7Validator.TYPE_CHECKER.redefine_many({
    "integer": _is_int, "number": _is_number,
    "string": lambda _c, v: isinstance(v, str), "array": lambda _c, v: isinstance(v, list),
    "object": lambda _c, v: isinstance(v, dict)})


# -- a dispatch keyword: one lookup where a schema lists one if/then per value of a key -------

DISPATCH = "x-tablekit-dispatch"
"""A keyword of the schemas as checked (never written in a published schema): an `allOf`
that holds several rules `{"if": {"properties": {K: {"const": c}}, "required": [K]},
"then": T}` on the same key K is checked as `{DISPATCH: {"key": K, "cases": {c: [T]}}}`,
which looks the value of K up once instead of trying every `if` (a card file's abilities
have about thirty such rules each). The errors are those of the rules it stands for."""

_DISPATCH_MIN = 4  # fewer rules than this on one key are left as they are


def _dispatch(validator: Any, spec: dict, instance: Any, schema: dict) -> Any:
    if not isinstance(instance, dict):
        return
    value = instance.get(spec["key"])
    if isinstance(value, str):
        for then in spec["cases"].get(value, ()):
            yield from validator.descend(instance, then)


def _const_rule(rule: Any) -> tuple[str, str] | None:
    """(key, value) of an `if` that asks only that a key be present with a text constant."""
    if not (isinstance(rule, dict) and set(rule) == {"if", "then"} and isinstance(rule["if"], dict)):
        return None
    cond = rule["if"]
    props = cond.get("properties")
    if set(cond) != {"properties", "required"} or not isinstance(props, dict) or len(props) != 1:
        return None
    (key, sub), = props.items()
    if cond["required"] != [key] or not isinstance(sub, dict) or set(sub) != {"const"}:
        return None
    return (key, sub["const"]) if isinstance(sub["const"], str) else None


def with_dispatch(schema: Any) -> Any:
    """A copy of `schema` with each `allOf`'s runs of const if/then rules on one key (at
    least `_DISPATCH_MIN` of them, next to each other) turned into one DISPATCH lookup:
    the same instances pass, with the same errors, in fewer steps."""
    if isinstance(schema, list):
        return [with_dispatch(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: with_dispatch(v) for k, v in schema.items()}
    rules = out.get("allOf")
    if not isinstance(rules, list):
        return out
    grouped: list = []
    run: list[tuple[str, str, dict]] = []

    def close_run() -> None:
        if len(run) >= _DISPATCH_MIN:
            cases: dict[str, list] = {}
            for _, value, rule in run:
                cases.setdefault(value, []).append(rule["then"])
            grouped.append({DISPATCH: {"key": run[0][0], "cases": cases}})
        else:
            grouped.extend(rule for _, _, rule in run)
        run.clear()

    for rule in rules:
        hit = _const_rule(rule)
        if hit is None or (run and run[0][0] != hit[0]):
            close_run()
        if hit is None:
            grouped.append(rule)
        else:
            run.append((hit[0], hit[1], rule))
    close_run()
    out["allOf"] = grouped
    return out


Validator = jsonschema.validators.extend(Draft7Validator, {DISPATCH: _dispatch}, type_checker=_CHECKER)


def json_type(types: type | Iterable[type]) -> dict:
    """The schema of a Python type or a tuple of types (`(list, type(None))`)."""
    ts = list(types) if isinstance(types, (tuple, list)) else [types]
    names = [_TYPES[t] for t in ts if t in _TYPES]
    if not names:
        return {}
    return {"type": names[0] if len(names) == 1 else names}


# -- checking a file ----------------------------------------------------------------------

_VALIDATORS: dict[str, Any] = {}


def validator(schema: dict, key: str | None = None):
    if key is not None and key in _VALIDATORS and _VALIDATORS[key][0] is schema:
        return _VALIDATORS[key][1]
    v = Validator(with_dispatch(schema))
    if key is not None:
        _VALIDATORS[key] = (schema, v)
    return v


def _walk(data: Any, path: Iterable) -> tuple[Any, int, Any]:
    """(the node at `path`, its line, its parent)."""
    node, line, parent = data, getattr(data, "line", 1) or 1, None
    for step in path:
        parent = node
        if isinstance(node, dict):
            line = node.line_of(step) if isinstance(node, LineDict) else line
        elif isinstance(node, list):
            lines = getattr(node, "item_lines", None)
            line = lines[step] if lines and step < len(lines) else line
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            break
    return node, line, parent


def _allowed(schema: dict) -> str:
    """What a (sub)schema allows, in words."""
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return "one of " + ", ".join("null" if v is None else str(v) for v in schema["enum"])
    if "anyOf" in schema:
        return " or ".join(_allowed(s) for s in schema["anyOf"])
    t = schema.get("type")
    if t is None:
        return "anything"
    words = " or ".join(_WORDS.get(x, x) for x in (t if isinstance(t, list) else [t]))
    if "items" in schema and isinstance(schema["items"], dict) and "enum" in schema["items"]:
        words += " of " + _allowed(schema["items"])
    lo, hi = schema.get("minimum"), schema.get("maximum")
    if lo is not None and hi is not None:
        words += f" from {lo} to {hi}"
    elif lo is not None:
        words += f" of at least {lo}"
    elif hi is not None:
        words += f" of at most {hi}"
    return words


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _deepest(error):
    """The error of an anyOf worth reporting: the branch whose type matched, if one did."""
    while error.validator in ("anyOf", "oneOf") and error.context:
        typed = [e for e in error.context
                 if not (e.validator in ("type", "const", "enum") and len(e.relative_schema_path) == 2)]
        if not typed:
            return error
        error = min(typed, key=lambda e: -len(e.path))
    return error


def _in(where: Callable[..., str], path: list) -> str:
    return f"{where(path, inner=True)}: " if path else ""


def describe(error, where: Callable[..., str], word: str = "key") -> tuple[list, str]:
    """(the path of the field, the message) for one jsonschema error."""
    error = _deepest(error)
    path = list(error.absolute_path)
    schema = error.schema if isinstance(error.schema, dict) else {}
    doc = schema.get("description")
    v = error.validator
    value = error.instance
    if v == "additionalProperties":
        extra = [k for k in value if k not in schema.get("properties", {})]
        key = extra[0] if extra else "?"
        allowed = ", ".join(sorted(schema.get("properties", {}))) or "none"
        return path + [key], f"{_in(where, path)}unknown {word} {key!r} (allowed: {allowed})"
    if v == "required":
        key = error.message.split("'")[1] if "'" in error.message else "?"
        sub = schema.get("properties", {}).get(key, {})
        what = f": {sub['description']}" if sub.get("description") else ""
        return path, f"{_in(where, path)}missing {word} {key!r}{what}"
    if v == "dependencies":
        key = next((k for k in schema.get("dependencies", {}) if k in value), "?")
        need = ", ".join(schema["dependencies"].get(key, []))
        return path + [key], f"{where(path + [key])} needs {where(path + [need])} (the rule it waits at)"
    if v == "maxProperties" and schema["maxProperties"] == 0:
        return path, f"{where(path)} must be empty: {doc}"
    if v in ("minProperties", "maxProperties"):
        return path, f"{where(path)} must have exactly one key: {', '.join(sorted(schema.get('properties', {})))}"
    if v == "minItems":
        return path, f"{where(path)} must list at least {schema['minItems']} (it lists {len(value)})" + (
            f": {doc}" if doc else "")
    if v == "maxItems":
        return path, f"{where(path)} may list at most {schema['maxItems']} (it lists {len(value)})" + (
            f": {doc}" if doc else "")
    if v == "uniqueItems":
        return path, f"{where(path)} lists the same item twice"
    if v in ("minimum", "maximum"):
        bound = "at least" if v == "minimum" else "at most"
        return path, (f"{where(path)} must be {bound} {schema[v]}, not {_short(value)}"
                      + (f": {doc}" if doc else ""))
    if v in ("minLength", "maxLength", "pattern"):
        return path, f"{where(path)} must be {doc or _allowed(schema)}, not {_short(value)}"
    if v in ("anyOf", "oneOf"):
        return path, f"{where(path)} must be {_allowed(schema)}, not {_short(value)}" + (
            f" ({doc})" if doc else "")
    words = _allowed(schema)
    return path, f"{where(path)} must be {words}, not {_short(value)}" + (
        f" ({doc})" if doc and v != "enum" else "")


def check(data: Any, schema: dict, filename: str, error: type[TablekitError],
          where: Callable[..., str], key: str | None = None, word: str = "key") -> None:
    """Validate `data` (from the YAML loader) against `schema`; the first problem in the
    file raises `error` naming the file, the line and the field."""
    _check_keys_are_text(data, filename, error)
    errors = list(validator(schema, key).iter_errors(data))
    if not errors:
        return
    found = []
    for e in errors:
        path, msg = describe(e, where, word)
        _, line, _ = _walk(data, path)
        found.append((line, -len(path), msg))
    line, _, msg = min(found, key=lambda t: (t[0], t[1]))
    raise error(f"{filename}, line {line}: {msg}")


def _check_keys_are_text(data: Any, filename: str, error: type[TablekitError], depth: int = 0) -> None:
    if isinstance(data, dict):
        for k, v in data.items():
            if not isinstance(k, str):
                line = data.line_of(k) if isinstance(data, LineDict) else 0
                raise error(f"{filename}, line {line}: a key must be text, not {_short(k)}")
            _check_keys_are_text(v, filename, error, depth + 1)
    elif isinstance(data, list):
        for v in data:
            _check_keys_are_text(v, filename, error, depth + 1)
