"""What each operation declares: the arguments it takes and the fields of its reply.

The declarations are the bridge's contract with the page. The dispatcher checks every request's
arguments against them before an operation runs, so an operation reads its arguments already
typed; the tests hold the replies, docs/bridge.md's table and the JavaScript's calls to them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from wordtable.bridge.errors import BadRequest

if TYPE_CHECKING:
    from wordtable.bridge.session import Session

# JSON's kinds of value, as JSON Schema names them; "any" lets every value through.
JSON_TYPES = ("string", "integer", "number", "boolean", "object", "array", "null", "any")

# How a type is named in a bad request's message: the page's programmer reads it.
_SAID = {"string": "a string", "integer": "a whole number", "number": "a number", "boolean": "true or false",
         "object": "a JSON object", "array": "a list", "null": "null", "any": "any value"}
_SAID_MANY = {"string": "strings", "integer": "whole numbers", "number": "numbers", "boolean": "true or false values",
              "object": "JSON objects", "array": "lists", "null": "nulls", "any": "values"}

Args = dict[str, Any]


@dataclass(frozen=True)
class Field:
    """One argument of a request, or one field of a reply.

    type is a JSON type, or several joined by "|" ("object|null"). For an argument, required
    means it must be given and not null; an optional one left out or null stands for default
    (left out of what the operation reads when default is None), except that an argument of
    type "any" given as null is passed on as null. For a reply, required means always there.
    items: the JSON type of every item of an array.
    """

    name: str
    type: str
    required: bool = True
    default: Any = None
    items: str | None = None

    def __post_init__(self) -> None:
        for kind in [*self.type.split("|"), *([self.items] if self.items else [])]:
            if kind not in JSON_TYPES:
                raise ValueError(f"{self.name}: {kind!r} is not a JSON type")


def required(name: str, type_: str, *, items: str | None = None) -> Field:
    return Field(name, type_, True, None, items)


def optional(name: str, type_: str, default: Any = None, *, items: str | None = None) -> Field:
    return Field(name, type_, False, default, items)


@dataclass(frozen=True)
class Operation:
    """An operation of the bridge: run(session, args) with args checked against `args`,
    answering an object whose fields `reply` declares."""

    run: Callable[[Session, Args], dict[str, Any]]
    args: tuple[Field, ...] = ()
    reply: tuple[Field, ...] = ()


def json_type(value: Any) -> str:
    """The JSON type of a value as json.loads makes it (bool before int: True is an int)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    for kind, python in (("integer", int), ("number", float), ("string", str), ("array", list), ("object", dict)):
        if isinstance(value, python):
            return kind
    return type(value).__name__  # not JSON at all: fits no declared type


def fits(value: Any, type_: str) -> bool:
    kinds = type_.split("|")
    found = json_type(value)
    return "any" in kinds or found in kinds or (found == "integer" and "number" in kinds)


def check_args(fields: tuple[Field, ...], given: Mapping[str, Any]) -> Args:
    """The arguments an operation reads, each of its declared type. Arguments it does not
    declare are left out, not refused: a page of another version may send one more."""
    checked: Args = {}
    for field in fields:
        value: Any = given.get(field.name)  # any JSON (None: not given, or null)
        if value is None and not (field.type == "any" and field.name in given):
            if field.required:
                raise BadRequest(f"missing argument {field.name!r}")
            if field.default is not None:
                checked[field.name] = copy.deepcopy(field.default)  # an operation may change it
            continue
        if not fits(value, field.type):
            raise BadRequest(f"argument {field.name!r} must be {_said(field.type)}")
        if field.items is not None and not all(fits(item, field.items) for item in value):
            raise BadRequest(f"argument {field.name!r} must be a list of {_SAID_MANY[field.items]}")
        checked[field.name] = value
    return checked


def _said(type_: str) -> str:
    return " or ".join(_SAID[kind] for kind in type_.split("|"))


def short_strings(args: Args, name: str, limit: int) -> list[str]:
    """A list argument of at most `limit` strings of under 100 characters: what a player could
    have typed, and no more (a bug or a hostile embedder must not make Python work for long)."""
    values: list[str] = args[name]  # declared a list of strings (items="string"): check_args holds it to that
    if len(values) > limit or not all(len(value) < 100 for value in values):
        raise BadRequest(f"argument {name!r} must be a list of at most {limit} short strings")
    return values


def reply_problems(fields: tuple[Field, ...], reply: Any) -> list[str]:
    """How a reply differs from its declaration (nothing: it matches). For the tests: the page
    reads replies by these names."""
    if not isinstance(reply, dict):
        return [f"the reply is {json_type(reply)}, not an object"]
    problems = [f"{name!r} is not declared" for name in reply if name not in {f.name for f in fields}]
    for field in fields:
        if field.name not in reply:
            if field.required:
                problems.append(f"{field.name!r} is missing")
            continue
        value = reply[field.name]
        if not fits(value, field.type):
            problems.append(f"{field.name!r} is {json_type(value)}, declared {field.type}")
        elif field.items is not None and isinstance(value, list):
            wrong = sorted({json_type(item) for item in value if not fits(item, field.items)})
            if wrong:
                problems.append(f"{field.name!r} holds {', '.join(wrong)}, declared a list of {field.items}")
    return problems
