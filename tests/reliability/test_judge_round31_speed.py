"""Round 31, the judge's speed with no reading moved: a reply's readings kept without a lock
(`once`), and the no-error phrases looked for from fewer keys (`unseen_errors._no_error_spans`)."""

from __future__ import annotations

import functools

import pytest

from tether.reliability import reply, unseen_errors
from tether.reliability.once import once


class _Counted:
    calls = 0

    @once
    def value(self) -> int:
        """A reading."""
        _Counted.calls += 1
        return 41 + _Counted.calls


def test_once_computes_on_first_use_and_keeps_it() -> None:
    _Counted.calls = 0
    item = _Counted()
    assert item.value == 42 and item.value == 42
    assert _Counted.calls == 1
    assert item.__dict__["value"] == 42
    other = _Counted()  # (kept per instance)
    assert other.value == 43


def test_once_on_the_class_is_the_descriptor() -> None:
    assert isinstance(vars(_Counted)["value"], once)
    assert _Counted.value.__doc__ == "A reading."


def test_reply_readings_take_no_lock() -> None:
    held = [k for k, v in vars(reply.Reply).items() if isinstance(v, functools.cached_property)]
    assert held == []


@pytest.mark.parametrize(
    "message",
    [
        # the shapes of WORK answers (a user's report of no error; Nordic and CJK phrases)
        "i ran it again and there were no errors, the build passed",
        "det virker nu, ingen fejlmeddelelser i loggen",
        "koden kjører uten feil, ingen feilmelding",
        "inga felmeddelanden, men inget felmeddelande i konsolen heller",
        "运行后没有报错\uff0c但是结果不对",
        "エラーは出ませんが、表示されません",
        "the request failed with error 502",  # (a key, no phrase)
        "",
    ],
)
def test_no_error_spans_are_those_of_the_whole_pattern(message: str) -> None:
    assert unseen_errors._no_error_spans(message) == [
        m.span() for m in unseen_errors._NO_ERROR.finditer(message)
    ]


def test_no_error_keys_begin_where_the_dropped_ones_did() -> None:
    every = unseen_errors._ERROR_WORDS + tuple(
        p for p in unseen_errors.NO_ERROR if not any(k in p for k in unseen_errors._ERROR_WORDS)
    )
    assert set(every) >= set(unseen_errors._NO_ERROR_KEYS)
    for key in every:
        assert any(key.startswith(k) for k in unseen_errors._NO_ERROR_KEYS)
    assert all(k.isascii() for k in unseen_errors._NO_ERROR_ASCII_KEYS)
    assert {k for k in unseen_errors._NO_ERROR_KEYS if k.isascii()} == set(
        unseen_errors._NO_ERROR_ASCII_KEYS
    )
