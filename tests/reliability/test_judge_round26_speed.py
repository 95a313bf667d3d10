# ruff: noqa: RUF001  (mojibake: Latin-1 letters and punctuation as bytes read them)
"""Round 26 (engineer 139): the judge's prechecks and shared readings keep what they gate.
Made-up replies, both sides.

- A short reply is read for a filter's removal note once (`filter_signals._removal_note`): the
  note is still caught after `quick_clear` read it, and a verb alone is still left.
- A call sent as text is looked for behind a character of its opener (`tool_markup`): Mistral's
  `[TOOL_CALLS]`, gpt-oss's `to=functions.` and Gemma's fenced `tool_code` still make a lost
  call, and a closer's `<` still marks the reply's end as closed.
- A crash line in a head of few long lines (`trace_signals`): its keys looked for once the
  line matches, the crash still named; a sentence that only says "line" is still no crash.
- Mojibake is looked for only in a head that is not ASCII, and still found there.
- A reply that `written` reads last (a cheap test first) still gets the signal it needs.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.messages import Message, Request, ToolSpec, Turn
from tether.reliability import filter_signals
from tether.reliability.clearing import quick_clear
from tether.reliability.judge import DEFAULT_CONFIG, judge
from tether.reliability.mojibake_signals import mojibake


@pytest.mark.parametrize(
    "text",
    [
        "[This response has been removed by the moderation system]",
        "This response was filtered due to the content policy.",
        "finish_reason: content_filter",
    ],
)
def test_removal_note_read_once_still_caught(text: str) -> None:
    stripped = text.strip()
    # (`quick_clear` reads the note first, then the reading gets what it found)
    assert not quick_clear(stripped, DEFAULT_CONFIG.lexicon) or len(stripped) <= 48
    failure, found = hand(text)
    assert failure and "filtered_stand_in" in found


def test_removal_verb_alone_still_left() -> None:
    assert filter_signals._removal_note("deleted.")
    _, found = hand("Deleted.", "Remove the unused imports from utils.py.")
    assert "filtered_stand_in" not in found


TOOLS = (ToolSpec("search_products"), ToolSpec("read_file"))
ASK = Request(messages=(Message.text("user", "Find Dell products under $50."),), tools=TOOLS)


def _kind(text: str) -> str | None:
    found = judge(Turn(content=text, finish_reason="stop", termination="stop"), ASK)
    return found.kind if found else None


@pytest.mark.parametrize(
    "text",
    [
        'I will look that up.\n[TOOL_CALLS][{"name": "search_products", "arguments": {"q": "x"}}]',
        'to=functions.search_products <|constrain|>json<|message|>{"query": "Dell"}',
        '```tool_code\nsearch_products(query="Dell", max_price=50)\n```',
        '<tool_call>\n{"name": "read_file", "arguments": {"path": "a.txt"}}\n</tool_call>',
    ],
)
def test_call_as_text_still_lost(text: str) -> None:
    assert _kind(text) == "lost_tool_call"


def test_answer_with_brackets_and_fences_still_an_answer() -> None:
    text = (
        "Here are three Dell products under $50 [from the catalogue]:\n\n"
        "```\nDell KB216 keyboard  $24\nDell MS116 mouse     $12\nDell WM126 mouse     $19\n```"
    )
    assert _kind(text) is None


PERL_DIE = (
    "Can't locate Text/CSV_XS.pm in @INC (you may need to install the Text::CSV_XS module) "
    "(@INC contains: /etc/perl /usr/local/lib/x86_64-linux-gnu/perl/5.34.0 /usr/local/share/"
    "perl/5.34.0 /usr/lib/x86_64-linux-gnu/perl5/5.34 /usr/share/perl5 /usr/lib/x86_64-linux-"
    "gnu/perl-base /usr/lib/x86_64-linux-gnu/perl/5.34 /usr/share/perl/5.34) at export.pl "
    "line 7.\nBEGIN failed--compilation aborted at export.pl line 7."
)


def test_crash_line_in_few_long_lines_still_named() -> None:
    _, found = hand(PERL_DIE)
    assert "stack_trace" in found


def test_prose_about_a_line_still_no_crash() -> None:
    text = (
        "The parser stops at line 7 because the CSV module is missing; install it with "
        "`cpanm Text::CSV_XS` and run the export again, then check the first line of the "
        "output file: it should hold the column names, and every line after it one record."
    )
    _, found = hand(text)
    assert "stack_trace" not in found


def test_mojibake_still_found_outside_ascii() -> None:
    # (Chinese read as Latin-1 bytes: "你好世界" twice)
    garbled = "ä½ å¥½ä¸–ç•Œ ä½ å¥½ä¸–ç•Œ"
    assert mojibake(garbled) is not None
    assert mojibake("Plain ASCII text, with no bytes read as characters.") is None


def test_error_fields_still_read_when_written() -> None:
    text = "Code: FUNCTION_INVOCATION_TIMEOUT\nMessage: the function timed out\nID: fra1::x7k2"
    failure, found = hand(text)
    assert failure and "error_fields" in found


# One home for "the request asks what a program prints or returns, or about a value"
# (`printed_object_signals.asks_value`), read by `object_repr` and `stand_in_leak`.
@pytest.mark.parametrize(
    "question",
    [
        "What does this script print when the loop ends?",
        "Why does my function return this instead of the text?",
        "I get None from get_user() - what's the value supposed to be?",
        "这段代码输出什么?",
        "What is the repr of an un-awaited coroutine?",
    ],
)
def test_asked_value_leaves_the_print(question: str) -> None:
    for text in ("<coroutine object Agent.reply at 0x7f3a2c1d9e40>", "None: None"):
        _, found = hand(text, question)
        assert "object_repr" not in found and "placeholder" not in found


def test_unasked_value_printed_still_caught() -> None:
    question = "Summarise the meeting notes in three bullet points."
    failure, found = hand("<coroutine object Agent.reply at 0x7f3a2c1d9e40>", question)
    assert failure and "object_repr" in found
    failure, found = hand("None: None", question)
    assert failure and "placeholder" in found
