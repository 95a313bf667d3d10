"""Round 20 (engineer 102): a model's output that is no language or no reply to the request,
read by `degenerate`. A chat template's markers left in the text (Gemma 4's one-pipe channel
tokens, Gemini's `<ctrl46>`, a stop token at the end of a long answer, `</s>`), gpt-oss's
channels run together once the Harmony tokens are stripped, every token said twice (a client
that appends the text so far to what it had), a tool call printed to a request that offered
no tools, and a "post nothing" word sent after the text. Such a text is no writer's: the
signals that read a writer's words (prose, "I", words shared with the question) do not count
for it. Made-up replies, both sides: people who talk about such tokens, show them in code or
quotes, repeat a word on purpose, or give JSON that was asked for."""

from __future__ import annotations

import pytest

from tests.reliability.judging import HAND, TASK, asked, hand
from tether.messages import Message, Request, ToolSpec, Turn
from tether.reliability.judge import judge


def hand_verdict(text: str, question: str = TASK) -> bool:
    """The whole judge with the hand signals alone (its quick clearing too)."""
    turn = Turn(content=text, finish_reason="stop", termination="stop")
    return judge(turn, asked(question), config=HAND) is not None


BROKEN = (
    # template markers bare
    ("<|turn>\nThe user greets me. I should greet back.\n<turn|>\nHi there!", "hi"),
    ("<ctrl99><ctrl99><ctrl99>", "What is the capital of Peru?"),
    ("Sure! The capital of Peru is Lima.<end_of_turn>", "What is the capital of Peru?"),
    ("The capital of Peru is Lima, a city on the Pacific coast.</s>", "Capital of Peru?"),
    ("[INST What is the capital of Peru? [/INST The capital", "What is the capital of Peru?"),
    (
        "Lima is the capital of Peru. " * 20 + "It sits on the coast.<|im_end|>",
        "Tell me about Lima.",
    ),
    # gpt-oss's channels glued to their text
    (
        "analysisThe user asks for the capital of Peru. Simple.assistantfinalLima.",
        "What is the capital of Peru?",
    ),
    # every token doubled or tripled
    (
        "SureSure,, the the capital capital of of Peru Peru is is Lima Lima..",
        "What is the capital of Peru?",
    ),
    (
        "I I fixed fixed the the test test by by sorting sorting the the keys keys",
        TASK,
    ),
    # a tool call printed to a request with no tools
    ('{"name": "web_search", "parameters": {"query": "capital of Peru"}}', "Capital of Peru?"),
    (
        '{"type": "function", "function": {"name": "read_file", "arguments": {"path": "a.py"}}}',
        "What does a.py do?",
    ),
    ('<tool_call>\n{"name": "search", "arguments": {"q": "Lima"}}\n</tool_call>', "Lima?"),
    # a "post nothing" word sent with the text
    ("No new orders today. NO_REPLY", "Any new orders?"),
    ("Nothing to add here.\n\n[[SILENT_REPLY]]", "Any news?"),
)


@pytest.mark.parametrize(("text", "question"), BROKEN)
def test_broken_output_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure and "degenerate" in names, names
    assert hand_verdict(text, question)


ANSWERS = (
    # talk about tokens, in code or with words of templates
    (
        "Gemma 4 wraps its reasoning in `<|channel>` and `<channel|>`; strip them before"
        " showing the reply.",
        "Why do I see channel tokens?",
    ),
    (
        "The stop token of Llama 3 is <|eot_id|>; add it to the stop list in your config so"
        " the template ends there.",
        "Why does the reply end with eot_id?",
    ),
    ("Use <s>old price</s> to strike the old price through.", "How do I strike text in HTML?"),
    # words repeated on purpose
    ("No no no, not that file: the test lives in tests/test_parse.py, not in src.", TASK),
    ("Bye bye! Glad it works now.", "Thanks, it works!"),
    ("It was very very slow before; now the parse takes 2 ms instead of 900 ms.", TASK),
    # JSON or a call asked for
    (
        '{"name": "get_weather", "parameters": {"city": "Lima"}}',
        "Write the function call JSON for getting the weather in Lima.",
    ),
    (
        '{"name": "Lima", "population": 10000000}',
        "Give me the capital of Peru and its population.",
    ),
    # a silence word talked about, or alone when the prompt asks for it
    ("If nothing needs an answer, the bot should reply NO_REPLY.", "How does the bot stay quiet?"),
    (
        "Everything is green.\n\nHEARTBEAT_OK",
        "Check the services. If nothing needs attention, reply HEARTBEAT_OK.",
    ),
)


@pytest.mark.parametrize(("text", "question"), ANSWERS)
def test_a_lookalike_answer_is_not(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure and "degenerate" not in names, names


def test_a_printed_call_to_a_request_with_tools_is_left_to_lost_tool_call() -> None:
    """With tools offered, the call is read against them (`lost_tool_call`), not here."""
    text = '{"name": "web_search", "parameters": {"query": "capital of Peru"}}'
    request = Request(
        messages=(Message.text("user", "Capital of Peru?"),),
        tools=(ToolSpec("web_search", "Search the web.", {"type": "object"}),),
    )
    failure, _ = hand(text, "Capital of Peru?")
    assert failure
    turn = Turn(content=text, finish_reason="stop", termination="stop")
    verdict = judge(turn, request, config=HAND)
    assert verdict is not None and verdict.kind == "lost_tool_call"


def test_a_broken_text_gets_no_credit_for_its_words() -> None:
    """The doubled text speaks as "I" and shares words with the task: those are no writer's."""
    text = "I I fixed fixed the the failing failing test test in in test_parse test_parse.py"
    failure, names = hand(text)
    assert failure
    assert not names & {"first_person", "on_topic", "explains", "prose"}, names


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    "text",
    [
        "<|eot_id|>" * 100_000,  # one token, a megabyte of it
        "".join(f"<|t{i}|>" for i in range(100_000)),  # as many distinct tokens
    ],
)
def test_a_megabyte_of_control_tokens_is_read_once(text: str) -> None:
    """A reply of nothing but control tokens is caught without searching the text once per
    token for a quoted one (found attacking the judge: a megabyte of `<|eot_id|>` was searched
    100,000 times over, ~10 minutes)."""
    turn = Turn(content=text, finish_reason="stop", termination="stop")
    verdict = judge(turn, asked())
    assert verdict is not None and verdict.kind == "gateway"
