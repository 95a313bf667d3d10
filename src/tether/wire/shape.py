"""Small checks for decoding JSON bodies: each failure names the field that was wrong."""

from __future__ import annotations

from typing import Any, TypeVar

import orjson

from tether.errors import WireError

T = TypeVar("T")


def obj(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise WireError(f"{where}: expected an object, got {type(value).__name__}")
    return value


def seq(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise WireError(f"{where}: expected a list, got {type(value).__name__}")
    return value


def field(body: dict[str, Any], name: str, kind: type[T], where: str) -> T:
    value = body.get(name)
    if value is None:
        raise WireError(f"{where}.{name}: required")
    if not isinstance(value, kind):
        raise WireError(f"{where}.{name}: expected {kind.__name__}, got {type(value).__name__}")
    return value


def opt_str(value: Any, where: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise WireError(f"{where}: expected a string, got {type(value).__name__}")
    return value


def text_of(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise WireError(f"{where}: expected a string, got {type(value).__name__}")
    return value


def int_field(value: Any, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise WireError(f"{where}: expected an integer, got {type(value).__name__}")
    return value


def unencodable(body: dict[str, Any], exc: TypeError) -> WireError:
    """Why a body to send cannot be written as JSON (orjson's TypeError), naming its top-level
    field at fault: looked for only once encoding failed, so the usual path pays nothing."""
    field = ""
    for key, value in body.items():
        try:
            orjson.dumps({key: value})
        except TypeError:
            field = key
            break
    what = "JSON nested deeper than 254 levels" if "Recursion" in str(exc) else str(exc)
    return WireError(f"{field or 'the body'}: {what}, more than can be sent on; flatten it")
