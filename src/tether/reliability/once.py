"""A reading of a reply computed on its first use and kept on the reply (`once`).

`functools.cached_property` takes a lock on every first use before Python 3.12 (~2.3 us a
reading against ~0.9 here), and a reply being judged has some forty readings first used once
each: a tenth of a short answer's judging. A reply is read by one thread, so no lock.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


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
