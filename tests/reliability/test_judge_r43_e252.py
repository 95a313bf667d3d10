# ruff: noqa: RUF001  (refusals quoted in their own script and punctuation)
"""Refusal grammar as data; refusals of harmless instructions.

The refusal grammar's English and Chinese word lists (what an AI calls itself, the speaker
unable, their cheap keys) move from Python into `judge_signals.json`
(`refusal_grammar_words`); each pattern is built from its lists with the grammar it had, so
every text reads as before.
"""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from tether.reliability import refusal_grammar

_DATA = json.loads(
    resources.files("tether.reliability").joinpath("judge_signals.json").read_text("utf-8")
)


def test_refusal_grammar_words_are_data_and_say_what_they_are() -> None:
    section = _DATA["refusal_grammar_words"]
    assert section["about"]
    assert tuple(section["cannot_words"]) == refusal_grammar.CANNOT_WORDS
    assert tuple(section["cannot_zh"]) == refusal_grammar.CANNOT_ZH


@pytest.mark.parametrize(
    "text",
    [
        "as an ai language model, i cannot write a poem.",
        "i'm only a text-based ai and cannot browse.",
        "as a responsible and ethical ai, i must decline.",
        "作为一个人工智能语言模型，我不能提供法律意见。",
        "我只是一个语言模型。",
    ],
)
def test_the_speaker_naming_itself_a_model_reads_as_before(text: str) -> None:
    assert refusal_grammar.names_model(text) is not None


@pytest.mark.parametrize(
    "text",
    ["the request failed again, wait a minute.", "as a rule, i train models at work."],
)
def test_no_model_named_where_none_is(text: str) -> None:
    assert refusal_grammar.names_model(text) is None


@pytest.mark.parametrize(
    ("text", "unable"),
    [("i can't do that", True), ("i can\u2019t do that", True), ("i can do that", False)],
)
def test_the_speaker_unable_reads_as_before(text: str, unable: bool) -> None:
    assert (re.search(rf"\bi {refusal_grammar.CANNOT}\b", text) is not None) is unable
