"""A scenario file's problems: each one thing wrong at a key path, with a hint.

The errors of jsonschema are turned into such problems (an unknown key with a did-you-mean,
a value of the wrong type saying what was expected), for the scenario files of every game."""
from __future__ import annotations

from dataclasses import dataclass

import jsonschema

from mayhem.dsl.diagnostics import did_you_mean

from .scenario_toml import dotted


@dataclass
class Problem:
    """One thing wrong with a scenario file, at a key path."""

    path: tuple
    message: str
    hint: str | None = None


_JSON_TYPES = {bool: "a boolean", int: "an integer", float: "a number", str: "a string", list: "an array",
               dict: "a table"}


def _shown(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _expected(schema: dict) -> str:
    if "x-expected" in schema:
        return schema["x-expected"]
    if "enum" in schema:
        return "one of " + ", ".join(map(str, schema["enum"]))
    kind = schema.get("type")
    names = {"integer": "an integer", "boolean": "true or false", "string": "a string", "array": "a list",
             "object": "a table"}
    if isinstance(kind, list):
        return " or ".join(names.get(k, k) for k in kind)
    return names.get(kind, "something else")


def _schema_problems(errors, out: list[Problem]) -> None:
    for err in errors:
        path = tuple(err.absolute_path)
        where = dotted(path) or "the file"
        inst = err.instance
        if err.validator == "additionalProperties" and isinstance(inst, dict):
            known = list(err.schema.get("properties", {}))
            for key in sorted(set(inst) - set(known)):
                out.append(Problem(path + (key,), f"unknown key '{key}' in {where}",
                                   did_you_mean(key, known) or f"the keys of {where}: {', '.join(known)}"))
        elif err.validator == "anyOf":
            # the alternative of the value's own type tells what is wrong inside it
            own = [s for s in err.validator_value if jsonschema.Draft202012Validator(s).is_type(
                inst, s.get("type", "null")) and s.get("type") in ("object", "array")]
            if own:
                sub = jsonschema.Draft202012Validator(own[0])
                inner = list(sub.iter_errors(inst))
                for e in inner:
                    e.path.extendleft(reversed(path))
                _schema_problems(inner, out)
            else:
                out.append(Problem(path, f"{where} is {_shown(inst)}: expected {_expected(err.schema)}"))
        elif err.validator == "required":
            missing = [k for k in err.validator_value if k not in inst]
            out.append(Problem(path, f"{where} needs {', '.join(repr(k) for k in missing)}"))
        elif err.validator == "enum":
            out.append(Problem(path, f"{where} is {_shown(inst)}: expected {_expected(err.schema)}",
                               did_you_mean(str(inst), map(str, err.validator_value))))
        elif err.validator == "type":
            got = _JSON_TYPES.get(type(inst), type(inst).__name__)
            out.append(Problem(path, f"{where} is {_shown(inst)}, {got}: expected {_expected(err.schema)}"))
        elif err.validator == "propertyNames":
            out.append(Problem(path + (inst,), f"{where}: {_shown(inst)} is not {_expected(err.schema)}"))
        else:
            out.append(Problem(path, f"{where}: {err.message}"))
