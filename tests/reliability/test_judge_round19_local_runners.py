"""Round 19 (engineer 96): local model runners. A broken local model still streams and
finishes with `stop`, and what it sends is no language (`degenerate`): one letter over and
over, its control tokens and template markers bare, a few words looping, a byte soup, the
user's message echoed. Answers that repeat on purpose (tables, code, ASCII art, separators, a
list the user asked for, a demanded short reply, a chat template explained) are left alone.
Made-up replies, both sides."""

from __future__ import annotations

from tests.reliability.judging import HAND, hand
from tether.messages import Message, Request
from tether.reliability.judge import read_text


def test_degenerate_output_is_a_failure() -> None:
    for text in (
        "GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG",
        "################################",
        '{"role": "assistant", "content": "AAAAAAAA"}',
        "Sure<|im_end|> the<|eot_id|>",
        "[INST] Explain recursion [/INST]",
        "<unk><unk><unk><unk><unk>",
        "ning the,ning the,ning the,ning the,ning the,ning the,ning the,ning the,",
        "Okay. answer\nanswer\nanswer\nanswer\nanswer\nanswer\nanswer\nanswer\n",
        "7&$#2(9@!%)3*;:8<>?/+4'^6~|=1[]5\\{}0,.-_`\"&$#@!%^*()+=;:<>?/|~",
    ):
        failure, names = hand(text)
        assert failure and "degenerate" in names, (names, text)


def test_a_reply_that_echoes_the_question_is_a_failure() -> None:
    question = "How do I reverse a linked list in place in C?"
    failure, names = hand(question, question)
    assert failure and "degenerate" in names, names


def test_answers_that_repeat_on_purpose_are_left_alone() -> None:
    for text, question in (
        ("| a | a |\n|---|---|\n| x | x |\n| x | x |\n| x | x |\n| x | x |\n| x | x |", ""),
        ("```\nok\nok\nok\nok\nok\nok\nok\n```", ""),
        ("==============================", ""),
        ("hahahahahahahahahahahahahaha", ""),
        ("I will not talk in class.\n" * 7, "Write 'I will not talk in class.' 7 times"),
        ("- item\n- item\n- item\n- item\n- item\n- item\n- item", ""),
        ("A", "Answer with one letter: which option is right, A or B?"),
        (
            "Llama 2 wraps each user turn in [INST] and [/INST]; the system prompt goes "
            "between <<SYS>> and <</SYS>>.",
            "",
        ),
        ("Stop generation on `<|eot_id|>` and you will not see it in the reply.", ""),
        ("  /\\_/\\\n ( o.o )\n  > ^ <\n /\\_/\\\n( o.o )\n > ^ <", "Draw two cats"),
        ("dGhpcyBpcyBhIHRlc3Qgb2YgYmFzZTY0IGVuY29kaW5nIGZvciB0aGUgc2FrZSBvZiBpdA==", ""),
    ):
        failure, names = hand(text, question) if question else hand(text)
        assert not failure and "degenerate" not in names, (names, text)


def test_a_text_given_back_under_a_proofreader_prompt_is_left_alone() -> None:
    text = "The quick brown fox jumps over the lazy dog near the river bank."
    request = Request(
        messages=(
            Message.text("system", "Proofread the user's text and return it corrected."),
            Message.text("user", text),
        )
    )
    found = read_text(text, request, config=HAND)
    assert not found.failure and "degenerate" not in {s.name for s in found.signals}


def test_local_runners_notices_are_failures() -> None:
    for text in (
        "No model loaded. Pick one in the sidebar to start chatting.",
        "llama runner process has terminated: signal: killed",
        "Model failed to start: the engine exited with code 1",
        "Not enough resources to load the model. Close other apps and retry.",
        "context shift is disabled",
        '{"detail": {"msg": "Model is still loading, retry shortly.", "type": '
        '"service_unavailable"}}',
    ):
        failure, names = hand(text)
        assert failure, (names, text)


def test_answers_about_local_runners_are_left_alone() -> None:
    for text in (
        "If no model is loaded, the server answers 404; I added a check in client.py that "
        "loads the default model before the first request, and the test passes now.",
        "The runner process has terminated because the container hit its memory limit. I "
        "raised the limit to 16 GB in docker-compose.yml and reran the suite: all green.",
        '{"status": "busy", "type": "worker", "message_count": 3}',
    ):
        failure, names = hand(text)
        assert not failure, (names, text)
