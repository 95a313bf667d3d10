"""Round 32: `reply.py` split into modules that each answer one question, and two readings made
cheaper with no verdict moved: a role label on a line looked for by one search per set of marks
(`dialogue_signals.may_speak_both_sides`), and the vocabulary's sign and `re:` terms searched
branch by branch where each one's keys are (`term_search.Gate.other_found`)."""

from __future__ import annotations

import pytest

from tether.messages import Message, Request
from tether.reliability import dialogue_signals, reply
from tether.reliability.judge import DEFAULT_CONFIG
from tether.reliability.reply import Reply

# Every name `reply` offered before the split (imported from it by the signal modules).
_REPLY_NAMES = (
    *("DIAGNOSTIC", "FENCED_BLOCK", "HIT_WINDOW", "LEAD_IN", "LETTER", "LONG_CHARS"),
    *("MARKDOWN", "Precheck", "QUESTION_CHARS", "QUOTE", "QUOTE_PROSE_LETTERS", "RENDERING"),
    *("Reply", "SENTENCE", "SENTENCE_BREAK", "SHORT_CHARS", "STOCK_CHARS", "STOP", "Signal"),
    *("SignalFn", "TABLE_RULE", "TAIL_CHARS", "asks_a_question", "asks_after_silence"),
    *("composed", "count_letters", "display_size", "footer_at", "greeting", "is_footer"),
    *("question_words", "says_resolved", "specific", "split_sentences", "is_plain_task"),
    *("unfenced", "without_diagnostics", "STOCK_FROM", "SPECIFIC_MARK", "DURATION"),
)


def test_reply_still_offers_every_name() -> None:
    missing = [name for name in _REPLY_NAMES if not hasattr(reply, name)]
    assert missing == []
    assert set(_REPLY_NAMES) <= set(reply.__all__)


def _reply(text: str, question: str = "How is your day going?") -> Reply:
    request = Request(messages=(Message.text("user", question),))
    return Reply(text, request, None, DEFAULT_CONFIG.lexicon)


@pytest.mark.parametrize(
    "text",
    [
        # WORK, persona/en: asadofc/sakurachat-bot Sakura/Modules/messages.py
        "I'm feeling a bit slow today \U0001f634",
        # WORK, persona/en: JonathanDunkleberger/Kira_AI kira/chess/chess_agent.py
        "My chess brain didn\u2019t boot, one second.",
    ],
)
def test_own_state_reads_the_lexicons_self_part(text: str) -> None:
    # (the reading moved to `short_notice`: the stock part is named "self", not the reply)
    assert _reply(text).own_state is not None


def test_own_state_stays_none_on_a_reply_to_the_task() -> None:
    assert _reply("The test fails because the parser drops the last line.").own_state is None


def _old_may_speak_both_sides(text: str) -> bool:
    """`may_speak_both_sides` as it was: an `in` test per mark."""
    d = dialogue_signals
    if "#" in text and any(m in text for m in d._HASH_MARKS):
        return True
    if "\n" not in text:
        return False
    if any(m in text for m in d._LINE_MARKS):
        return True
    return "\n**" in text and any(m in text for m in d._BOLD_MARKS)


@pytest.mark.parametrize(
    "text",
    [
        "Sure, here is the fix.\nUser: thanks\nAssistant: you're welcome",
        "Done.\n**User:** and now?",
        "### Instruction: write more",
        "# instruction\nsomething",
        "A heading # with a hash but no role",
        "Plain text on one line",
        "Two lines\nof ordinary prose, no role word",
        "A user said\nuser: lower case is no label here",
        "\n**Bold** line with no role",
        "",
    ],
)
def test_role_marks_one_search_finds_what_the_in_tests_found(text: str) -> None:
    assert dialogue_signals.may_speak_both_sides(text) == _old_may_speak_both_sides(text)


@pytest.mark.parametrize(
    "low",
    [
        # the bench's relay notice (bench/judge.py NOTICE_300): holds "unavailable" ("avai")
        "upstream request failed: the model provider returned 503 service unavailable after 3 "
        "retries. please wait a moment and try again later.",
        "the model is not available right now",
        "no gpu is available",
        "kvoten er brugt op",
        "es gab einen fehler beim laden",
        "baglanamadi, tekrar deneyin",
        "rate limit (rpm) reached",
        "an ordinary answer with nothing of the kind",
        "",
    ],
)
def test_gate_branches_find_what_the_alternation_found(low: str) -> None:
    lexicon = DEFAULT_CONFIG.lexicon
    gates = [lexicon.gate, *lexicon.gates.values()]
    for gate in gates:
        if gate.other is None:
            assert gate.other_found(low) is False
        else:
            assert gate.other_found(low) == (gate.other.search(low) is not None)
