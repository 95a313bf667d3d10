"""A reading of a reply computed on its first use and kept on the reply: `once` for the
readings of `Reply` itself, `kept` for a signal module's readings that other signals ask again.

`functools.cached_property` takes a lock on every first use before Python 3.12 (~2.3 us a
reading against ~0.9 here), and a reply being judged has some forty readings first used once
each: a tenth of a short answer's judging. A reply is read by one thread, so no lock.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Generic, Protocol, TypeVar, cast, overload

T = TypeVar("T")


class _Kept(Protocol):
    memo: dict[str, object]


R = TypeVar("R", bound=_Kept)


class once(Generic[T]):  # (a decorator, named like `cached_property`)
    """`functools.cached_property` without its lock: the method's value, computed on first use
    and stored in the instance's `__dict__` under its name, where later uses find it."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> once[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | once[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


def kept(reading: Callable[[R], T]) -> Callable[[R], T]:
    """A module's reading of a reply (a function, not a method of `Reply`) kept in the reply's
    `memo` on first use: the other signals that ask it find it there, not read again."""
    module = reading.__module__.rsplit(".", 1)[-1].removesuffix("_signals")
    key = f"{module}.{reading.__qualname__}"  # ("persona.standing_by")

    @wraps(reading)
    def read(r: R) -> T:
        memo = r.memo
        if key in memo:
            return cast("T", memo[key])
        found = memo[key] = reading(r)
        return found

    return read


Q = TypeVar("Q")


def last_read(reading: Callable[[Q], T]) -> Callable[[Q], T]:
    """A reading of a text kept for the last text read (by identity): a precheck that reads a
    reply whole (`clearing.MAY_FIRE`) and the signal that reads it again get one reading, with
    no hash of a long text and no cache of texts gone by."""
    last: list[Any] = [None, None]

    @wraps(reading)
    def read(text: Q) -> T:
        if text is last[0]:
            return cast("T", last[1])
        found = reading(text)
        last[0], last[1] = text, found
        return found

    return read


def last_asked(reading: Callable[[Q], bool]) -> Callable[[Q | None], bool]:
    """A reading of a request kept for the last request read (`last_read`): every attempt at
    one request, and every reply to it cleared unread, asks again. None reads as False."""
    kept = last_read(reading)

    @wraps(reading)
    def read(request: Q | None) -> bool:
        return False if request is None else bool(kept(request))

    return read
